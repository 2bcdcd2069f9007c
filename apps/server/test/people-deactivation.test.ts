import { createHash } from 'node:crypto';
import { insertResetToken } from '@evident/db/queries/password-reset';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from './harness';
import { adminCookieIn, cookieOf } from './people-fixtures';
import { jsonHeaders as headers } from './rest-fixtures';

let env: TestEnv;
let app: Awaited<ReturnType<TestEnv['app']>>;
beforeAll(async () => {
  env = await createTestEnv();
  app = await env.app();
});
afterAll(async () => {
  await app.close();
  await env.close();
});

const adminCookie = () => adminCookieIn(env);

describe('people management over REST', () => {
  it('deactivates: sessions end, no sign-in, no reset, no viewing as; reactivation lets them sign in again', async () => {
    const { cookie } = await adminCookie();
    const student = await env.signedIn('student', {
      firstName: 'Dee',
      lastName: 'Active',
      email: 'dee@example.com',
    });
    expect(await (await student.caller()).auth.session.get()).not.toBeNull();

    const off = await app.inject({
      method: 'POST',
      url: `/api/admin/users/${student.user.id}/deactivate`,
      headers: { ...headers, cookie },
    });
    expect(off.statusCode).toBe(200);
    // Their session is gone at once.
    await expect((await student.caller()).auth.session.get()).resolves.toBeNull();

    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers,
      payload: { email: 'dee@example.com', password: student.password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.body).toBe('This account has been deactivated. Please contact your RTO administrator.');
    // A wrong password says nothing about the account.
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers,
      payload: { email: 'dee@example.com', password: 'not the password' },
    });
    expect(wrong.statusCode).toBe(401);

    const viewAs = await app.inject({
      method: 'POST',
      url: '/api/admin/impersonate',
      headers: { ...headers, cookie },
      payload: { userId: student.user.id },
    });
    expect(viewAs.statusCode).toBe(403);
    expect(viewAs.body).toBe('A deactivated user cannot be viewed as');

    const listed = await app.inject({
      method: 'GET',
      url: '/api/admin/users?status=deactivated&search=dee@',
      headers: { cookie },
    });
    expect(listed.json().users).toMatchObject([{ id: student.user.id, status: 'deactivated' }]);

    const on = await app.inject({
      method: 'POST',
      url: `/api/admin/users/${student.user.id}/reactivate`,
      headers: { ...headers, cookie },
    });
    expect(on.statusCode).toBe(200);
    const again = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers,
      payload: { email: 'dee@example.com', password: student.password },
    });
    expect(again.statusCode).toBe(200);

    const kinds = await app.inject({
      method: 'GET',
      url: `/api/admin/audit?userId=${student.user.id}`,
      headers: { cookie },
    });
    const actions = kinds.json().events.map((e: { action: string }) => e.action);
    // Newest first.
    expect(actions.slice(0, 5)).toEqual([
      'sign-in.success',
      'user.reactivate',
      'sign-in.failure',
      'sign-in.failure',
      'user.deactivate',
    ]);
  });

  it('refuses an admin deactivating themselves, unknown ids, and everyone but admins', async () => {
    const { admin, cookie } = await adminCookie();
    const self = await app.inject({
      method: 'POST',
      url: `/api/admin/users/${admin.user.id}/deactivate`,
      headers: { ...headers, cookie },
    });
    expect(self.statusCode).toBe(400);
    expect(self.body).toBe('You cannot deactivate your own account');
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/admin/users/00000000-0000-4000-8000-000000000000/deactivate',
      headers: { ...headers, cookie },
    });
    expect(unknown.statusCode).toBe(404);
    const assessor = await env.signedIn('assessor');
    const forbidden = await app.inject({
      method: 'POST',
      url: `/api/admin/users/${admin.user.id}/deactivate`,
      headers: { ...headers, cookie: cookieOf(assessor.sessionId) },
    });
    expect(forbidden.statusCode).toBe(403);
    const audit = await app.inject({
      method: 'GET',
      url: '/api/admin/audit',
      headers: { cookie: cookieOf(assessor.sessionId) },
    });
    expect(audit.statusCode).toBe(403);
  });

  it('a deactivated person’s reset link no longer works, and none is sent', async () => {
    const { cookie } = await adminCookie();
    const student = await env.signedIn('student', { email: 'reset-off@example.com' });
    await app.inject({
      method: 'POST',
      url: `/api/admin/users/${student.user.id}/deactivate`,
      headers: { ...headers, cookie },
    });
    const caller = await env.browser().caller();
    const answer = await caller.auth.password.requestReset({ email: 'reset-off@example.com' });
    expect(answer.message).toContain('If an account exists');
    // A link mailed before the deactivation does not set a password or sign anyone in.
    const token = 'a-link-mailed-before-deactivation';
    await insertResetToken(env.db, {
      tokenHash: createHash('sha256').update(token).digest('hex'),
      userId: student.user.id,
      expiresAt: new Date(Date.now() + 60_000),
    });
    await expect(caller.auth.password.reset({ token, password: 'a brand new password' })).rejects.toThrow(
      'Invalid or expired reset token',
    );
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers,
      payload: { email: 'reset-off@example.com', password: 'a brand new password' },
    });
    expect(login.statusCode).toBe(401);
  });
});
