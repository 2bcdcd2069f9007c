import { createContext } from '@evident/api/context';
import { createCaller } from '@evident/api/root';
import { apiTokens, auditEvents, sessions, users } from '@evident/db/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from './harness';
import { refusal } from './refusal';
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

async function tokenCaller(token: string) {
  const ctx = await createContext(env.services, {
    ip: '127.0.0.1',
    authentication: env.services.authenticator.authenticate({ authorization: `Bearer ${token}` }),
    setCookie() {},
  });
  return createCaller(ctx);
}

describe('API tokens over REST', () => {
  it('a token acts with its own role and approval, and never impersonates or mints tokens', async () => {
    const admin = await env.signedIn('rto_admin');
    const student = await env.signedIn('student');
    const waiting = await env.signedIn('assessor', { approved: false });
    const studentToken = (await issue(admin, student.user.id)).token;
    const waitingToken = (await issue(admin, waiting.user.id)).token;
    const adminToken = (await issue(admin, admin.user.id)).token;

    const asStudent = await app.inject({
      method: 'GET',
      url: '/api/admin/units',
      headers: withToken(studentToken),
    });
    expect(asStudent.statusCode).toBe(403);
    const unapproved = await app.inject({
      method: 'GET',
      url: '/api/assessor/submissions',
      headers: withToken(waitingToken),
    });
    expect(unapproved.statusCode).toBe(403);
    expect(unapproved.body).toContain('must approve your assessor account');

    const caller = await tokenCaller(adminToken);
    expect(await refusal(caller.admin.impersonation.start({ userId: student.user.id }))).toBe(
      'FORBIDDEN: Viewing the app as someone else needs a signed-in session',
    );
    expect(
      await refusal(caller.admin.tokens.issue({ userId: student.user.id, name: 'x', scope: 'write' })),
    ).toBe('FORBIDDEN: API tokens can only be issued or revoked from a signed-in session');
  });

  it('a write token works with a cross-site Origin (no cookie path), and a bearer header means the cookie is never read', async () => {
    const admin = await env.signedIn('rto_admin');
    const { token } = await issue(admin, admin.user.id);
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/units',
      headers: withToken(token, {
        'content-type': 'application/json',
        origin: 'https://elsewhere.example',
        host: 'localhost:80',
      }),
      payload: JSON.stringify({ unitCode: 'TOKEN001', title: 'Made by a script' }),
    });
    expect(created.statusCode, created.body).toBe(200);

    // A valid session cookie beside a bad token: the token decides, and the cookie does not rescue it.
    const mixed = await app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: cookieOf(admin), authorization: 'Bearer evd_wrong' },
    });
    expect(mixed.statusCode).toBe(401);

    // The cookie path keeps its Origin check.
    const crossSite = await app.inject({
      method: 'POST',
      url: '/api/admin/units',
      headers: {
        cookie: cookieOf(admin),
        'content-type': 'application/json',
        origin: 'https://evil.example',
      },
      payload: JSON.stringify({ unitCode: 'CSRF001', title: 'Never made' }),
    });
    expect([crossSite.statusCode, crossSite.body]).toEqual([403, 'Cross-site request refused']);
  });

  it('a deactivated person gets no principal: their token is refused and their session reads as signed out', async () => {
    const admin = await env.signedIn('rto_admin');
    const assessor = await env.signedIn('assessor');
    const { token } = await issue(admin, assessor.user.id);
    const session = await env.sessionFor(assessor.user.id);
    expect((await (await session.caller()).auth.session.get())?.id).toBe(assessor.user.id);

    await env.db
      .update(users)
      .set({ deactivatedAt: new Date(), deactivatedBy: admin.user.id })
      .where(eq(users.id, assessor.user.id));
    const byToken = await app.inject({ method: 'GET', url: '/api/auth/user', headers: withToken(token) });
    expect([byToken.statusCode, byToken.body]).toEqual([401, 'This account has been deactivated']);
    expect(await (await session.caller()).auth.session.get()).toBeNull();
    const byCookie = await app.inject({
      method: 'GET',
      url: '/api/assessor/submissions',
      headers: { cookie: `evident_session=${session.sessionId}` },
    });
    expect(byCookie.statusCode).toBe(401);
    // An admin viewing as a person who is then deactivated sees the app as themselves again.
    const student = await env.signedIn('student');
    const viewing = await env.sessionFor(admin.user.id);
    await env.db
      .update(sessions)
      .set({ actingAsUserId: student.user.id })
      .where(eq(sessions.id, viewing.sessionId ?? ''));
    expect((await (await viewing.caller()).auth.session.get())?.id).toBe(student.user.id);
    await env.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, student.user.id));
    expect((await (await viewing.caller()).auth.session.get())?.id).toBe(admin.user.id);
  });

  it('records last use at most once a minute, and audits issue, first use and revocation', async () => {
    const admin = await env.signedIn('rto_admin');
    const student = await env.signedIn('student');
    const { id, token } = await issue(admin, student.user.id);
    const lastUsed = async () =>
      (await env.db.select().from(apiTokens).where(eq(apiTokens.id, id)))[0]?.lastUsedAt ?? null;

    await app.inject({ method: 'GET', url: '/api/student/tasks', headers: withToken(token) });
    const first = await lastUsed();
    expect(first).toBeInstanceOf(Date);
    await app.inject({ method: 'GET', url: '/api/student/tasks', headers: withToken(token) });
    expect(await lastUsed()).toEqual(first);
    // A minute later the time moves again.
    await env.db
      .update(apiTokens)
      .set({ lastUsedAt: new Date(Date.now() - 61_000) })
      .where(eq(apiTokens.id, id));
    await app.inject({ method: 'GET', url: '/api/student/tasks', headers: withToken(token) });
    expect((await lastUsed())?.getTime()).toBeGreaterThan(Date.now() - 10_000);

    await app.inject({
      method: 'DELETE',
      url: `/api/admin/tokens/${id}`,
      headers: { cookie: cookieOf(admin), ...sameOrigin },
    });
    const events = await env.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, student.user.id)));
    const actions = events.filter((e) => e.detail.tokenId === id).map((e) => [e.action, e.actorId]);
    expect(actions.sort()).toEqual(
      [
        ['token.first_used', student.user.id],
        ['token.issued', admin.user.id],
        ['token.revoked', admin.user.id],
      ].sort(),
    );
  });
});

describe('the report download goes through the same seam', () => {
  it('takes a token with its role, and refuses a bad one with 401', async () => {
    const admin = await env.signedIn('rto_admin');
    const student = await env.signedIn('student');
    const assessor = await env.signedIn('assessor');
    const pdf = `/api/assessor/reports/${student.user.id}/00000000-0000-4000-8000-000000000000.pdf`;
    const asAssessor = await app.inject({
      method: 'GET',
      url: pdf,
      headers: withToken((await issue(admin, assessor.user.id, { name: 'r', scope: 'read' })).token),
    });
    // Signed in as the assessor: past the role check, to a unit that does not exist.
    expect(asAssessor.statusCode).toBe(404);
    const asStudent = await app.inject({
      method: 'GET',
      url: pdf,
      headers: withToken((await issue(admin, student.user.id)).token),
    });
    expect(asStudent.statusCode).toBe(403);
    const bad = await app.inject({
      method: 'GET',
      url: pdf,
      headers: withToken('evd_nothing-like-a-real-token-0000'),
    });
    expect([bad.statusCode, bad.body]).toEqual([401, 'Invalid API token']);
  });
});

describe('API tokens from the account page', () => {
  it('anyone issues, lists and revokes their own, and cannot touch another person’s', async () => {
    const student = await env.signedIn('student');
    const other = await env.signedIn('student');
    const caller = await student.caller();
    const issued = await caller.account.tokens.issue({ name: 'My script', scope: 'read', expiresInDays: 7 });
    expect(issued.token).toMatch(/^evd_/);
    expect(await caller.account.tokens.list()).toEqual([
      expect.objectContaining({ id: issued.id, name: 'My script', scope: 'read', status: 'active' }),
    ]);
    expect(await (await other.caller()).account.tokens.list()).toEqual([]);
    expect(await refusal((await other.caller()).account.tokens.revoke({ tokenId: issued.id }))).toBe(
      'NOT_FOUND: Token not found',
    );
    await caller.account.tokens.revoke({ tokenId: issued.id });
    expect((await caller.account.tokens.list())[0]?.status).toBe('revoked');
    expect(await refusal((await tokenCaller(issued.token)).auth.session.get())).toBe(
      'UNAUTHORIZED: This API token has been revoked',
    );
  });
});
