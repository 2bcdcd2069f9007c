import { ltiPlatforms } from '@evident/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LtiEnv, startLtiEnv } from './lti/lti-harness';

let env: LtiEnv;
beforeAll(async () => {
  env = await startLtiEnv();
});
afterAll(async () => {
  await env?.close();
});

describe('LTI Dynamic Registration', () => {
  it('registers the tool with a platform from an admin-issued link and stores the platform', async () => {
    // The fake platform is already registered from LTI_PLATFORMS under another client id.
    const admin = await env.signedIn('rto_admin');
    const link = await fetch(`${env.publicUrl}/api/admin/lti/registration-link`, {
      method: 'POST',
      headers: { cookie: `evident_session=${admin.sessionId}`, origin: env.publicUrl },
    });
    expect(link.status).toBe(200);
    const { url } = await link.json();
    expect(url).toMatch(new RegExp(`^${env.publicUrl}/lti/register\\?invite=`));

    const page = await fetch(
      `${url}&${new URLSearchParams({
        openid_configuration: `${env.platform.origin}/.well-known/openid-configuration`,
        registration_token: 'reg-token-1',
      })}`,
    );
    const html = await page.text();
    expect(page.status, html).toBe(200);
    expect(html).toContain('Evident is registered');
    const [sent] = env.platform.registrations;
    expect(sent?.body).toMatchObject({
      initiate_login_uri: `${env.publicUrl}/lti/login`,
      jwks_uri: `${env.publicUrl}/lti/keys`,
      token_endpoint_auth_method: 'private_key_jwt',
      'https://purl.imsglobal.org/spec/lti-tool-configuration': {
        target_link_uri: `${env.publicUrl}/lti/launch`,
      },
    });
    const [stored] = await env.db.select().from(ltiPlatforms).where(eq(ltiPlatforms.clientId, 'dyn-client'));
    expect(stored).toMatchObject({
      issuer: env.platform.issuer,
      deploymentIds: ['dyn-deployment'],
      authorizationUrl: `${env.platform.origin}/auth`,
      tokenUrl: `${env.platform.origin}/token`,
      jwksUrl: `${env.platform.origin}/jwks`,
    });
  });

  it('refuses a registration without a valid invitation, and reports a platform that refuses', async () => {
    const query = new URLSearchParams({
      openid_configuration: `${env.platform.origin}/.well-known/openid-configuration`,
      registration_token: 'reg-token-1',
    });
    const none = await fetch(`${env.publicUrl}/lti/register?${query}`);
    expect(none.status).toBe(403);
    expect(await none.text()).toContain('registration link is not valid');

    const admin = await env.signedIn('rto_admin');
    const { url } = await (
      await fetch(`${env.publicUrl}/api/admin/lti/registration-link`, {
        method: 'POST',
        headers: { cookie: `evident_session=${admin.sessionId}`, origin: env.publicUrl },
      })
    ).json();
    query.set('registration_token', 'wrong');
    const refused = await fetch(`${url}&${query}`);
    expect(refused.status).toBe(502);
    expect(await refused.text()).toContain('refused the registration');
  });
});
