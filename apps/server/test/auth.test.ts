import { resetPasswordUrl } from '@evident/api/services';
import { passwordResetTokens, sessions } from '@evident/db/schema';
import { listOutbox } from '@evident/mail/outbox-reader';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newcomer } from './auth-fixtures';
import { createTestEnv, type TestEnv } from './harness';
import { resetLinkFor, resetLinksFor } from './mail-fixtures';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

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
