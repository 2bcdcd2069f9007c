import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from './harness';
import { ltiSecret } from './lti/lti-harness';
import { startTestProvider } from './oidc-provider';

/**
 * Issue 28: the routes outside tRPC that read a query or a form straight from the request (LTI,
 * single sign-on's callback, the signed file links) answer text the database cannot store with a
 * 4xx, never a 500. The procedures are hostile-inputs.test.ts's.
 */

const callbackUrl = 'http://evident.test/api/login/callback';
let provider: Awaited<ReturnType<typeof startTestProvider>>;
let env: TestEnv;
let app: Awaited<ReturnType<TestEnv['app']>>;

beforeAll(async () => {
  provider = await startTestProvider({ redirectUris: [callbackUrl] });
  env = await createTestEnv({
    env: {
      LTI_ENABLED: 'true',
      LTI_PRIVATE_KEY: ltiSecret,
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
    },
  });
  app = await env.app();
});
afterAll(async () => {
  await app?.close();
  await env?.close();
  await provider?.close();
});

const hostile = [
  { kind: 'NUL', query: 'a%00b', text: 'a\u0000b' },
  { kind: 'lone surrogate', query: 'a%ED%A0%80b', text: 'a\uD800b' },
  { kind: '1 MB', query: 'x'.repeat(1_000_000), text: 'x'.repeat(1_000_000) },
];

const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

/** An id_token as a platform would post it, unsigned: the tool reads its issuer before it checks anything. */
const unsignedToken = (claims: Record<string, unknown>) =>
  [{ alg: 'RS256', typ: 'JWT' }, claims]
    .map((part) => Buffer.from(JSON.stringify(part)).toString('base64url'))
    .concat('c2lnbmF0dXJl')
    .join('.');

describe('LTI with text the database cannot store', () => {
  it('login initiation from an issuer with a NUL answers a page saying the login is not valid, 400', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/lti/login?iss=a%00b&login_hint=x&target_link_uri=http://evident.test/lti/launch',
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('The login request from the platform is not valid.');
  });

  it('login initiation by GET or POST, in any parameter, is never a 500', async () => {
    const failures: string[] = [];
    for (const { kind, query, text } of hostile)
      for (const field of ['iss', 'login_hint', 'target_link_uri', 'client_id', 'lti_deployment_id']) {
        const fields = {
          iss: 'https://lms.example',
          login_hint: 'x',
          target_link_uri: 'http://evident.test/lti/launch',
        };
        const search = Object.entries({ ...fields, [field]: query })
          .map(([key, value]) => `${key}=${key === field ? value : encodeURIComponent(value)}`)
          .join('&');
        const get = await app.inject({ method: 'GET', url: `/lti/login?${search}` });
        const post = await app.inject({
          method: 'POST',
          url: '/lti/login',
          ...form({ ...fields, [field]: text }),
        });
        for (const [how, response] of [
          ['GET', get],
          ['POST', post],
        ] as const)
          if (response.statusCode >= 500) failures.push(`${how} ${field} ${kind}: ${response.statusCode}`);
      }
    expect(failures).toEqual([]);
  });

  it('a launch, a handoff or a new window with such text is refused, never a 500', async () => {
    const failures: string[] = [];
    for (const { kind, query, text } of hostile) {
      const answers = {
        'launch issuer': await app.inject({
          method: 'POST',
          url: '/lti/launch',
          ...form({ id_token: unsignedToken({ iss: text, aud: 'client', nonce: 'n' }), state: 's' }),
        }),
        'launch state': await app.inject({
          method: 'POST',
          url: '/lti/launch',
          ...form({ id_token: unsignedToken({ iss: 'https://lms.example', aud: 'c' }), state: text }),
        }),
        'tab session': await app.inject({ method: 'POST', url: '/lti/session', payload: { handoff: text } }),
        'new window': await app.inject({ method: 'GET', url: `/lti/continue?handoff=${query}` }),
        registration: await app.inject({ method: 'GET', url: `/lti/register?invite=${query}` }),
      };
      for (const [what, response] of Object.entries(answers))
        if (response.statusCode >= 500) failures.push(`${what} ${kind}: ${response.statusCode}`);
    }
    expect(failures).toEqual([]);
  });
});

describe('single sign-on and file links with text the database cannot store', () => {
  it('the callback with such a state, code or error is refused, never a 500', async () => {
    const start = await app.inject({ method: 'GET', url: '/api/login' });
    const checks = String(start.headers['set-cookie']).split(';')[0] ?? '';
    const failures: string[] = [];
    for (const { kind, query } of hostile)
      for (const field of ['state', 'code', 'error', 'iss']) {
        const search = { state: 'state', code: 'code', [field]: query };
        const url = `/api/login/callback?${Object.entries(search)
          .map(([key, value]) => `${key}=${value}`)
          .join('&')}`;
        const response = await app.inject({ method: 'GET', url, headers: { cookie: checks } });
        if (response.statusCode >= 500) failures.push(`${field} ${kind}: ${response.statusCode}`);
      }
    expect(failures).toEqual([]);
  });

  it('a session cookie percent-encoding such text reads as signed out', async () => {
    const failures: string[] = [];
    for (const { kind, query } of hostile.slice(0, 2))
      for (const url of ['/api/auth/user', '/trpc/auth.session.get']) {
        const cookie = `${env.services.sessions.cookieName}=${query}`;
        const response = await app.inject({ method: 'GET', url, headers: { cookie } });
        if (response.statusCode >= 500) failures.push(`${url} ${kind}: ${response.statusCode}`);
      }
    expect(failures).toEqual([]);
  });

  it('a file link with such a path or signature is refused, never a 500', async () => {
    const failures: string[] = [];
    for (const { kind, query } of hostile)
      for (const url of [
        `/files/download/${query}?expires=1&signature=x`,
        `/files/download/evidence/a.jpg?expires=1&signature=${query}`,
        `/files/upload/${query}?expires=1&signature=x`,
      ]) {
        const response = await app.inject({
          method: url.includes('upload') ? 'PUT' : 'GET',
          url,
          payload: 'x',
        });
        if (response.statusCode >= 500) failures.push(`${url.slice(0, 40)} ${kind}: ${response.statusCode}`);
      }
    expect(failures).toEqual([]);
  });
});
