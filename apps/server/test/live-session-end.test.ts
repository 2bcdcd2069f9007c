import type { AddressInfo } from 'node:net';
import { sessionRecheckMs } from '@evident/api/services';
import { users } from '@evident/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from './harness';
import { openHttpStream } from './live-fixtures';
import { resetLinkFor } from './mail-fixtures';

let env: TestEnv;
let app: Awaited<ReturnType<TestEnv['app']>>;
let port: number;
beforeAll(async () => {
  env = await createTestEnv();
  app = await env.app();
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await app.close();
  await env.close();
});

/** A real live stream over HTTP with this session's cookie, as a browser's EventSource opens it. */
const openSessionStream = (sessionId: string | null) =>
  openHttpStream(`http://127.0.0.1:${port}/trpc/live.events.stream`, {
    cookie: `${env.services.sessions.cookieName}=${sessionId}`,
    origin: `http://127.0.0.1:${port}`,
  });

async function connected(sessionId: string | null) {
  const stream = await openSessionStream(sessionId);
  await stream.readUntil('"type":"connected"');
  return stream;
}

describe('an open live stream ends when its session no longer stands as it did', () => {
  it('ends after the person signs out (the end carries no return event, so a browser reconnects)', async () => {
    const student = await env.signedIn('student');
    const { sessionId } = student;
    const stream = await connected(sessionId);
    await (await student.caller()).auth.session.logout();
    const text = await stream.ended();
    expect(text).not.toContain('event: return');
    // The reconnect a browser then makes is refused.
    const again = await openSessionStream(sessionId);
    await again.readUntil('Please sign in to continue');
    again.close();
  });

  it('ends after a password reset that ended all of the person’s sessions', async () => {
    const student = await env.signedIn('student', { email: 'reset-stream@example.com' });
    const stream = await connected(student.sessionId);
    await (await env.browser().caller()).auth.password.requestReset({ email: student.user.email });
    const token = (await resetLinkFor(env, student.user.email)).searchParams.get('token') ?? '';
    await (await env.browser().caller()).auth.password.reset({ token, password: 'a-brand-new-secret' });
    await stream.ended();
  });

  it('ends when an admin approves a waiting assessor', async () => {
    const pending = await env.signedIn('assessor', { approved: false });
    const admin = await env.signedIn('rto_admin');
    const stream = await connected(pending.sessionId);
    await (await admin.caller()).admin.users.approve({ userId: pending.user.id });
    const text = await stream.ended();
    // Their own account's change still reached them before the end.
    expect(text).toContain(`"userId":"${pending.user.id}"`);
  });

  it('ends when the person’s role changes or they are deactivated', async () => {
    const student = await env.signedIn('student');
    const other = await env.signedIn('student');
    const roleStream = await connected(student.sessionId);
    const activeStream = await connected(other.sessionId);
    await env.db.update(users).set({ role: 'assessor' }).where(eq(users.id, student.user.id));
    await env.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, other.user.id));
    await Promise.all([roleStream.ended(), activeStream.ended()]);
  });

  it('ends when an admin starts or stops viewing the app as someone', async () => {
    const admin = await env.signedIn('rto_admin');
    const student = await env.signedIn('student');
    const before = await connected(admin.sessionId);
    await (await admin.caller()).admin.impersonation.start({ userId: student.user.id });
    await before.ended();
    const during = await connected(admin.sessionId);
    await (await admin.caller()).admin.impersonation.stop();
    await during.ended();
  });

  it('keeps a stream open while nothing about its session changes', async () => {
    const student = await env.signedIn('student');
    const other = await env.signedIn('student');
    const stream = await connected(student.sessionId);
    // Someone else signing out or changing touches this stream not at all: it still carries news.
    await (await other.caller()).auth.session.logout();
    await env.services.events.publish({ type: 'user.changed', userId: other.user.id });
    await env.services.events.publish({ type: 'user.changed', userId: student.user.id });
    await stream.readUntil(`"userId":"${student.user.id}"`);
    // Past a recheck or two, the stream is still there to carry the next message.
    await new Promise((resolve) => setTimeout(resolve, sessionRecheckMs * 2));
    await env.services.events.publish({ type: 'user.changed', userId: student.user.id });
    await stream.readUntil(`"userId":"${student.user.id}"`, 2);
    stream.close();
  });
});

/**
 * Identity is decided once (packages/auth/src/authenticate.ts): a request and an open stream meet the
 * same rules, so each case below is checked on both transports.
 */
describe('a request and an open stream are served by the same rule', () => {
  const userOf = async (headers: Record<string, string>) => {
    const response = await app.inject({ method: 'GET', url: '/api/auth/user', headers });
    return { status: response.statusCode, body: response.body };
  };

  it('the person an admin views as is deactivated: both serve the admin as themselves, and stay open', async () => {
    const admin = await env.signedIn('rto_admin');
    const student = await env.signedIn('student');
    await (await admin.caller()).admin.impersonation.start({ userId: student.user.id });
    const cookie = `${env.services.sessions.cookieName}=${admin.sessionId}`;
    const viewing = await connected(admin.sessionId);
    await env.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, student.user.id));

    const request = await userOf({ cookie });
    expect(request.status).toBe(200);
    expect(JSON.parse(request.body)).toMatchObject({ id: admin.user.id, isImpersonating: false });
    // The stream served someone else until now: it ends, and the browser's reconnect serves the admin.
    await viewing.ended();
    const again = await connected(admin.sessionId);
    // Past two rechecks, the stream is still the admin's, as every request now is.
    await new Promise((resolve) => setTimeout(resolve, sessionRecheckMs * 2));
    await env.services.events.publish({ type: 'user.changed', userId: admin.user.id });
    await again.readUntil(`"userId":"${admin.user.id}"`);
    again.close();
  });

  it('a revoked API token: the request is refused and the open stream ends', async () => {
    const assessor = await env.signedIn('assessor');
    const caller = await assessor.caller();
    const issued = await caller.account.tokens.issue({ name: 'stream', scope: 'read', expiresInDays: 7 });
    const authorization = `Bearer ${issued.token}`;
    const stream = await openHttpStream(`http://127.0.0.1:${port}/trpc/live.events.stream`, {
      authorization,
    });
    await stream.readUntil('"type":"connected"');
    expect((await userOf({ authorization })).status).toBe(200);
    await caller.account.tokens.revoke({ tokenId: issued.id });
    expect(await userOf({ authorization })).toEqual({ status: 401, body: 'This API token has been revoked' });
    await stream.ended();
  });
});
