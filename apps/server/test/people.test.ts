import { createHash } from 'node:crypto';
import { insertResetToken } from '@evident/db/queries/password-reset';
import { buildUser } from '@evident/db/testing/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from './harness';

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

const headers = { 'content-type': 'application/json', origin: 'http://localhost:80', host: 'localhost:80' };
const cookieOf = (sessionId: string | null) => `evident_session=${sessionId ?? ''}`;

async function adminCookie() {
  const admin = await env.signedIn('rto_admin', { firstName: 'Ada', lastName: 'Admin' });
  return { admin, cookie: cookieOf(admin.sessionId) };
}

describe('people management over REST', () => {
  it('keeps the plain list without parameters, and narrows it by search, role, status and page', async () => {
    const { cookie } = await adminCookie();
    await env.signedIn('student', { firstName: 'Zelda', lastName: 'Quokka', email: 'zq@example.com' });
    await env.signedIn('assessor', { firstName: 'Wendy', lastName: 'Waiting', approved: false });

    const plain = await app.inject({ method: 'GET', url: '/api/admin/users', headers: { cookie } });
    expect(plain.statusCode).toBe(200);
    expect(Array.isArray(plain.json())).toBe(true);

    const byName = await app.inject({
      method: 'GET',
      url: '/api/admin/users?search=quok',
      headers: { cookie },
    });
    expect(byName.json()).toMatchObject({
      total: 1,
      page: 1,
      users: [{ email: 'zq@example.com', status: 'active' }],
    });
    const byEmail = await app.inject({
      method: 'GET',
      url: '/api/admin/users?search=ZQ@EX',
      headers: { cookie },
    });
    expect(byEmail.json().total).toBe(1);
    const literal = await app.inject({
      method: 'GET',
      url: '/api/admin/users?search=%25',
      headers: { cookie },
    });
    expect(literal.json().total).toBe(0);

    const waiting = await app.inject({
      method: 'GET',
      url: '/api/admin/users?status=awaiting_approval',
      headers: { cookie },
    });
    expect(waiting.json().users.map((u: { lastName: string }) => u.lastName)).toEqual(['Waiting']);
    const admins = await app.inject({
      method: 'GET',
      url: '/api/admin/users?role=rto_admin',
      headers: { cookie },
    });
    expect(admins.json().users.every((u: { role: string }) => u.role === 'rto_admin')).toBe(true);

    const bad = await app.inject({ method: 'GET', url: '/api/admin/users?status=gone', headers: { cookie } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('status must be active, awaiting_approval or deactivated');
    const badPage = await app.inject({ method: 'GET', url: '/api/admin/users?page=0', headers: { cookie } });
    expect(badPage.statusCode).toBe(400);
  });

  it('pages 50 at a time', async () => {
    const { cookie } = await adminCookie();
    for (let i = 0; i < 55; i += 1) {
      await buildUser(env.db, {
        firstName: 'Pager',
        lastName: `P${String(i).padStart(2, '0')}`,
        email: `pager${i}@example.com`,
        role: 'student',
      });
    }
    const first = await app.inject({
      method: 'GET',
      url: '/api/admin/users?search=pager',
      headers: { cookie },
    });
    expect(first.json()).toMatchObject({ total: 55, pageSize: 50 });
    expect(first.json().users).toHaveLength(50);
    const second = await app.inject({
      method: 'GET',
      url: '/api/admin/users?search=pager&page=2',
      headers: { cookie },
    });
    expect(second.json().users.map((u: { lastName: string }) => u.lastName)).toEqual([
      'P50',
      'P51',
      'P52',
      'P53',
      'P54',
    ]);
  });

  it('changes a role between student and assessor, never an admin’s, and audits it', async () => {
    const { admin, cookie } = await adminCookie();
    const student = await env.signedIn('student', { firstName: 'Sam', lastName: 'Role' });
    const put = (id: string, role: string) =>
      app.inject({
        method: 'PUT',
        url: `/api/admin/users/${id}/role`,
        headers: { ...headers, cookie },
        payload: { role },
      });

    const changed = await put(student.user.id, 'assessor');
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ userId: student.user.id, role: 'assessor' });
    // Made an assessor by an admin: approved at once, so they may grade.
    const me = await (await student.caller()).auth.session.get();
    expect(me).toMatchObject({ role: 'assessor', awaitingApproval: false });

    expect((await put(student.user.id, 'rto_admin')).statusCode).toBe(400);
    const otherAdmin = await env.signedIn('rto_admin');
    const refused = await put(otherAdmin.user.id, 'student');
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toBe('An administrator’s role cannot be changed');

    const audit = await app.inject({
      method: 'GET',
      url: `/api/admin/audit?userId=${student.user.id}&kind=user.role-change`,
      headers: { cookie },
    });
    expect(audit.json().events).toMatchObject([
      {
        action: 'user.role-change',
        actorId: admin.user.id,
        actorName: 'Ada Admin',
        subjectName: 'Sam Role',
        detail: { from: 'student', to: 'assessor' },
      },
    ]);
  });

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

describe('the audit trail', () => {
  it('records sign-in success and failure, impersonation with both identities, and filters by kind, date and page', async () => {
    const { admin, cookie } = await adminCookie();
    const student = await env.signedIn('student', { firstName: 'Ivy', lastName: 'Viewed' });
    await (await env.browser().caller()).auth.session
      .login({ email: student.user.email, password: 'wrong password!' })
      .catch(() => {});

    const view = await app.inject({
      method: 'POST',
      url: '/api/admin/impersonate',
      headers: { ...headers, cookie },
      payload: { userId: student.user.id },
    });
    expect(view.statusCode).toBe(200);
    const stop = await app.inject({
      method: 'POST',
      url: '/api/admin/stop-impersonation',
      headers: { ...headers, cookie },
    });
    expect(stop.statusCode).toBe(200);

    const rows = (
      await app.inject({
        method: 'GET',
        url: `/api/admin/audit?userId=${student.user.id}`,
        headers: { cookie },
      })
    ).json();
    expect(rows.events.map((e: { action: string }) => e.action)).toEqual([
      'impersonation.stop',
      'impersonation.start',
      'sign-in.failure',
      'sign-in.success',
    ]);
    expect(rows.events[1]).toMatchObject({
      actorId: admin.user.id,
      actorName: 'Ada Admin',
      subjectName: 'Ivy Viewed',
      label: 'Started viewing as',
    });
    expect(rows.events[2]).toMatchObject({ actorId: null, detail: { reason: 'wrong email or password' } });

    const today = new Date().toISOString().slice(0, 10);
    const dated = await app.inject({
      method: 'GET',
      url: `/api/admin/audit?from=${today}&to=${today}&kind=impersonation.start`,
      headers: { cookie },
    });
    expect(dated.json().events.length).toBeGreaterThan(0);
    const future = await app.inject({
      method: 'GET',
      url: '/api/admin/audit?from=2999-01-01',
      headers: { cookie },
    });
    expect(future.json()).toMatchObject({ events: [], total: 0 });
    const bad = await app.inject({
      method: 'GET',
      url: '/api/admin/audit?from=yesterday',
      headers: { cookie },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('must be a date such as 2026-03-01');

    const csv = await app.inject({
      method: 'GET',
      url: `/api/admin/audit.csv?userId=${student.user.id}`,
      headers: { cookie },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Time (UTC),Event,Kind,By,Acting as,Subject,Detail');
    expect(lines).toHaveLength(5);
    expect(lines[2]).toContain('Started viewing as,impersonation.start,Ada Admin,,Ivy Viewed');
  });

  it('keeps a row, with the names it recorded, after the person is deleted', async () => {
    const { cookie } = await adminCookie();
    const gone = await env.signedIn('student', { firstName: 'Gone', lastName: 'Person' });
    await app.inject({
      method: 'POST',
      url: `/api/admin/users/${gone.user.id}/deactivate`,
      headers: { ...headers, cookie },
    });
    const { users } = await import('@evident/db/schema');
    const { eq } = await import('drizzle-orm');
    await env.db.delete(users).where(eq(users.id, gone.user.id));
    const rows = (
      await app.inject({
        method: 'GET',
        url: `/api/admin/audit?userId=${gone.user.id}&kind=user.deactivate`,
        headers: { cookie },
      })
    ).json();
    expect(rows.events).toMatchObject([{ subjectId: gone.user.id, subjectName: 'Gone Person' }]);
  });
});
