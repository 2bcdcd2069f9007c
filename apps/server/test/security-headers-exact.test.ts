import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from './harness';

/**
 * The security headers are computed once at start from helmet's own output (issue 31 §2), not by
 * helmet on every request: each answer must carry them exactly as helmet wrote them per request
 * before, in name case, order and bytes. `fixtures/security-headers.json` was written by the
 * per-request helmet (commit 07a942b's tree) for these addresses and configurations.
 */
const expected = JSON.parse(
  readFileSync(new URL('./fixtures/security-headers.json', import.meta.url), 'utf8'),
) as Record<string, Record<string, string[]>>;

const securityHeaders = new Set([
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
]);

type App = Awaited<ReturnType<TestEnv['app']>>;

/** `Name: value` of each security header, as the response holds them (its names' own case, in order). */
async function headerLines(app: App, url: string): Promise<string[]> {
  // Node keeps the case each name was set in (this Node's types do not list it yet).
  const res = (await app.inject({ method: 'GET', url })).raw.res as ServerResponse & {
    getRawHeaderNames(): string[];
  };
  return res
    .getRawHeaderNames()
    .filter((name) => securityHeaders.has(name.toLowerCase()))
    .map((name) => `${name}: ${String(res.getHeader(name))}`);
}

const configurations = {
  'plain http': { PUBLIC_URL: 'http://evident.test' },
  'https with an LMS': {
    PUBLIC_URL: 'https://evident.example',
    LTI_PLATFORM_ORIGINS: 'https://lms.example.edu, https://canvas.example.com/',
  },
};

for (const [name, env] of Object.entries(configurations)) {
  describe(`the security headers, byte for byte (${name})`, () => {
    let testEnv: TestEnv;
    let app: App;
    beforeAll(async () => {
      testEnv = await createTestEnv({ env });
      app = await testEnv.app();
    });
    afterAll(async () => {
      await app.close();
      await testEnv.close();
    });

    it('an API answer, a page, the LTI pages and the file links carry what helmet wrote', async () => {
      const pages = expected[name] ?? {};
      expect(Object.keys(pages).length).toBeGreaterThan(5);
      for (const [url, lines] of Object.entries(pages)) {
        expect(await headerLines(app, url), url).toEqual(lines);
      }
    });
  });
}
