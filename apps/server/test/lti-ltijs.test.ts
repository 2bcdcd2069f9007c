import type { AddressInfo } from 'node:net';
import ltijs from 'ltijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakePlatform, startFakePlatform } from './lti/fake-platform';
import { cookieJar, formOf } from './lti/lti-harness';
import { ltijsMemoryPlugin } from './lti/ltijs-memory-plugin';

/**
 * The fake platform is only worth its tests if it speaks LTI as real tools hear it, not only as our
 * tool does. ltijs (a certified LTI 1.3 tool library from npm) launches from it here: OIDC login,
 * the id_token checked against the platform's keys, then Assignment and Grade Services and Names and
 * Role Provisioning with ltijs's own client-credentials assertion, which the fake's token endpoint
 * verifies against ltijs's published keys.
 */

const lti = 'https://purl.imsglobal.org/spec/lti/claim/';

/** What ltijs hands its launch handler (its IdToken), as far as the test reads it. */
type LtijsToken = {
  user: string;
  platformContext: { roles: string[]; context: { id: string }; endpoint: { lineitem: string } };
};
const provider = ltijs.Provider;
let platform: FakePlatform;
let server: import('node:http').Server;
let toolUrl = '';
const launched: { user: string; roles: string[]; context: string; scored: unknown; members: string[] }[] = [];

beforeAll(async () => {
  platform = await startFakePlatform({ clientId: 'ltijs-client' });
  await provider.setup(
    'an-ltijs-encryption-key-for-the-test',
    { plugin: ltijsMemoryPlugin() } as never,
    {
      appRoute: '/',
      loginRoute: '/login',
      keysetRoute: '/keys',
      // Plain http on loopback: no Secure cookies, as ltijs documents for development.
      cookies: { secure: false, sameSite: '' },
      devMode: false,
    } as never,
  );
  provider.onConnect(async (token: LtijsToken, _req: unknown, res: { send(body: string): unknown }) => {
    const lineItem = token.platformContext.endpoint.lineitem as string;
    const scored = await provider.Grade.submitScore(token, lineItem, {
      userId: token.user,
      scoreGiven: 70,
      scoreMaximum: 100,
      activityProgress: 'Completed',
      gradingProgress: 'FullyGraded',
    });
    // Every page: ltijs follows the fake's `Link: rel="next"` as it would a real platform's.
    const roster = await provider.NamesAndRoles.getMembers(token, { pages: false });
    launched.push({
      user: token.user,
      roles: token.platformContext.roles,
      context: token.platformContext.context.id,
      scored,
      members: roster.members.map((m: { user_id: string }) => m.user_id),
    });
    return res.send('launched in ltijs');
  });
  await provider.deploy({ serverless: true, silent: true });
  server = provider.app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  toolUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await provider.registerPlatform({
    url: platform.issuer,
    name: 'Fake platform',
    clientId: 'ltijs-client',
    authenticationEndpoint: `${platform.origin}/auth`,
    accesstokenEndpoint: `${platform.origin}/token`,
    authConfig: { method: 'JWK_SET', key: `${platform.origin}/jwks` },
  });
  platform.setToolJwksUrl(`${toolUrl}/keys`);
}, 60_000);

afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await provider.close?.({ silent: true }).catch(() => {});
  await platform?.close();
});

describe('the fake platform, heard by ltijs', () => {
  it('launches ltijs, takes its score and answers its roster request', async () => {
    platform.setMembers([
      { user_id: 'ltijs-learner', roles: [`http://purl.imsglobal.org/vocab/lis/v2/membership#Learner`] },
      { user_id: 'ltijs-teacher', roles: [`http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor`] },
      { user_id: 'ltijs-third', roles: [`http://purl.imsglobal.org/vocab/lis/v2/membership#Learner`] },
    ]);
    const hint = platform.plan({
      claims: {
        sub: 'ltijs-learner',
        [`${lti}target_link_uri`]: `${toolUrl}/`,
        'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint': {
          scope: [
            'https://purl.imsglobal.org/spec/lti-ags/scope/score',
            'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
          ],
          lineitem: platform.lineItemUrl('ltijs-column'),
          lineitems: `${platform.origin}/lineitems`,
        },
        'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice': {
          context_memberships_url: platform.membershipsUrl,
          service_versions: ['2.0'],
        },
      },
    });
    const jar = cookieJar();
    const send = async (url: string, init: RequestInit = {}) => {
      const response = await fetch(url, {
        ...init,
        redirect: 'manual',
        headers: { ...(init.headers as Record<string, string>), cookie: jar.header(url) },
      });
      jar.store(response);
      return response;
    };
    const login = await send(
      `${toolUrl}/login?${new URLSearchParams({
        iss: platform.issuer,
        login_hint: 'ltijs-learner',
        target_link_uri: `${toolUrl}/`,
        lti_message_hint: hint,
        client_id: 'ltijs-client',
        lti_deployment_id: platform.deploymentId,
      })}`,
    );
    expect(login.status).toBe(302);
    const authorize = new URL(login.headers.get('location') ?? '');
    expect(authorize.origin + authorize.pathname).toBe(`${platform.origin}/auth`);
    // The fake's authorization endpoint accepts ltijs's request as it stands, and posts the id_token.
    const answer = formOf(await (await fetch(authorize)).text());
    expect(answer.action).toBe(`${toolUrl}/`);
    let response = await send(answer.action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(answer.fields).toString(),
    });
    // ltijs checks the token, then sends the browser on with its own launch key.
    for (let hops = 0; hops < 3 && response.status >= 300 && response.status < 400; hops += 1) {
      response = await send(new URL(response.headers.get('location') ?? '', toolUrl).toString());
    }
    expect(await response.text()).toBe('launched in ltijs');
    expect(launched).toHaveLength(1);
    expect(launched[0]).toMatchObject({
      user: 'ltijs-learner',
      context: 'course-1',
      members: ['ltijs-learner', 'ltijs-teacher', 'ltijs-third'],
    });
    expect(launched[0]?.roles).toContain('http://purl.imsglobal.org/vocab/lis/v2/membership#Learner');
    // ltijs's client assertion passed the fake's token endpoint, and its score arrived.
    expect(platform.tokenRequests.length).toBeGreaterThanOrEqual(1);
    expect(platform.scores).toHaveLength(1);
    expect(platform.scores[0]?.lineItem).toBe(platform.lineItemUrl('ltijs-column'));
    expect(platform.scores[0]?.body).toMatchObject({
      userId: 'ltijs-learner',
      scoreGiven: 70,
      scoreMaximum: 100,
      activityProgress: 'Completed',
      gradingProgress: 'FullyGraded',
    });
  }, 60_000);

  it('a launch ltijs did not start (no state cookie) is refused by ltijs, as by our tool', async () => {
    const hint = platform.plan({
      claims: { sub: 'ltijs-stranger', [`${lti}target_link_uri`]: `${toolUrl}/` },
    });
    const login = await fetch(
      `${toolUrl}/login?${new URLSearchParams({
        iss: platform.issuer,
        login_hint: 'ltijs-stranger',
        target_link_uri: `${toolUrl}/`,
        lti_message_hint: hint,
        client_id: 'ltijs-client',
      })}`,
      { redirect: 'manual' },
    );
    const answer = formOf(await (await fetch(login.headers.get('location') ?? '')).text());
    const response = await fetch(answer.action, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(answer.fields).toString(),
    });
    expect(response.status).toBe(401);
  });
});
