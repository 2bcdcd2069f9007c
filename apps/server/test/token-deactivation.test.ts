import { apiTokens, auditEvents } from '@evident/db/schema';
import { and, eq } from 'drizzle-orm';
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

const sameOrigin = { origin: 'http://localhost:80', host: 'localhost:80' };
const cookieOf = (browser: { sessionId: string | null }) => `evident_session=${browser.sessionId}`;

async function asAdmin(
  admin: { sessionId: string | null },
  method: 'POST' | 'DELETE',
  url: string,
  body?: unknown,
) {
  const response = await app.inject({
    method,
    url,
    headers: {
      cookie: cookieOf(admin),
      ...sameOrigin,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const tasksWith = (token: string) =>
  app.inject({ method: 'GET', url: '/api/student/tasks', headers: { authorization: `Bearer ${token}` } });

describe('deactivating a person', () => {
  it('revokes their API tokens, audited, so reactivating them does not bring the tokens back', async () => {
    const admin = await env.signedIn('rto_admin');
    const student = await env.signedIn('student');
    const issued = (await asAdmin(admin, 'POST', `/api/admin/users/${student.user.id}/tokens`, {
      name: 'Nightly export',
      scope: 'read',
    })) as { id: string; token: string };
    const spare = (await asAdmin(admin, 'POST', `/api/admin/users/${student.user.id}/tokens`, {
      name: 'Spare',
      scope: 'read',
    })) as { id: string; token: string };
    // Revoked before: deactivation leaves its time and its one audit row as they were.
    await asAdmin(admin, 'DELETE', `/api/admin/tokens/${spare.id}`);
    const [spareBefore] = await env.db.select().from(apiTokens).where(eq(apiTokens.id, spare.id));
    expect((await tasksWith(issued.token)).statusCode).toBe(200);

    await asAdmin(admin, 'POST', `/api/admin/users/${student.user.id}/deactivate`);
    const [row] = await env.db.select().from(apiTokens).where(eq(apiTokens.id, issued.id));
    expect(row?.revokedAt).toBeInstanceOf(Date);
    expect(row?.revokedBy).toBe(admin.user.id);

    await asAdmin(admin, 'POST', `/api/admin/users/${student.user.id}/reactivate`);
    const after = await tasksWith(issued.token);
    expect([after.statusCode, after.body]).toEqual([401, 'This API token has been revoked']);

    const [spareAfter] = await env.db.select().from(apiTokens).where(eq(apiTokens.id, spare.id));
    expect(spareAfter?.revokedAt).toEqual(spareBefore?.revokedAt);
    const revocations = await env.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, student.user.id), eq(auditEvents.action, 'token.revoked')));
    expect(revocations.map((event) => [event.detail.tokenId, event.actorId]).sort()).toEqual(
      [
        [issued.id, admin.user.id],
        [spare.id, admin.user.id],
      ].sort(),
    );
  });

  it('a token issued after reactivation works', async () => {
    const admin = await env.signedIn('rto_admin');
    const student = await env.signedIn('student');
    await asAdmin(admin, 'POST', `/api/admin/users/${student.user.id}/deactivate`);
    await asAdmin(admin, 'POST', `/api/admin/users/${student.user.id}/reactivate`);
    const fresh = (await asAdmin(admin, 'POST', `/api/admin/users/${student.user.id}/tokens`, {
      name: 'After return',
      scope: 'read',
    })) as { token: string };
    expect((await tasksWith(fresh.token)).statusCode).toBe(200);
  });
});
