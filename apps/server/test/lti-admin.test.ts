import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LtiEnv, startLtiEnv } from './lti/lti-harness';

let env: LtiEnv;
beforeAll(async () => {
  env = await startLtiEnv();
});
afterAll(async () => {
  await env?.close();
});

const platform = {
  issuer: 'https://moodle.example.edu',
  clientId: 'abc123',
  deploymentIds: ['1'],
  authorizationUrl: 'https://moodle.example.edu/mod/lti/auth.php',
  tokenUrl: 'https://moodle.example.edu/mod/lti/token.php',
  jwksUrl: 'https://moodle.example.edu/mod/lti/certs.php',
};

async function call(cookie: string | null, method: string, path: string, body?: unknown) {
  const response = await fetch(`${env.publicUrl}${path}`, {
    method,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
      origin: env.publicUrl,
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, text, json: () => JSON.parse(text) };
}

describe('LTI platform registrations (REST)', () => {
  it('lets an admin register, list and remove a platform, refusing a second registration of the same one', async () => {
    const admin = await env.signedIn('rto_admin');
    const cookie = `evident_session=${admin.sessionId}`;
    const created = await call(cookie, 'POST', '/api/admin/lti/platforms', platform);
    expect(created.status).toBe(201);
    // As `admin.ltiPlatforms.create` does: the same issuer and client id again is refused, not overwritten.
    const again = await call(cookie, 'POST', '/api/admin/lti/platforms', {
      ...platform,
      deploymentIds: ['1', '2'],
    });
    expect([again.status, again.text]).toEqual([
      409,
      'Another platform is already registered with this issuer and client id',
    ]);
    const list = (await call(cookie, 'GET', '/api/admin/lti/platforms')).json();
    // The fake platform (from LTI_PLATFORMS) and this one.
    expect(list.map((p: { issuer: string }) => p.issuer)).toContain(platform.issuer);
    expect(list.find((p: { issuer: string }) => p.issuer === platform.issuer).deploymentIds).toEqual(['1']);
    expect((await call(cookie, 'DELETE', `/api/admin/lti/platforms/${created.json().id}`)).status).toBe(204);
    expect((await call(cookie, 'DELETE', `/api/admin/lti/platforms/${created.json().id}`)).status).toBe(404);
  });

  it('answers bad input with 400 and the reason, others with 401 and 403', async () => {
    const admin = await env.signedIn('rto_admin');
    const bad = await call(`evident_session=${admin.sessionId}`, 'POST', '/api/admin/lti/platforms', {
      ...platform,
      jwksUrl: 'nope',
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('jwksUrl must be a URL');
    expect((await call(null, 'GET', '/api/admin/lti/platforms')).status).toBe(401);
    const assessor = await env.signedIn('assessor');
    expect(
      (await call(`evident_session=${assessor.sessionId}`, 'GET', '/api/admin/lti/platforms')).status,
    ).toBe(403);
  });

  it('serves an admin viewing the app as someone else, as every admin procedure does', async () => {
    const admin = await env.signedIn('rto_admin');
    const student = await env.signedIn('student');
    await (await admin.caller()).admin.impersonation.start({ userId: student.user.id });
    const cookie = `evident_session=${admin.sessionId}`;
    expect((await call(cookie, 'GET', '/api/auth/user')).json().isImpersonating).toBe(true);
    const list = await call(cookie, 'GET', '/api/admin/lti/platforms');
    expect(list.status).toBe(200);
    expect(list.json().map((p: { issuer: string }) => p.issuer)).toContain(env.platform.issuer);
    expect((await call(cookie, 'GET', '/api/admin/lti/passbacks')).status).toBe(200);
  });

  it('rotates the signing key, publishing old and new together', async () => {
    const admin = await env.signedIn('rto_admin');
    const before = (await (await fetch(`${env.publicUrl}/lti/keys`)).json()).keys;
    const rotated = await call(`evident_session=${admin.sessionId}`, 'POST', '/api/admin/lti/keys/rotate');
    expect(rotated.status).toBe(200);
    const after = (await (await fetch(`${env.publicUrl}/lti/keys`)).json()).keys;
    expect(after.map((k: { kid: string }) => k.kid).sort()).toEqual(
      [...before.map((k: { kid: string }) => k.kid), rotated.json().kid].sort(),
    );
  });
});
