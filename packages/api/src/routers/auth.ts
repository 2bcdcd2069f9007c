import { createHash, randomBytes } from 'node:crypto';
import {
  forgotPasswordInput,
  loginInput,
  registerInput,
  resetPasswordInput,
} from '@evident/core/auth-schemas';
import { AppError } from '@evident/core/errors';
import { consumeResetToken, insertResetToken, spendResetTokensOf } from '@evident/db/queries/password-reset';
import { deleteOtherSessions } from '@evident/db/queries/sessions';
import { findUserByEmail, insertUser, setPasswordHash, toUserSummary } from '@evident/db/queries/users';
import type { Context } from '../context';
import { publicProcedure, router } from '../trpc';

export const RESET_TOKEN_TTL_MINUTES = 60;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function forgotPasswordMessage(email: string): string {
  return `If an account exists for ${email}, you will receive a password reset link shortly.`;
}

/**
 * PUBLIC_URL may carry a path (https://example.org/evident), which `new URL('/reset-password', base)`
 * would drop; the link is appended to it instead.
 */
export function resetPasswordUrl(publicUrl: string, token: string): string {
  const url = new URL(`${publicUrl.replace(/\/+$/, '')}/reset-password`);
  url.searchParams.set('token', token);
  return url.toString();
}

async function sendResetLink(ctx: Context, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return;
  const token = randomBytes(32).toString('base64url');
  await insertResetToken(ctx.db, {
    tokenHash: hashToken(token),
    userId: user.id,
    expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MINUTES * 60_000),
  });
  await ctx.mailer.send({
    kind: 'password-reset',
    to: user.email,
    firstName: user.firstName,
    resetUrl: resetPasswordUrl(ctx.publicUrl, token),
    expiresInMinutes: RESET_TOKEN_TTL_MINUTES,
  });
}

export const authRouter = router({
  user: publicProcedure.query(({ ctx }) => ctx.user),

  register: publicProcedure.input(registerInput).mutation(async ({ ctx, input }) => {
    await ctx.rateLimits.consume('registerIp', ctx.ip);
    await ctx.rateLimits.consume('registerAccount', input.email);
    const passwordHash = await ctx.passwords.hash(input.password);
    const approvedAt = input.role === 'assessor' && ctx.assessorSignup === 'open' ? new Date() : null;
    const row = await insertUser(ctx.db, { ...input, passwordHash, approvedAt });
    if (!row) throw new AppError('CONFLICT', 'An account with this email already exists');
    await ctx.events.publish({ type: 'user.changed', userId: row.id });
    // The account exists whether or not the welcome mail goes out; a mail outage must not fail sign-up.
    await ctx.mailer
      .send({ kind: 'welcome', to: row.email, firstName: row.firstName, appUrl: ctx.publicUrl })
      .catch((error: unknown) => ctx.log.error(error, 'welcome mail failed'));
    return { user: toUserSummary(row) };
  }),

  login: publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    await ctx.rateLimits.consume('loginIp', ctx.ip);
    await ctx.rateLimits.consume('loginAccount', input.email);
    const row = await findUserByEmail(ctx.db, input.email);
    const valid = row?.passwordHash
      ? await ctx.passwords.verify(row.passwordHash, input.password)
      : await ctx.passwords.verifyNothing(input.password).then(() => false);
    if (!row || !valid) throw new AppError('UNAUTHORIZED', 'Invalid email or password');
    // The per-account limit is there to stop guessing: only failures count against it, so someone
    // signing in on several devices is never locked out. Consumed up front and refunded here, so a
    // burst of guesses in parallel is still counted before any of them is checked.
    await ctx.rateLimits.refund('loginAccount', input.email);
    if (ctx.session) await ctx.sessions.invalidate(ctx.session.sessionId);
    const { cookie } = await ctx.sessions.create(row.id);
    ctx.setCookie(cookie);
    return { user: toUserSummary(row) };
  }),

  logout: publicProcedure.mutation(async ({ ctx }) => {
    if (ctx.session) await ctx.sessions.invalidate(ctx.session.sessionId);
    ctx.setCookie(ctx.sessions.blankCookie());
    return { ok: true as const };
  }),

  forgotPassword: publicProcedure.input(forgotPasswordInput).mutation(async ({ ctx, input }) => {
    await ctx.rateLimits.consume('forgotIp', ctx.ip);
    await ctx.rateLimits.consume('forgotAccount', input.email);
    // Not awaited: answering only after a lookup and a send would tell a stopwatch which emails exist.
    void sendResetLink(ctx, input.email).catch((error: unknown) =>
      ctx.log.error(error, 'password reset mail failed'),
    );
    return { message: forgotPasswordMessage(input.email) };
  }),

  resetPassword: publicProcedure.input(resetPasswordInput).mutation(async ({ ctx, input }) => {
    await ctx.rateLimits.consume('resetIp', ctx.ip);
    const passwordHash = await ctx.passwords.hash(input.password);
    const updated = await ctx.db.transaction(async (tx) => {
      const now = new Date();
      const userId = await consumeResetToken(tx, hashToken(input.token), now);
      if (!userId) return false;
      // Any other link still sitting in the user's mailbox would set the password again.
      await spendResetTokensOf(tx, userId, now);
      await setPasswordHash(tx, userId, passwordHash);
      const keep = ctx.session?.userId === userId ? ctx.session.sessionId : undefined;
      await deleteOtherSessions(tx, userId, keep);
      return true;
    });
    if (!updated) throw new AppError('BAD_REQUEST', 'Invalid or expired reset token');
    return { message: 'Password updated' };
  }),
});
