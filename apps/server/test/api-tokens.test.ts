import { apiTokens } from '@evident/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from './harness';
import { cookieOf, sameOrigin, tokenIssuer, withToken } from './token-fixtures';

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

const issue = tokenIssuer(() => app);

describe('API tokens over REST', () => {
  it('issues a token shown once, lists it without its secret, and the token answers as its user', async () => {
    const admin = await env.signedIn('rto_admin');
    const assessor = await env.signedIn('assessor');
    const { id, token } = await issue(admin, assessor.user.id, {
      name: 'Matrix export',
      scope: 'read',
      expiresInDays: 30,
    });
    expect(token).toMatch(/^evd_[\w-]{40,}$/);

    const [stored] = await env.db.select().from(apiTokens).where(eq(apiTokens.id, id));
    expect(stored?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.tokenHash).not.toContain(token.slice(4));
    const days = ((stored?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(30);

    const listed = await app.inject({
      method: 'GET',
      url: `/api/admin/users/${assessor.user.id}/tokens`,
      headers: { cookie: cookieOf(admin) },
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([
      expect.objectContaining({
        id,
        name: 'Matrix export',
        scope: 'read',
        status: 'active',
        lastUsedAt: null,
      }),
    ]);
    expect(listed.body).not.toContain(token);
    expect(listed.body).not.toContain(stored?.tokenHash);

    const me = await app.inject({ method: 'GET', url: '/api/auth/user', headers: withToken(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: assessor.user.id, role: 'assessor', isImpersonating: false });
    // The tRPC endpoint answers the same token the same way.
    const trpc = await app.inject({
      method: 'GET',
      url: '/trpc/auth.session.get',
      headers: withToken(token),
    });
    expect(trpc.statusCode).toBe(200);
    expect(trpc.json().result.data.id).toBe(assessor.user.id);
  });

  it('defaults to 90 days and refuses a bad request with a clear 400', async () => {
    const admin = await env.signedIn('rto_admin');
    const student = await env.signedIn('student');
    const { id } = await issue(admin, student.user.id, { name: 'Default', scope: 'write' });
    const [stored] = await env.db.select().from(apiTokens).where(eq(apiTokens.id, id));
    expect(Math.round(((stored?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000)).toBe(90);

    const bad = await app.inject({
      method: 'POST',
      url: `/api/admin/users/${student.user.id}/tokens`,
      headers: { cookie: cookieOf(admin), 'content-type': 'application/json', ...sameOrigin },
      payload: JSON.stringify({ name: 'x', scope: 'admin' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("scope must be 'read' or 'write'");
    const nobody = await app.inject({
      method: 'POST',
      url: '/api/admin/users/00000000-0000-4000-8000-000000000000/tokens',
      headers: { cookie: cookieOf(admin), 'content-type': 'application/json', ...sameOrigin },
      payload: JSON.stringify({ name: 'x', scope: 'read' }),
    });
    expect(nobody.statusCode).toBe(404);
  });

  it('refuses a missing, malformed, unknown, expired and revoked token, each with 401 and its reason', async () => {
    const admin = await env.signedIn('rto_admin');
    const student = await env.signedIn('student');
    const call = (headers: Record<string, string>) =>
      app.inject({ method: 'GET', url: '/api/student/tasks', headers });

    const empty = await call({ authorization: 'Bearer ' });
    expect([empty.statusCode, empty.body]).toEqual([401, 'Invalid API token']);
    const malformed = await call(withToken('not-a-token'));
    expect([malformed.statusCode, malformed.body]).toEqual([401, 'Invalid API token']);
    const unknown = await call(withToken(`evd_${'A'.repeat(43)}`));
    expect([unknown.statusCode, unknown.body]).toEqual([401, 'Invalid API token']);
    const none = await call({});
    expect([none.statusCode, none.body]).toEqual([401, 'Please sign in to continue']);

    const expiring = await issue(admin, student.user.id);
    expect((await call(withToken(expiring.token))).statusCode).toBe(200);
    await env.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, expiring.id));
    const expired = await call(withToken(expiring.token));
    expect([expired.statusCode, expired.body]).toEqual([401, 'This API token has expired']);

    const revoking = await issue(admin, student.user.id);
    expect((await call(withToken(revoking.token))).statusCode).toBe(200);
    const revoke = await app.inject({
      method: 'DELETE',
      url: `/api/admin/tokens/${revoking.id}`,
      headers: { cookie: cookieOf(admin), ...sameOrigin },
    });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json()).toEqual({ id: revoking.id, revoked: true });
    // At once: the very next call is refused, on REST and on tRPC.
    const revoked = await call(withToken(revoking.token));
    expect([revoked.statusCode, revoked.body]).toEqual([401, 'This API token has been revoked']);
    const trpc = await app.inject({
      method: 'GET',
      url: '/trpc/auth.session.get',
      headers: withToken(revoking.token),
    });
    expect(trpc.statusCode).toBe(401);
  });

  it('a read token reads but calls no mutation, over tRPC or any REST method but GET', async () => {
    const admin = await env.signedIn('rto_admin');
    const { token } = await issue(admin, admin.user.id, { name: 'Reader', scope: 'read' });
    const list = await app.inject({ method: 'GET', url: '/api/admin/units', headers: withToken(token) });
    expect(list.statusCode).toBe(200);

    const create = await app.inject({
      method: 'POST',
      url: '/api/admin/units',
      headers: withToken(token, { 'content-type': 'application/json' }),
      payload: JSON.stringify({ unitCode: 'READ001', title: 'Never made' }),
    });
    expect([create.statusCode, create.body]).toEqual([403, 'This API token is read-only']);
    const logout = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: withToken(token) });
    expect(logout.statusCode).toBe(403);
    const trpc = await app.inject({
      method: 'POST',
      url: '/trpc/admin.units.create',
      headers: withToken(token, { 'content-type': 'application/json' }),
      payload: JSON.stringify({ unitCode: 'READ002', title: 'Never made' }),
    });
    expect(trpc.statusCode).toBe(403);
    expect(trpc.json().error.message).toBe('This API token is read-only');
  });
});
