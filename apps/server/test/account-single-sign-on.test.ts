import { linkIdentity, setSessionAuthMethod } from '@evident/db/queries/identities';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from './harness';

// The provider is discovered on first use, and this file never starts a sign-in: no provider runs.
const oidc = {
  OIDC_ISSUER: 'http://127.0.0.1:9/never-asked',
  OIDC_CLIENT_ID: 'evident',
  OIDC_CLIENT_SECRET: 'a-secret-that-is-long-enough-for-config',
  OIDC_NAME: 'College Login',
};

let env: TestEnv;
let plain: TestEnv;
beforeAll(async () => {
  [env, plain] = await Promise.all([createTestEnv({ env: oidc }), createTestEnv()]);
});
afterAll(async () => {
  await Promise.all([env.close(), plain.close()]);
});

describe("the account page's single sign-on", () => {
  it('is not offered where single sign-on is not configured', async () => {
    const admin = await plain.signedIn('rto_admin');
    expect(await (await admin.caller()).account.singleSignOn.get()).toEqual({
      provider: null,
      linked: false,
      signedInWithPassword: true,
    });
  });

  it('offers a staff member signed in with their password to link, and says so once linked', async () => {
    const assessor = await env.signedIn('assessor');
    expect(await (await assessor.caller()).account.singleSignOn.get()).toEqual({
      provider: 'College Login',
      linked: false,
      signedInWithPassword: true,
    });

    // What the callback does for them after the round trip (routers/auth/single-sign-on.ts).
    await linkIdentity(env.db, {
      kind: 'oidc',
      issuer: oidc.OIDC_ISSUER,
      subject: 'staff-subject',
      userId: assessor.user.id,
      email: assessor.user.email,
    });
    expect(await (await assessor.caller()).account.singleSignOn.get()).toMatchObject({
      provider: 'College Login',
      linked: true,
    });
  });

  it('says a session that began elsewhere, or an admin viewing as someone, is not a password sign-in', async () => {
    const admin = await env.signedIn('rto_admin');
    const student = await env.signedIn('student');
    // A session the provider began (no password): the panel asks for the password first.
    const { session } = await env.services.sessions.create(student.user.id);
    await setSessionAuthMethod(env.db, { sessionId: session.sessionId, authMethod: 'oidc' });
    const viaProvider = env.browser('127.0.0.1', session.sessionId);
    expect((await (await viaProvider.caller()).account.singleSignOn.get()).signedInWithPassword).toBe(false);

    await (await admin.caller()).admin.impersonation.start({ userId: student.user.id });
    expect((await (await admin.caller()).account.singleSignOn.get()).signedInWithPassword).toBe(false);
  });
});
