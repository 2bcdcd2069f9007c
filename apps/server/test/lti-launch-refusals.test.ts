import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieJar, type LtiEnv, startLtiEnv } from './lti/lti-harness';

const lti = 'https://purl.imsglobal.org/spec/lti/claim/';

let env: LtiEnv;
beforeAll(async () => {
  env = await startLtiEnv();
});
afterAll(async () => {
  await env?.close();
});

/** A launch that should be refused: its status, its page, and the reason on it. */
async function refused(plan: Parameters<LtiEnv['launch']>[1]) {
  const jar = cookieJar();
  const { response } = await env.launch(jar, plan);
  const html = await response.text();
  expect(response.headers.get('content-type')).toContain('text/html');
  expect(jar.cookies.has('evident_session')).toBe(false);
  return { status: response.status, reason: html.match(/<p>([^<]*)<\/p>/)?.[1] ?? html };
}

describe('LTI launch', () => {
  describe('refusals (the certification refusal list)', () => {
    it('a bad signature', async () => {
      const stranger = await env.platform.newKey();
      // Signed by a key unknown to the platform but claiming the platform's kid.
      const forged = { ...stranger, kid: env.platform.signingKey.kid };
      const result = await refused({ key: forged });
      expect(result.status).toBe(400);
      expect(result.reason).toContain('signature is not valid');
    });

    it('an unknown kid, then the same key once the platform publishes it (rotation)', async () => {
      const next = await env.platform.newKey();
      const before = await refused({ key: next });
      expect(before.reason).toContain('key the platform does not publish');
      env.platform.publish(next);
      const jar = cookieJar();
      const { response } = await env.launch(jar, { key: next });
      expect(response.status).toBe(303);
    });

    it('a wrong audience', async () => {
      const result = await refused({ override: (p) => ({ ...p, aud: 'someone-else' }) });
      expect(result.reason).toContain('not registered');
      const withOurs = await refused({
        override: (p) => ({ ...p, aud: ['someone-else', env.platform.clientId], azp: 'someone-else' }),
      });
      expect(withOurs.reason).toContain('not registered');
      const noAzp = await refused({
        override: (p) => ({ ...p, aud: [env.platform.clientId, 'someone-else'] }),
      });
      expect(noAzp.reason).toContain('not meant for Evident');
    });

    it('an expired token', async () => {
      const now = Math.floor(Date.now() / 1000);
      const result = await refused({ override: (p) => ({ ...p, iat: now - 3600, exp: now - 600 }) });
      expect(result.reason).toContain('expired');
    });

    it('a replayed nonce', async () => {
      const jar = cookieJar();
      const form = await env.loginToForm(jar, env.platform.plan({}));
      // The state cookie is cleared by the first launch; a replay carrying it again is still refused.
      const stateCookie = [...jar.cookies.entries()].find(([name]) => name.startsWith('evident_lti_'));
      expect((await env.postForm(jar, form.action, form.fields)).status).toBe(303);
      if (stateCookie) jar.cookies.set(stateCookie[0], stateCookie[1]);
      const replay = await env.postForm(jar, form.action, form.fields);
      expect(replay.status).toBe(401);
      expect(await replay.text()).toContain('already used');
    });

    it('a missing state cookie', async () => {
      const jar = cookieJar();
      const form = await env.loginToForm(jar, env.platform.plan({}));
      const response = await env.postForm(cookieJar(), form.action, form.fields);
      expect(response.status).toBe(401);
      expect(await response.text()).toContain('did not keep the sign-in cookie');
    });

    it('an unknown deployment', async () => {
      const result = await refused({ claims: { [`${lti}deployment_id`]: 'deployment-unknown' } });
      expect(result.reason).toContain('deployment of Evident is not registered');
    });

    it('a wrong message type', async () => {
      const result = await refused({ claims: { [`${lti}message_type`]: 'LtiSubmissionReviewRequest' } });
      expect(result.reason).toContain('not supported');
    });

    it('a missing resource link', async () => {
      const result = await refused({ claims: { [`${lti}resource_link`]: undefined } });
      expect(result.reason).toContain('missing the resource link');
    });

    it('a wrong LTI version and a missing subject', async () => {
      expect((await refused({ claims: { [`${lti}version`]: '1.1' } })).reason).toContain('Only LTI 1.3');
      expect((await refused({ claims: { sub: undefined } })).reason).toContain('missing the user');
    });
  });
});
