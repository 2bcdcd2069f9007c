import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { restRoutes } from '@evident/api/rest';
import { PASSWORD_MAX_LENGTH } from '@evident/core/auth-rules';
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

const json = (payload: unknown) => ({
  headers: { 'content-type': 'application/json', origin: 'http://localhost:80', host: 'localhost:80' },
  payload: JSON.stringify(payload),
});

function sessionCookie(setCookie: string | string[] | undefined): string {
  const value = ([] as string[]).concat(setCookie ?? []).find((c) => c.startsWith('evident_session='));
  return value?.split(';')[0] ?? '';
}

describe('/api/auth over REST', () => {
  it('registers, logs in, reads the current user and logs out', async () => {
    const register = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      ...json({
        firstName: 'Ria',
        lastName: 'Singh',
        email: 'ria@example.com',
        password: 'hunter2hunter2',
        role: 'assessor',
      }),
    });
    expect(register.statusCode).toBe(200);
    expect(register.json().user).toMatchObject({ email: 'ria@example.com', role: 'assessor' });

    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      ...json({ email: 'ria@example.com', password: 'hunter2hunter2' }),
    });
    expect(login.statusCode).toBe(200);
    const cookie = sessionCookie(login.headers['set-cookie']);
    expect(cookie).toMatch(/^evident_session=\w+/);
    expect(String(login.headers['set-cookie'])).toMatch(/HttpOnly.*SameSite=Lax|SameSite=Lax.*HttpOnly/i);

    const me = await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      id: expect.any(String),
      firstName: 'Ria',
      lastName: 'Singh',
      email: 'ria@example.com',
      profileImageUrl: null,
      role: 'assessor',
      isImpersonating: false,
      originalUser: null,
      awaitingApproval: true,
    });

    const logout = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, origin: 'http://localhost:80', host: 'localhost:80' },
    });
    expect(logout.statusCode).toBe(200);
    const after = await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(after.statusCode).toBe(401);
    expect(after.body).toBe('Not signed in');
  });

  it('answers failures with a status and a plain-text message', async () => {
    const cases = [
      {
        url: '/api/auth/register',
        body: { firstName: 'A', lastName: 'B', email: 'x@example.com', password: 'short' },
        status: 400,
        text: 'Password must be at least 8 characters',
      },
      {
        url: '/api/auth/register',
        body: { firstName: 'A', lastName: 'B', email: 'not-an-email', password: 'long-enough' },
        status: 400,
        text: 'Email must be a valid email address',
      },
      {
        url: '/api/auth/register',
        body: {
          firstName: 'A',
          lastName: 'B',
          email: 'y@example.com',
          password: 'long-enough',
          role: 'rto_admin',
        },
        status: 400,
        text: 'Role must be student or assessor',
      },
      {
        url: '/api/auth/register',
        body: { firstName: 'A\u0000', lastName: 'B', email: 'z@example.com', password: 'long-enough' },
        status: 400,
        text: 'First name must not contain control characters',
      },
      {
        url: '/api/auth/login',
        body: { email: 'nobody@example.com', password: 'x'.repeat(PASSWORD_MAX_LENGTH + 1) },
        status: 400,
        text: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
      },
      {
        url: '/api/auth/login',
        body: { email: 'nobody@example.com', password: 'whatever1' },
        status: 401,
        text: 'Invalid email or password',
      },
      {
        url: '/api/auth/reset-password',
        body: { token: 'made-up', password: 'long-enough' },
        status: 400,
        text: 'Invalid or expired reset token',
      },
    ];
    for (const c of cases) {
      const res = await app.inject({ method: 'POST', url: c.url, ...json(c.body) });
      expect(res.statusCode, c.url).toBe(c.status);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toBe(c.text);
    }
  });

  it('answers a duplicate email with 409', async () => {
    const body = { firstName: 'A', lastName: 'B', email: 'twice@example.com', password: 'long-enough' };
    await app.inject({ method: 'POST', url: '/api/auth/register', ...json(body) });
    const again = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      ...json({ ...body, email: 'TWICE@example.com' }),
    });
    expect(again.statusCode).toBe(409);
    expect(again.body).toBe('An account with this email already exists');
  });

  it('answers malformed JSON and a missing body with 400, never 500', async () => {
    const malformed = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).toBe('Malformed JSON body');
    const empty = await app.inject({ method: 'POST', url: '/api/auth/login' });
    expect(empty.statusCode).toBe(400);
  });

  it('forgot-password gives the same answer for known and unknown emails', async () => {
    const known = await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      ...json({ email: 'ria@example.com' }),
    });
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      ...json({ email: 'nope@example.com' }),
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json().message).toBe(
      'If an account exists for ria@example.com, you will receive a password reset link shortly.',
    );
    expect(unknown.json().message).toBe(
      'If an account exists for nope@example.com, you will receive a password reset link shortly.',
    );
  });
});

describe('request hygiene', () => {
  it('refuses a cookie-carrying mutation from another origin', async () => {
    const student = await env.signedIn('student');
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: {
        cookie: `evident_session=${student.sessionId}`,
        origin: 'https://evil.example',
        host: 'localhost:80',
      },
    });
    expect(res.statusCode).toBe(403);
    expect(res.body).toBe('Cross-site request refused');
    expect(await (await student.caller()).auth.session.get()).not.toBeNull();
  });

  it('believes X-Forwarded-Host for the Origin check only behind a trusted proxy', async () => {
    const student = await env.signedIn('student');
    const logout = (server: typeof app, origin: string, host: string, forwardedHost: string) =>
      server.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: {
          cookie: `evident_session=${student.sessionId}`,
          origin,
          host,
          'x-forwarded-host': forwardedHost,
        },
      });
    // Without TRUST_PROXY a forged header cannot make another site look like us.
    const forged = await logout(app, 'https://evil.example', 'evident.example', 'evil.example');
    expect(forged.statusCode).toBe(403);
    expect(await (await student.caller()).auth.session.get()).not.toBeNull();

    const behindProxy = await env.app({ trustProxy: 1 });
    try {
      const viaProxy = await logout(
        behindProxy,
        'https://evident.example',
        '10.0.0.5:3000',
        'evident.example',
      );
      expect(viaProxy.statusCode).toBe(200);
    } finally {
      await behindProxy.close();
    }
  });

  it('every /api path refuses a signed-out caller unless it is part of signing in', async () => {
    const open = new Set([
      '/api/auth/user',
      '/api/auth/login',
      '/api/auth/register',
      '/api/auth/logout',
      '/api/auth/forgot-password',
      '/api/auth/reset-password',
    ]);
    for (const route of restRoutes) {
      const url = route.path.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');
      const res = await app.inject({
        method: route.method,
        url,
        ...(route.method === 'GET' ? {} : json({})),
      });
      if (route.path === '/api/auth/user') expect(res.statusCode).toBe(401);
      else if (open.has(route.path)) expect(res.statusCode, route.path).not.toBe(401);
      else expect(res.statusCode, `${route.method} ${route.path}`).toBe(401);
    }
  });

  it('a session cookie that is not valid percent-encoding reads as signed out, not as a 500', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: 'evident_session=%E0%A4%A' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('single sign-on without an identity provider: the browser goes back to the app, other callers get 501', async () => {
    const browser = await app.inject({ method: 'GET', url: '/api/login', headers: { accept: 'text/html' } });
    expect(browser.statusCode).toBe(303);
    expect(browser.headers.location).toBe('/?sso=unavailable');
    const other = await app.inject({ method: 'GET', url: '/api/login' });
    expect(other.statusCode).toBe(501);
    expect(other.body).toMatch(/^Single sign-on is not configured/);
  });

  it('/healthz answers once the database does', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('client routes get the SPA; a missing build asset is a 404, not the SPA in its place', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'evident-dist-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    await writeFile(join(dist, 'assets', 'index-abc123.js'), 'export {};');
    const withSpa = await env.app({ webDistDir: dist });
    try {
      const route = await withSpa.inject({ method: 'GET', url: '/admin/units' });
      expect(route.statusCode).toBe(200);
      expect(route.headers['content-type']).toMatch(/^text\/html/);
      const asset = await withSpa.inject({ method: 'GET', url: '/assets/index-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['content-type']).toMatch(/javascript/);
      const stale = await withSpa.inject({ method: 'GET', url: '/assets/index-old999.js' });
      expect(stale.statusCode).toBe(404);
    } finally {
      await withSpa.close();
      await rm(dist, { recursive: true, force: true });
    }
  });

  it('unknown /api paths are a plain 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe('Not found');
  });

  it('the tRPC endpoint serves the same procedures', async () => {
    const res = await app.inject({ method: 'GET', url: '/trpc/auth.session.get' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ result: { data: null } });
  });

  it('tRPC errors carry their message but never a server stack trace', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/trpc/auth.session.login',
      ...json({ email: 'x' }),
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.message).toBeTruthy();
    expect(body.error.data).not.toHaveProperty('stack');
    expect(res.body).not.toContain('node_modules');
  });

  it('a form sent over tRPC with bad fields gets each field its own messages beside the summary', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/trpc/auth.session.login',
      ...json({ email: 'x' }),
    });
    const { error } = res.json();
    expect(error.message).toContain('valid email');
    expect(error.data.fieldErrors.email).toEqual([expect.stringContaining('valid email')]);
    expect(error.data.fieldErrors.password?.length).toBeGreaterThan(0);
  });

  it('a domain refusal over tRPC carries no field messages', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/trpc/auth.session.login',
      ...json({ email: 'nobody@example.com', password: 'wrong-password-1' }),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.data.fieldErrors).toBeNull();
  });
});
