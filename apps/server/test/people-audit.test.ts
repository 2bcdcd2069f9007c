import { serverTimeZone, timeZoneLabel } from '@evident/core/time-zone';
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
    expect(lines[0]).toBe(
      `Time in ${timeZoneLabel(serverTimeZone())},Event,Kind,By,Acting as,Subject,Detail`,
    );
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
