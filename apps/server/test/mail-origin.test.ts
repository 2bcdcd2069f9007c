import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanAddresses } from '../src/banner';
import { defaultMailOrigin, mailOriginFor } from '../src/mail-origin';
import { createTestEnv, type TestEnv } from './harness';
import { resetLinkFor } from './mail-fixtures';

const lan = () => ['192.168.1.20'];
const unset = { configured: null, port: 3000, lan };

describe('where links in mail point', () => {
  it('with PUBLIC_URL, always there', () => {
    const configured = { ...unset, configured: 'https://evident.example' };
    expect(mailOriginFor({ protocol: 'http', host: '192.168.1.20:3000' }, configured)).toBe(
      'https://evident.example',
    );
    expect(defaultMailOrigin(configured)).toBe('https://evident.example');
  });

  it('without it, the address the person reached, when it is one of this machine’s', () => {
    expect(mailOriginFor({ protocol: 'http', host: '192.168.1.20:3000' }, unset)).toBe(
      'http://192.168.1.20:3000',
    );
    const name = hostname().toLowerCase();
    expect(mailOriginFor({ protocol: 'http', host: `${name}.local:3000` }, unset)).toBe(
      `http://${name}.local:3000`,
    );
  });

  it('never localhost while the machine has a network address, and never a host the caller made up', () => {
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'evil.example', undefined])
      expect(mailOriginFor({ protocol: 'http', host }, unset), String(host)).toBe('http://192.168.1.20:3000');
    expect(defaultMailOrigin(unset)).toBe('http://192.168.1.20:3000');
    // A machine on no network at all: its mail can only be read on it.
    expect(defaultMailOrigin({ ...unset, lan: () => [] })).toBe('http://localhost:3000');
  });
});

describe('a reset mail from a server without PUBLIC_URL', () => {
  let env: TestEnv;
  let app: Awaited<ReturnType<TestEnv['app']>>;
  beforeAll(async () => {
    env = await createTestEnv({ env: { PUBLIC_URL: '', PORT: '3000' } });
    app = await env.app();
  });
  afterAll(async () => {
    await app.close();
    await env.close();
  });

  const requestReset = (email: string, host: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: { host, 'content-type': 'application/json' },
      payload: { email },
    });

  it('links to the address the person used, and to the network address for one made up', async () => {
    const person = await env.signedIn('student', { email: 'reset-origin@example.com' });
    const reached = lanAddresses()[0] ?? hostname().toLowerCase();
    expect((await requestReset(person.user.email, `${reached}:3000`)).statusCode).toBe(200);
    expect((await resetLinkFor(env, person.user.email)).origin).toBe(`http://${reached}:3000`);

    const other = await env.signedIn('student', { email: 'reset-forged@example.com' });
    expect((await requestReset(other.user.email, 'evil.example')).statusCode).toBe(200);
    const link = await resetLinkFor(env, other.user.email);
    expect(link.hostname).not.toBe('evil.example');
    if (lanAddresses().length > 0) expect(link.hostname).not.toBe('localhost');
  });
});
