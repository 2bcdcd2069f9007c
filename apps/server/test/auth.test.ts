import { defaultRateLimits } from '@evident/api/rate-limits';
import { passwordResetTokens, sessions } from '@evident/db/schema';
import { listOutbox } from '@evident/mail/outbox-reader';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from './harness';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

const newcomer = (email: string) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email,
  password: 'analytical-engine',
});

/** Waits for the reset mail sent in the background after forgot-password answered. */
async function resetLinkFor(email: string): Promise<URL> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const message = listOutbox(env.config.mail.outboxDir).find(
      (m) => m.to === email && m.subject.includes('Reset'),
    );
    const link = message?.text.match(/https?:\/\/\S+reset-password\?token=\S+/)?.[0];
    if (link) return new URL(link);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no reset mail for ${email}`);
}

describe('registration', () => {
  it('a student registers, is welcomed by mail, and signs in with the same credentials', async () => {
    const visitor = env.browser();
    const { user } = await (await visitor.caller()).auth.register({ ...newcomer('Ada@Example.com') });
    expect(user).toMatchObject({ email: 'ada@example.com', role: 'student', firstName: 'Ada' });
    expect(visitor.sessionId).toBeNull();

    const welcome = listOutbox(env.config.mail.outboxDir).find((m) => m.to === 'ada@example.com');
    expect(welcome?.subject).toBe('Welcome to Evident');

    await (await visitor.caller()).auth.login({ email: 'ADA@example.com', password: 'analytical-engine' });
    const me = await (await visitor.caller()).auth.user();
    expect(me).toMatchObject({
      email: 'ada@example.com',
      role: 'student',
      isImpersonating: false,
      originalUser: null,
    });
  });

  it('an assessor may register as an assessor', async () => {
    const { user } = await (await env.browser().caller()).auth.register({
      ...newcomer('grace@example.com'),
      role: 'assessor',
    });
    expect(user.role).toBe('assessor');
  });

  it('refuses a second account with the same email in any case', async () => {
    const caller = await env.browser().caller();
    await caller.auth.register(newcomer('dup@example.com'));
    await expect(caller.auth.register(newcomer('DUP@example.COM'))).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'An account with this email already exists',
    });
  });

  it('refuses rto_admin and unknown roles, short passwords and missing names', async () => {
    const caller = await env.browser().caller();
    for (const role of ['rto_admin', 'superuser']) {
      await expect(
        caller.auth.register({ ...newcomer(`${role}@example.com`), role: role as 'student' }),
      ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    }
    await expect(
      caller.auth.register({ ...newcomer('short@example.com'), password: 'seven77' }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(
      caller.auth.register({ ...newcomer('noname@example.com'), firstName: '  ' }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });
});

describe('signing in and out', () => {
  it('answers wrong credentials the same way whether or not the email exists', async () => {
    const caller = await env.browser().caller();
    await caller.auth.register(newcomer('known@example.com'));
    const wrongPassword = caller.auth.login({ email: 'known@example.com', password: 'not-the-password' });
    const unknownEmail = caller.auth.login({ email: 'nobody@example.com', password: 'not-the-password' });
    await expect(wrongPassword).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Invalid email or password',
    });
    await expect(unknownEmail).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Invalid email or password',
    });
  });

  it('logout ends the session on the server, not just in the browser', async () => {
    const student = await env.signedIn('student');
    const stolenSessionId = student.sessionId;
    expect(stolenSessionId).toBeTruthy();
    await (await student.caller()).auth.logout();
    expect(await (await student.caller()).auth.user()).toBeNull();
    const rows = await env.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, stolenSessionId ?? ''));
    expect(rows).toHaveLength(0);
  });

  it('sets an HttpOnly, SameSite=Lax session cookie', async () => {
    const student = await env.signedIn('student');
    const cookie = student.cookies.at(-1) ?? '';
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
  });
});

describe('password reset', () => {
  it('mails a single-use link that sets a new password and ends the other sessions', async () => {
    const student = await env.signedIn('student', { email: 'forgetful@example.com' });
    const stranger = env.browser();
    const answer = await (await stranger.caller()).auth.forgotPassword({ email: 'Forgetful@example.com' });
    expect(answer.message).toBe(
      'If an account exists for forgetful@example.com, you will receive a password reset link shortly.',
    );

    const link = await resetLinkFor('forgetful@example.com');
    expect(link.origin).toBe('http://evident.test');
    const token = link.searchParams.get('token') ?? '';
    const stored = await env.db.select().from(passwordResetTokens);
    expect(stored.some((row) => row.tokenHash === token)).toBe(false);

    await (await stranger.caller()).auth.resetPassword({ token, password: 'a-brand-new-secret' });
    expect(await (await student.caller()).auth.user()).toBeNull();
    await expect(
      (await stranger.caller()).auth.resetPassword({ token, password: 'another-new-secret' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'Invalid or expired reset token' });

    const caller = await env.browser().caller();
    await expect(
      caller.auth.login({ email: 'forgetful@example.com', password: student.password }),
    ).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    await caller.auth.login({ email: 'forgetful@example.com', password: 'a-brand-new-secret' });
  });

  it('answers an unknown email exactly like a known one and mails nobody', async () => {
    const before = listOutbox(env.config.mail.outboxDir).length;
    const answer = await (await env.browser().caller()).auth.forgotPassword({ email: 'ghost@example.com' });
    expect(answer.message).toBe(
      'If an account exists for ghost@example.com, you will receive a password reset link shortly.',
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(listOutbox(env.config.mail.outboxDir).length).toBe(before);
  });

  it('refuses an expired token', async () => {
    await env.signedIn('student', { email: 'late@example.com' });
    await (await env.browser().caller()).auth.forgotPassword({ email: 'late@example.com' });
    const token = (await resetLinkFor('late@example.com')).searchParams.get('token') ?? '';
    await env.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    await expect(
      (await env.browser().caller()).auth.resetPassword({ token, password: 'too-late-now' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('rate limits', () => {
  it('slow down repeated sign-in attempts on one account with 429', async () => {
    const limited = await createTestEnv({
      rateLimits: { ...defaultRateLimits, loginAccount: { points: 3, durationSeconds: 60 } },
    });
    try {
      const caller = await limited.browser().caller();
      for (let i = 0; i < 3; i++) {
        await expect(
          caller.auth.login({ email: 'victim@example.com', password: 'guess-guess' }),
        ).rejects.toMatchObject({
          code: 'UNAUTHORIZED',
        });
      }
      await expect(
        caller.auth.login({ email: 'victim@example.com', password: 'guess-guess' }),
      ).rejects.toMatchObject({
        code: 'TOO_MANY_REQUESTS',
        message: expect.stringMatching(/^Too many attempts/),
      });
    } finally {
      await limited.close();
    }
  });

  it('limit registrations and reset requests per address', async () => {
    const limited = await createTestEnv({
      rateLimits: {
        ...defaultRateLimits,
        registerIp: { points: 1, durationSeconds: 60 },
        forgotAccount: { points: 1, durationSeconds: 60 },
      },
    });
    try {
      const caller = await limited.browser('10.0.0.9').caller();
      await caller.auth.register(newcomer('one@example.com'));
      await expect(caller.auth.register(newcomer('two@example.com'))).rejects.toMatchObject({
        code: 'TOO_MANY_REQUESTS',
      });
      await caller.auth.forgotPassword({ email: 'one@example.com' });
      await expect(caller.auth.forgotPassword({ email: 'one@example.com' })).rejects.toMatchObject({
        code: 'TOO_MANY_REQUESTS',
      });
    } finally {
      await limited.close();
    }
  });
});
