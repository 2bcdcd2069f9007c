import type { TestEnv } from './harness';

export const cookieOf = (sessionId: string | null) => `evident_session=${sessionId ?? ''}`;

/** Ada Admin, signed in, and the cookie that carries her session. */
export async function adminCookieIn(env: TestEnv) {
  const admin = await env.signedIn('rto_admin', { firstName: 'Ada', lastName: 'Admin' });
  return { admin, cookie: cookieOf(admin.sessionId) };
}
