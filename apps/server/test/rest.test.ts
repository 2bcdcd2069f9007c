import { PASSWORD_MAX_LENGTH } from '@evident/core/auth-rules';
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
