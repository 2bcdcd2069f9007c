import { defaultRateLimits } from '@evident/api/rate-limits';
import { resetPasswordUrl } from '@evident/api/services';
import { passwordResetTokens, sessions } from '@evident/db/schema';
import { listOutbox } from '@evident/mail/outbox-reader';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from './harness';
import { resetLinkFor, resetLinksFor } from './mail-fixtures';

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

describe('registration', () => {
  it('a student registers, is welcomed by mail, and signs in with the same credentials', async () => {
    const visitor = env.browser();
    const { user } = await (await visitor.caller()).auth.accounts.register({
      ...newcomer('Ada@Example.com'),
    });
    expect(user).toMatchObject({ email: 'ada@example.com', role: 'student', firstName: 'Ada' });
    expect(visitor.sessionId).toBeNull();

    // The welcome mail is a job the worker sends just after the answer.
    await env.services.jobs.idle();
    const welcome = listOutbox(env.config.mail.outboxDir).find((m) => m.to === 'ada@example.com');
    expect(welcome?.subject).toBe('Welcome to Evident');

    await (await visitor.caller()).auth.session.login({
      email: 'ADA@example.com',
      password: 'analytical-engine',
    });
    const me = await (await visitor.caller()).auth.session.get();
    expect(me).toMatchObject({
      email: 'ada@example.com',
      role: 'student',
      isImpersonating: false,
      originalUser: null,
    });
  });

  it('an assessor may register as an assessor', async () => {
    const { user } = await (await env.browser().caller()).auth.accounts.register({
      ...newcomer('grace@example.com'),
      role: 'assessor',
    });
    expect(user.role).toBe('assessor');
  });

  it('refuses a second account with the same email in any case', async () => {
    const caller = await env.browser().caller();
    await caller.auth.accounts.register(newcomer('dup@example.com'));
    await expect(caller.auth.accounts.register(newcomer('DUP@example.COM'))).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'An account with this email already exists',
    });
  });

  it('refuses rto_admin and unknown roles, short passwords and missing names', async () => {
    const caller = await env.browser().caller();
    for (const role of ['rto_admin', 'superuser']) {
      await expect(
        caller.auth.accounts.register({ ...newcomer(`${role}@example.com`), role: role as 'student' }),
      ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    }
    await expect(
      caller.auth.accounts.register({ ...newcomer('short@example.com'), password: 'seven77' }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(
      caller.auth.accounts.register({ ...newcomer('noname@example.com'), firstName: '  ' }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });
});

describe('signing in and out', () => {
  it('answers wrong credentials the same way whether or not the email exists', async () => {
    const caller = await env.browser().caller();
    await caller.auth.accounts.register(newcomer('known@example.com'));
    // Both at once and settled together: neither rejection is left unhandled while the other is awaited.
    const answers = await Promise.allSettled([
      caller.auth.session.login({ email: 'known@example.com', password: 'not-the-password' }),
      caller.auth.session.login({ email: 'nobody@example.com', password: 'not-the-password' }),
    ]);
    for (const answer of answers) {
      expect(answer).toMatchObject({
        status: 'rejected',
        reason: { code: 'UNAUTHORIZED', message: 'Invalid email or password' },
      });
    }
  });

  it('logout ends the session on the server, not just in the browser', async () => {
    const student = await env.signedIn('student');
    const stolenSessionId = student.sessionId;
    expect(stolenSessionId).toBeTruthy();
    await (await student.caller()).auth.session.logout();
    expect(await (await student.caller()).auth.session.get()).toBeNull();
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
    const answer = await (await stranger.caller()).auth.password.requestReset({
      email: 'Forgetful@example.com',
    });
    expect(answer.message).toBe(
      'If an account exists for forgetful@example.com, you will receive a password reset link shortly.',
    );

    const link = await resetLinkFor(env, 'forgetful@example.com');
    expect(link.origin).toBe('http://evident.test');
    const token = link.searchParams.get('token') ?? '';
    const stored = await env.db.select().from(passwordResetTokens);
    expect(stored.some((row) => row.tokenHash === token)).toBe(false);

    await (await stranger.caller()).auth.password.reset({ token, password: 'a-brand-new-secret' });
    expect(await (await student.caller()).auth.session.get()).toBeNull();
    await expect(
      (await stranger.caller()).auth.password.reset({ token, password: 'another-new-secret' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'Invalid or expired reset token' });

    const caller = await env.browser().caller();
    await expect(
      caller.auth.session.login({ email: 'forgetful@example.com', password: student.password }),
    ).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    await caller.auth.session.login({ email: 'forgetful@example.com', password: 'a-brand-new-secret' });
  });

  it('answers an unknown email exactly like a known one and mails nobody', async () => {
    const before = listOutbox(env.config.mail.outboxDir).length;
    const answer = await (await env.browser().caller()).auth.password.requestReset({
      email: 'ghost@example.com',
    });
    expect(answer.message).toBe(
      'If an account exists for ghost@example.com, you will receive a password reset link shortly.',
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(listOutbox(env.config.mail.outboxDir).length).toBe(before);
  });

  it('a reset spends every link the user was mailed, not just the one used', async () => {
    await env.signedIn('student', { email: 'twice-asked@example.com' });
    const stranger = await env.browser().caller();
    await stranger.auth.password.requestReset({ email: 'twice-asked@example.com' });
    await resetLinksFor(env, 'twice-asked@example.com', 1);
    await stranger.auth.password.requestReset({ email: 'twice-asked@example.com' });
    const [second, first] = await resetLinksFor(env, 'twice-asked@example.com', 2);
    const tokens = [first, second].map((link) => link?.searchParams.get('token') ?? '');
    expect(new Set(tokens).size).toBe(2);

    await stranger.auth.password.reset({ token: tokens[1] ?? '', password: 'the-one-that-counts' });
    await expect(
      stranger.auth.password.reset({ token: tokens[0] ?? '', password: 'an-older-link-used-later' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'Invalid or expired reset token' });
    await stranger.auth.session.login({ email: 'twice-asked@example.com', password: 'the-one-that-counts' });
  });

  it('keeps the path of PUBLIC_URL in the mailed link', async () => {
    const mounted = await createTestEnv({ env: { PUBLIC_URL: 'https://example.org/evident/' } });
    try {
      await mounted.signedIn('student', { email: 'mounted@example.com' });
      await (await mounted.browser().caller()).auth.password.requestReset({ email: 'mounted@example.com' });
      const [link] = await resetLinksFor(mounted, 'mounted@example.com', 1);
      expect(link?.origin).toBe('https://example.org');
      expect(link?.pathname).toBe('/evident/reset-password');
      expect(link?.searchParams.get('token')).toMatch(/^[\w-]{43}$/);
    } finally {
      await mounted.close();
    }
  });

  it('builds the reset link under PUBLIC_URL with or without a path or trailing slash', () => {
    expect(resetPasswordUrl('https://example.org/evident', 'abc')).toBe(
      'https://example.org/evident/reset-password?token=abc',
    );
    expect(resetPasswordUrl('https://example.org/evident/', 'abc')).toBe(
      'https://example.org/evident/reset-password?token=abc',
    );
    expect(resetPasswordUrl('http://evident.test', 'abc')).toBe(
      'http://evident.test/reset-password?token=abc',
    );
    expect(resetPasswordUrl('http://evident.test/', 'a-b_c')).toBe(
      'http://evident.test/reset-password?token=a-b_c',
    );
  });

  it('refuses an expired token', async () => {
    await env.signedIn('student', { email: 'late@example.com' });
    await (await env.browser().caller()).auth.password.requestReset({ email: 'late@example.com' });
    const token = (await resetLinkFor(env, 'late@example.com')).searchParams.get('token') ?? '';
    await env.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    await expect(
      (await env.browser().caller()).auth.password.reset({ token, password: 'too-late-now' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('rate limits', () => {
  it('refuse an address that keeps guessing at one account with 429, and only that address', async () => {
    const limited = await createTestEnv({ rateLimits: defaultRateLimits });
    try {
      await limited.signedIn('student', { email: 'victim@example.com' });
      const guesser = await limited.browser('10.0.4.1').caller();
      for (let i = 0; i < 10; i++) {
        await expect(
          guesser.auth.session.login({ email: 'victim@example.com', password: 'guess-guess' }),
        ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
      }
      await expect(
        guesser.auth.session.login({ email: 'victim@example.com', password: 'guess-guess' }),
      ).rejects.toMatchObject({
        code: 'TOO_MANY_REQUESTS',
        message: expect.stringMatching(/^Too many attempts\. Please wait 15 minutes and try again\.$/),
      });
      // The same address may still sign in to another account.
      await expect(
        guesser.auth.session.login({ email: 'someone-else@example.com', password: 'guess-guess' }),
      ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    } finally {
      await limited.close();
    }
  });

  it('count only failed sign-ins against an address, so a class behind one network address all get in', async () => {
    const limited = await createTestEnv({
      rateLimits: { ...defaultRateLimits, loginIp: { points: 3, durationSeconds: 60 } },
    });
    try {
      const students = [];
      for (let i = 0; i < 6; i++) {
        students.push(await limited.signedIn('student', { email: `classmate${i}@example.com` }));
      }
      const college = '10.0.6.1';
      for (const student of students) {
        const { user } = await (await limited.browser(college).caller()).auth.session.login({
          email: student.user.email,
          password: student.password,
        });
        expect(user.email).toBe(student.user.email);
      }
      // Failures from that address still meet its limit.
      const guesser = await limited.browser(college).caller();
      for (let i = 0; i < 3; i++) {
        await expect(
          guesser.auth.session.login({ email: `nobody${i}@example.com`, password: 'guess-guess' }),
        ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
      }
      await expect(
        guesser.auth.session.login({ email: 'nobody9@example.com', password: 'guess-guess' }),
      ).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    } finally {
      await limited.close();
    }
  });

  it('let the owner sign in from a sixth address after ten wrong passwords from five', async () => {
    const limited = await createTestEnv({ rateLimits: defaultRateLimits });
    try {
      const owner = await limited.signedIn('student', { email: 'owner@example.com' });
      for (let address = 1; address <= 5; address++) {
        const attacker = await limited.browser(`10.0.5.${address}`).caller();
        for (let i = 0; i < 2; i++) {
          await expect(
            attacker.auth.session.login({ email: 'owner@example.com', password: 'guess-guess' }),
          ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
        }
      }
      const signedIn = await (await limited.browser('10.0.5.6').caller()).auth.session.login({
        email: 'owner@example.com',
        password: owner.password,
      });
      expect(signedIn.user.email).toBe('owner@example.com');
    } finally {
      await limited.close();
    }
  });

  it('give guesses at one account from many addresses one turn at a time, telling the rest to wait', async () => {
    const limited = await createTestEnv({
      rateLimits: {
        ...defaultRateLimits,
        loginAccount: { points: 2, durationSeconds: 60, paceSeconds: 30 },
      },
    });
    try {
      await limited.signedIn('student', { email: 'popular@example.com' });
      const guess = (address: string) =>
        limited
          .browser(address)
          .caller()
          .then((caller) =>
            caller.auth.session.login({ email: 'popular@example.com', password: 'guess-guess' }),
          );
      for (const address of ['10.0.6.1', '10.0.6.2']) {
        await expect(guess(address)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
      }
      // Over the account's points: the next guess takes the free turn; the next turns are 30 s
      // and 60 s away, longer than any request is kept waiting, so those are refused unchecked.
      const outcomes = await Promise.allSettled(['10.0.6.3', '10.0.6.4', '10.0.6.5'].map(guess));
      const reasons = outcomes.map((o) =>
        o.status === 'rejected' ? (o.reason as Error).message : 'signed in',
      );
      expect(reasons.filter((r) => r === 'Invalid email or password')).toHaveLength(1);
      expect(
        reasons.filter((r) =>
          /^Many attempts are being made on this account right now\. Please wait \d+ seconds and try again\.$/.test(
            r,
          ),
        ),
      ).toHaveLength(2);
    } finally {
      await limited.close();
    }
  });

  it('count only failed sign-ins against an account, so signing in on many devices never holds it back', async () => {
    const limited = await createTestEnv({
      rateLimits: {
        ...defaultRateLimits,
        loginAccount: { points: 3, durationSeconds: 60, paceSeconds: 600 },
      },
    });
    try {
      const owner = await limited.signedIn('student', { email: 'many-devices@example.com' });
      for (let device = 0; device < 6; device++) {
        await (await limited.browser(`10.0.1.${device}`).caller()).auth.session.login({
          email: 'many-devices@example.com',
          password: owner.password,
        });
      }
      const guesser = await limited.browser('10.0.2.1').caller();
      for (let i = 0; i < 3; i++) {
        await expect(
          guesser.auth.session.login({ email: 'many-devices@example.com', password: 'guess-guess' }),
        ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
      }
      // Three failures used the account's points; the owner's attempt takes the next turn, which is free.
      await (await limited.browser('10.0.1.9').caller()).auth.session.login({
        email: 'many-devices@example.com',
        password: owner.password,
      });
    } finally {
      await limited.close();
    }
  });

  it('limit registrations per email across addresses, answering 429 with a message', async () => {
    const limited = await createTestEnv({
      rateLimits: { ...defaultRateLimits, registerAccount: { points: 2, durationSeconds: 60 } },
    });
    const app = await limited.app();
    try {
      const first = await limited.browser('10.0.3.1').caller();
      await first.auth.accounts.register(newcomer('popular@example.com'));
      await expect(first.auth.accounts.register(newcomer('popular@example.com'))).rejects.toMatchObject({
        code: 'CONFLICT',
      });
      const elsewhere = await limited.browser('10.0.3.2').caller();
      await expect(elsewhere.auth.accounts.register(newcomer('Popular@Example.com'))).rejects.toMatchObject({
        code: 'TOO_MANY_REQUESTS',
        message: expect.stringMatching(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/),
      });

      const overRest = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(newcomer('popular@example.com')),
      });
      expect(overRest.statusCode).toBe(429);
      expect(overRest.headers['content-type']).toMatch(/^text\/plain/);
      expect(overRest.body).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);

      // Another email from the same addresses is not held back by it.
      await elsewhere.auth.accounts.register(newcomer('someone-else@example.com'));
    } finally {
      await app.close();
      await limited.close();
    }
  });

  it('limit registrations and reset requests per address', async () => {
    const limited = await createTestEnv({
      rateLimits: {
        ...defaultRateLimits,
        registerIp: { points: 1, durationSeconds: 60 },
        forgotIp: { points: 1, durationSeconds: 60 },
      },
    });
    try {
      const caller = await limited.browser('10.0.0.9').caller();
      await caller.auth.accounts.register(newcomer('one@example.com'));
      await expect(caller.auth.accounts.register(newcomer('two@example.com'))).rejects.toMatchObject({
        code: 'TOO_MANY_REQUESTS',
      });
      await caller.auth.password.requestReset({ email: 'one@example.com' });
      await expect(caller.auth.password.requestReset({ email: 'two@example.com' })).rejects.toMatchObject({
        code: 'TOO_MANY_REQUESTS',
      });
    } finally {
      await limited.close();
    }
  });

  it('answer reset requests past the per-email limit exactly as before, and only stop mailing', async () => {
    const limited = await createTestEnv({
      rateLimits: { ...defaultRateLimits, forgotAccount: { points: 2, durationSeconds: 60 } },
    });
    const app = await limited.app();
    try {
      await limited.signedIn('student', { email: 'targeted@example.com' });
      const answers = [];
      for (let i = 0; i < 6; i++) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          remoteAddress: `10.0.7.${i}`,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ email: 'targeted@example.com' }),
        });
        answers.push({ status: res.statusCode, type: res.headers['content-type'], body: res.body });
      }
      expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
      expect(answers[0]?.status).toBe(200);
      expect(JSON.parse(answers[0]?.body ?? '')).toEqual({
        message:
          'If an account exists for targeted@example.com, you will receive a password reset link shortly.',
      });
      // The same over tRPC: the owner asking again gets the usual answer, not a 429.
      const owner = await limited.browser('10.0.7.99').caller();
      await expect(owner.auth.password.requestReset({ email: 'targeted@example.com' })).resolves.toEqual({
        message:
          'If an account exists for targeted@example.com, you will receive a password reset link shortly.',
      });
      await resetLinksFor(limited, 'targeted@example.com', 2);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await expect(resetLinksFor(limited, 'targeted@example.com', 3)).rejects.toThrow();
    } finally {
      await app.close();
      await limited.close();
    }
  });
});
