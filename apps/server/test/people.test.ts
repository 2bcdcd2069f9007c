import { buildUser } from '@evident/db/testing/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from './harness';
import { adminCookieIn } from './people-fixtures';
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
});
