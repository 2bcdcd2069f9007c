import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from './harness';

type App = Awaited<ReturnType<TestEnv['app']>>;

function directives(csp: unknown): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of String(csp ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

describe('browser security headers on plain http', () => {
  let env: TestEnv;
  let app: App;
  let dist: string;
  beforeAll(async () => {
    env = await createTestEnv({ env: { PUBLIC_URL: 'http://evident.test' } });
    dist = await mkdtemp(join(tmpdir(), 'evident-dist-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    await writeFile(join(dist, 'assets', 'index-abc123.js'), 'export {};');
    await writeFile(join(dist, 'assets', 'index-abc123.js.map'), '{"version":3}');
    app = await env.app({ webDistDir: dist });
  });
  afterAll(async () => {
    await app.close();
    await env.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('a page of the app may not be framed by another site and runs no inline script', async () => {
    const res = await app.inject({ method: 'GET', url: '/admin/units' });
    expect(res.statusCode).toBe(200);
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-src')).toEqual(["'self'", 'http://evident.test']);
    // A laptop on http must not have its requests sent to an https port that is not there.
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('API answers, errors and /files answers are nosniff too', async () => {
    for (const url of ['/api/auth/user', '/api/nothing-here', '/files/upload/x/y.jpg?exp=1&sig=bad']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(directives(res.headers['content-security-policy']).get('frame-ancestors'), url).toEqual([
        "'none'",
      ]);
    }
  });

  it('a downloaded file may be framed by our own pages only (the grading screen previews PDFs)', async () => {
    const res = await app.inject({ method: 'GET', url: '/files/download/x/y.pdf?exp=1&sig=bad' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(directives(res.headers['content-security-policy']).get('frame-ancestors')).toEqual(["'self'"]);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('source maps of the built app are not served', async () => {
    expect((await app.inject({ method: 'GET', url: '/assets/index-abc123.js' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/assets/index-abc123.js.map' })).statusCode).toBe(404);
  });

  it('LTI pages stay unframeable until a platform is configured', async () => {
    const res = await app.inject({ method: 'GET', url: '/lti/launch' });
    expect(directives(res.headers['content-security-policy']).get('frame-ancestors')).toEqual(["'none'"]);
  });

  it("the web app's index.html has no inline script for the policy to forbid", () => {
    const html = readFileSync(new URL('../../web/index.html', import.meta.url), 'utf8');
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toMatch(/\ssrc=/);
  });
});

describe('browser security headers on https with an LMS', () => {
  let env: TestEnv;
  let app: App;
  beforeAll(async () => {
    env = await createTestEnv({
      env: {
        PUBLIC_URL: 'https://evident.example',
        LTI_PLATFORM_ORIGINS: 'https://lms.example.edu, https://canvas.example.com/',
      },
    });
    app = await env.app();
  });
  afterAll(async () => {
    await app.close();
    await env.close();
  });

  it('HSTS is sent when the public address is https', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/auth/user' });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it('the /lti pages and the app may be framed, and only by the configured platforms; API answers never', async () => {
    for (const url of ['/lti/launch', '/lti-config', '/lms-courses']) {
      const page = await app.inject({ method: 'GET', url });
      expect(directives(page.headers['content-security-policy']).get('frame-ancestors'), url).toEqual([
        'https://lms.example.edu',
        'https://canvas.example.com',
      ]);
      expect(page.headers['x-frame-options'], url).toBeUndefined();
    }
    const file = await app.inject({ method: 'GET', url: '/files/download/x/y.pdf?exp=1&sig=bad' });
    expect(directives(file.headers['content-security-policy']).get('frame-ancestors')).toEqual([
      "'self'",
      'https://lms.example.edu',
      'https://canvas.example.com',
    ]);
    expect(file.headers['x-frame-options']).toBeUndefined();
    for (const url of ['/api/auth/user', '/trpc/auth.session.get', '/healthz']) {
      const other = await app.inject({ method: 'GET', url });
      expect(directives(other.headers['content-security-policy']).get('frame-ancestors'), url).toEqual([
        "'none'",
      ]);
      expect(other.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('a platform origin that is not a URL stops start-up naming the variable', async () => {
    const { loadConfig } = await import('../src/config');
    expect(() => loadConfig({ LTI_PLATFORM_ORIGINS: 'lms.example.edu' })).toThrow('LTI_PLATFORM_ORIGINS');
  });
});
