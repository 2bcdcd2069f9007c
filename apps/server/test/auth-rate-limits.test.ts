import { defaultRateLimits } from '@evident/api/rate-limits';
import { describe, expect, it } from 'vitest';
import { newcomer } from './auth-fixtures';
import { createTestEnv } from './harness';
import { resetLinksFor } from './mail-fixtures';

// Each test starts a server of its own with the limits it tries.

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
