import { createHash, randomBytes } from 'node:crypto';
import type { forgotPasswordInput, resetPasswordInput } from '@evident/core/auth-schemas';
import { AppError } from '@evident/core/errors';
import { recordAudit } from '@evident/db/queries/audit';
import { consumeResetToken, insertResetToken, spendResetTokensOf } from '@evident/db/queries/password-reset';
import { deleteOtherSessions } from '@evident/db/queries/sessions';
import { findUserByEmail, findUserById, setPasswordHash } from '@evident/db/queries/users';
import type { z } from 'zod';
import type { Context } from '../../context';

export const RESET_TOKEN_TTL_MINUTES = 60;

/** Reset tokens are kept hashed; a class invitation's set-password link is one too. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function forgotPasswordMessage(email: string): string {
  return `If an account exists for ${email}, you will receive a password reset link shortly.`;
}

/**
 * PUBLIC_URL may carry a path (https://example.org/evident), which `new URL('/reset-password', base)`
 * would drop; the link is appended to it instead.
 */
export function resetPasswordUrl(publicUrl: string, token: string): string {
  return tokenLink(publicUrl, '/reset-password', token);
}

/** A page of the app with a mailed token in its query, under PUBLIC_URL's path as resetPasswordUrl says. */
export function tokenLink(publicUrl: string, path: string, token: string): string {
  const url = new URL(`${publicUrl.replace(/\/+$/, '')}${path}`);
  url.searchParams.set('token', token);
  return url.toString();
}

export async function sendResetLink(ctx: Context, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  // A deactivated person gets no link, and the answer on screen is the same as for anyone.
  if (!user || user.deactivatedAt) return;
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

export async function forgotPassword(ctx: Context, input: z.output<typeof forgotPasswordInput>) {
  await ctx.rateLimits.consume('forgotIp', ctx.ip);
  // Past the per-email limit the answer stays the same and no more mail goes out (see rate-limits.ts).
  if (await ctx.rateLimits.withinLimit('forgotAccount', input.email)) {
    // Not awaited: answering only after a lookup and a send would tell a stopwatch which emails exist.
    void sendResetLink(ctx, input.email).catch((error: unknown) =>
      ctx.log.error(error, 'password reset mail failed'),
    );
  }
  return { message: forgotPasswordMessage(input.email) };
}

export async function resetPassword(ctx: Context, input: z.output<typeof resetPasswordInput>) {
  await ctx.rateLimits.consume('resetIp', ctx.ip);
  const passwordHash = await ctx.passwords.hash(input.password);
  const updated = await ctx.db.transaction(async (tx) => {
    const now = new Date();
    const userId = await consumeResetToken(tx, { tokenHash: hashToken(input.token), now });
    if (!userId) return false;
    // A link mailed before the person was deactivated must not let them back in.
    if ((await findUserById(tx, userId))?.deactivatedAt) return false;
    // Any other link still sitting in the user's mailbox would set the password again.
    await spendResetTokensOf(tx, { userId, now });
    await setPasswordHash(tx, { userId, passwordHash });
    const keep = ctx.session?.userId === userId ? ctx.session.sessionId : undefined;
    await deleteOtherSessions(tx, { userId, keepSessionId: keep });
    await recordAudit(tx, {
      actorId: userId,
      action: 'password.reset',
      subjectId: userId,
      detail: { ip: ctx.ip },
    });
    return true;
  });
  if (!updated) throw new AppError('BAD_REQUEST', 'Invalid or expired reset token');
  return { message: 'Password updated' };
}
