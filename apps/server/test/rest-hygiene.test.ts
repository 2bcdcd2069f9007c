import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { restRoutes } from '@evident/api/rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from './harness';
import { json } from './rest-fixtures';

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
      // A supervisor's mailed link is its own credential (issue 30 §1): a forged one answers 404.
      '/api/third-party/:token',
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
