import { defaultRateLimits } from '@evident/api/rate-limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { createTestEnv, type TestEnv } from './harness';

describe('TRUST_PROXY', () => {
  it('is a number of hops or a list of proxy addresses, never the whole header', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.4' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.4',
    ]);
    for (const value of ['true', 'yes', '10.0.0.0/99', 'proxy.example']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow('TRUST_PROXY');
    }
  });
});

const limits = {
  ...defaultRateLimits,
  loginIp: { points: 5, durationSeconds: 60 },
  loginAccount: { points: 1000, durationSeconds: 60 },
  registerIp: { points: 3, durationSeconds: 60 },
  registerAccount: { points: 1000, durationSeconds: 60 },
};

describe.each([
  ['one hop', '1'],
  ['the proxy by address', '127.0.0.1'],
])('behind a load balancer trusted as %s', (_name, trustProxy) => {
  let env: TestEnv;
  let app: Awaited<ReturnType<TestEnv['app']>>;
  beforeAll(async () => {
    env = await createTestEnv({ rateLimits: limits, env: { TRUST_PROXY: trustProxy } });
    app = await env.app();
  });
  afterAll(async () => {
    await app.close();
    await env.close();
  });

  // The client writes the left part of X-Forwarded-For; the proxy (127.0.0.1 here) appends the address it saw.
  const viaProxy = (forged: string) => ({ 'x-forwarded-for': `${forged}, 203.0.113.7` });

  it('an attacker rotating X-Forwarded-For still meets the login limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: viaProxy(`198.51.100.${i}`),
        payload: { email: `person${i}@example.com`, password: 'wrong password here' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 5).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
  });

  it('an attacker rotating X-Forwarded-For still meets the registration limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: viaProxy(`198.51.100.${i}`),
        payload: {
          firstName: 'Spam',
          lastName: 'Bot',
          email: `spam${i}@example.com`,
          password: 'long enough pw',
        },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((status) => status === 429)).toHaveLength(2);
  });

  it('a different client behind the same proxy is not limited by the attacker', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-forwarded-for': '203.0.113.99' },
      payload: { email: 'someone@example.com', password: 'wrong password here' },
    });
    expect(res.statusCode).toBe(401);
  });
});
