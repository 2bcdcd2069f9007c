import { staffLinkMessage } from '@evident/api/services';
import { identities, sessions, users } from '@evident/db/schema';
import { buildUser } from '@evident/db/testing/factories';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from './harness';
import { startTestProvider } from './oidc-provider';

const callbackUrl = 'http://evident.test/api/login/callback';
let provider: Awaited<ReturnType<typeof startTestProvider>>;
let env: TestEnv;
let app: Awaited<ReturnType<TestEnv['app']>>;

beforeAll(async () => {
  provider = await startTestProvider({ redirectUris: [callbackUrl] });
  env = await createTestEnv({
    env: {
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_NAME: 'Test Provider',
    },
  });
  app = await env.app();
});
afterAll(async () => {
  await app.close();
  await env.close();
  await provider.close();
});

const cookieValue = (setCookie: string | string[] | undefined, name: string) =>
  ([] as string[])
    .concat(setCookie ?? [])
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0];

/** Starts at /api/login and signs in at the provider as `login`; answers the callback URL it sends back. */
async function throughProvider(login: string, startUrl = '/api/login') {
  const start = await app.inject({ method: 'GET', url: startUrl });
  expect(start.statusCode).toBe(302);
  const checks = cookieValue(start.headers['set-cookie'], 'evident_sso') ?? '';
  expect(checks).toMatch(/^evident_sso=./);
  const jar = new Map<string, string>();
  let url = String(start.headers.location);
  expect(url.startsWith(provider.issuer)).toBe(true);
  expect(new URL(url).searchParams.get('code_challenge_method')).toBe('S256');
  let init: RequestInit = {};
  for (let hop = 0; hop < 10; hop += 1) {
    if (url.startsWith(callbackUrl)) return { callback: new URL(url), checks };
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers ?? {}), cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eqAt = pair?.indexOf('=') ?? -1;
      if (pair && eqAt > 0) jar.set(pair.slice(0, eqAt), pair.slice(eqAt + 1));
    }
    if (res.status === 200 && url.includes('/interaction/')) {
      init = {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ login }).toString(),
      };
      continue;
    }
    init = {};
    const location = res.headers.get('location');
    if (!location) throw new Error(`provider answered ${res.status} at ${url}: ${await res.text()}`);
    url = new URL(location, url).href;
  }
  throw new Error('too many redirects');
}

async function finish(callback: URL, checks: string, accept?: string) {
  return app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    headers: { cookie: checks, ...(accept ? { accept } : {}) },
  });
}

describe('single sign-on through a real OpenID provider', () => {
  it('offers the provider by name', async () => {
    const options = await (await env.browser().caller()).auth.signInOptions.get();
    expect(options).toEqual({ singleSignOn: { name: 'Test Provider' } });
  });

  it('a new person signs in, becomes a student, lands on the dashboard signed in, and comes back as the same person', async () => {
    provider.accounts.set('sub-new', {
      email: 'New.Person@example.com',
      givenName: 'Nora',
      familyName: 'New',
    });
    const { callback, checks } = await throughProvider('sub-new');
    const done = await finish(callback, checks);
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/dashboard');
    const session = cookieValue(done.headers['set-cookie'], 'evident_session') ?? '';
    const me = await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: session } });
    expect(me.json()).toMatchObject({
      firstName: 'Nora',
      lastName: 'New',
      email: 'new.person@example.com',
      role: 'student',
    });
    const [row] = await env.db.select().from(sessions).where(eq(sessions.userId, me.json().id));
    expect(row?.authMethod).toBe('oidc');

    const again = await throughProvider('sub-new');
    const second = await finish(again.callback, again.checks);
    const me2 = await app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: cookieValue(second.headers['set-cookie'], 'evident_session') ?? '' },
    });
    expect(me2.json().id).toBe(me.json().id);
    const linked = await env.db.select().from(identities).where(eq(identities.userId, me.json().id));
    expect(linked).toMatchObject([{ kind: 'oidc', issuer: provider.issuer, subject: 'sub-new' }]);
  });

  it('returns to the path the sign-in began on (a class invitation link), never to another site', async () => {
    provider.accounts.set('sub-return', {
      email: 'return@example.com',
      givenName: 'Rae',
      familyName: 'Turn',
    });
    const back = await throughProvider(
      'sub-return',
      `/api/login?returnTo=${encodeURIComponent('/join/abc123?x=1')}`,
    );
    expect((await finish(back.callback, back.checks)).headers.location).toBe('/join/abc123?x=1');
    for (const elsewhere of [
      '//evil.example/join',
      '/\\evil.example/join',
      'https://evil.example/',
      'join',
    ]) {
      const run = await throughProvider('sub-return', `/api/login?returnTo=${encodeURIComponent(elsewhere)}`);
      expect((await finish(run.callback, run.checks)).headers.location, elsewhere).toBe('/dashboard');
    }
  });

  it("links a verified email to an existing student's account", async () => {
    const existing = await buildUser(env.db, {
      firstName: 'Ed',
      lastName: 'Existing',
      email: 'ed@example.com',
      role: 'student',
    });
    provider.accounts.set('sub-ed', { email: 'ed@example.com', emailVerified: true });
    const { callback, checks } = await throughProvider('sub-ed');
    const done = await finish(callback, checks);
    expect(done.statusCode).toBe(303);
    const [identity] = await env.db
      .select()
      .from(identities)
      .where(and(eq(identities.kind, 'oidc'), eq(identities.subject, 'sub-ed')));
    expect(identity?.userId).toBe(existing.id);
    const admin = await env.signedIn('rto_admin');
    const audit = await (await admin.caller()).admin.audit.list({ userId: existing.id, page: 1 });
    expect(audit.events.map((e) => e.action)).toEqual(['sign-in.success', 'sso.link']);
  });

  it('links a staff account only after its owner signs in with their password', async () => {
    const assessor = await env.signedIn('assessor', { email: 'staff-link@example.com' });
    provider.accounts.set('sub-staff', { email: 'staff-link@example.com', emailVerified: true });
    const linkedTo = async () =>
      (
        await env.db
          .select()
          .from(identities)
          .where(and(eq(identities.kind, 'oidc'), eq(identities.subject, 'sub-staff')))
      )[0]?.userId;

    // The provider's word alone: refused, nothing linked, no session.
    const alone = await throughProvider('sub-staff');
    const refused = await finish(alone.callback, alone.checks);
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toBe(staffLinkMessage);
    expect(cookieValue(refused.headers['set-cookie'], 'evident_session')).toBeUndefined();
    expect(await linkedTo()).toBeUndefined();

    // Signed in with the password, the same answer links the identity to that account.
    const confirmed = await throughProvider('sub-staff');
    const session = `${env.services.sessions.cookieName}=${assessor.sessionId}`;
    const linked = await app.inject({
      method: 'GET',
      url: `${confirmed.callback.pathname}${confirmed.callback.search}`,
      headers: { cookie: `${confirmed.checks}; ${session}` },
    });
    expect(linked.statusCode).toBe(303);
    expect(await linkedTo()).toBe(assessor.user.id);
    // From then on the provider signs them in as themselves.
    const later = await throughProvider('sub-staff');
    expect((await finish(later.callback, later.checks)).statusCode).toBe(303);
  });

  it('signed in, a provider account with another email links nothing and switches to nobody', async () => {
    const student = await env.signedIn('student', { email: 'own-email@example.com' });
    provider.accounts.set('sub-other', { email: 'someone-else@example.com', emailVerified: true });
    const run = await throughProvider('sub-other');
    const session = `${env.services.sessions.cookieName}=${student.sessionId}`;
    const done = await app.inject({
      method: 'GET',
      url: `${run.callback.pathname}${run.callback.search}`,
      headers: { cookie: `${run.checks}; ${session}` },
    });
    expect(done.statusCode).toBe(409);
    expect(done.body).toMatch(/^Your sign-in provider's account uses someone-else@example.com/);
    expect(cookieValue(done.headers['set-cookie'], 'evident_session')).toBeUndefined();
    expect(await env.db.select().from(users).where(eq(users.email, 'someone-else@example.com'))).toEqual([]);
    expect((await (await student.caller()).auth.session.get())?.id).toBe(student.user.id);
  });

  it('an unverified email never takes over an existing account', async () => {
    const victim = await buildUser(env.db, {
      firstName: 'Vic',
      lastName: 'Tim',
      email: 'vic@example.com',
      role: 'student',
    });
    provider.accounts.set('sub-attacker', { email: 'vic@example.com', emailVerified: false });
    const { callback, checks } = await throughProvider('sub-attacker');
    const done = await finish(callback, checks);
    expect(done.statusCode).toBe(409);
    expect(done.body).toMatch(/^An account with this email already exists/);
    expect(cookieValue(done.headers['set-cookie'], 'evident_session')).toBeUndefined();
    expect(await env.db.select().from(identities).where(eq(identities.userId, victim.id))).toEqual([]);
  });

  it('refuses a mismatched state', async () => {
    const { callback } = await throughProvider('sub-state');
    // The checks of another sign-in: its state (and nonce, and verifier) are not this answer's.
    const other = await app.inject({ method: 'GET', url: '/api/login' });
    const otherChecks = cookieValue(other.headers['set-cookie'], 'evident_sso') ?? '';
    const done = await finish(callback, otherChecks);
    expect(done.statusCode).toBe(400);
    expect(done.body).toBe(
      'The answer from your sign-in provider did not match this sign-in. Please try again.',
    );
    expect(cookieValue(done.headers['set-cookie'], 'evident_session')).toBeUndefined();

    const forged = new URL(callback);
    forged.searchParams.set('state', 'not-the-state');
    const { checks } = await throughProvider('sub-state');
    expect((await finish(forged, checks)).statusCode).toBe(400);
    // Without the checks cookie (another browser, or too late): refused too.
    const bare = await app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
    expect(bare.statusCode).toBe(400);
    // A browser is sent back to the landing page with the reason.
    const page = await finish(forged, checks, 'text/html');
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toMatch(/^\/\?sso_error=/);
  });

  it('refuses a deactivated person', async () => {
    provider.accounts.set('sub-off', { email: 'off@example.com' });
    const first = await throughProvider('sub-off');
    await finish(first.callback, first.checks);
    await env.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.email, 'off@example.com'));
    const { callback, checks } = await throughProvider('sub-off');
    const done = await finish(callback, checks);
    expect(done.statusCode).toBe(403);
    expect(done.body).toBe('This account has been deactivated. Please contact your RTO administrator.');
    expect(cookieValue(done.headers['set-cookie'], 'evident_session')).toBeUndefined();
  });
});
