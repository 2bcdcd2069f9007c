import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from './harness';

const lines: string[] = [];
let env: TestEnv;
let app: Awaited<ReturnType<TestEnv['app']>>;
beforeAll(async () => {
  env = await createTestEnv({ logDestination: { write: (line: string) => void lines.push(line) } });
  app = await env.app();
});
afterAll(async () => {
  await app.close();
  await env.close();
});

const logged = () => lines.map((line) => JSON.parse(line) as { level: number; msg: string });

describe('request logs at info', () => {
  it('leave out health checks and the web app files, and keep one line per API request', async () => {
    await app.inject({ method: 'GET', url: '/healthz' });
    await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    await app.inject({ method: 'GET', url: '/favicon.svg' });
    await app.inject({ method: 'GET', url: '/api/auth/user' });
    const messages = logged().map((entry) => entry.msg);
    expect(messages.filter((msg) => /healthz|assets|favicon/.test(msg))).toEqual([]);
    const api = messages.filter((msg) => msg.includes('/api/auth/user'));
    expect(api).toHaveLength(1);
    expect(api[0]).toMatch(/^GET \/api\/auth\/user \d{3}$/);
  });

  it('never carry the signature of a /files URL', async () => {
    await app.inject({ method: 'GET', url: '/files/download/a/b.jpg?exp=1&sig=secret-signature' });
    expect(lines.join('')).not.toContain('secret-signature');
  });
});
