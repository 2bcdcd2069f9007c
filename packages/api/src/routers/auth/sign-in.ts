import type { loginInput, registerInput } from '@evident/core/auth-schemas';
import { AppError } from '@evident/core/errors';
import { fullName } from '@evident/core/user';
import { recordAudit } from '@evident/db/queries/audit';
import { findUserByEmail, insertUser, toUserSummary } from '@evident/db/queries/users';
import type { z } from 'zod';
import type { Context } from '../../context';
import { queueApprovalRequests } from '../../rules/approval-requests';

/** Said only after the right password (or a provider's word), so it tells a guesser nothing. */
export const deactivatedMessage = 'This account has been deactivated. Please contact your RTO administrator.';

export async function register(ctx: Context, input: z.output<typeof registerInput>) {
  await ctx.rateLimits.consume('registerIp', ctx.ip);
  await ctx.rateLimits.consume('registerAccount', input.email);
  const passwordHash = await ctx.passwords.hash(input.password);
  const approvedAt = input.role === 'assessor' && ctx.assessorSignup === 'open' ? new Date() : null;
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await insertUser(tx, { ...input, passwordHash, approvedAt });
    // A new assessor who must wait: the admins hear of it with the account, or neither happens.
    if (inserted?.role === 'assessor' && !inserted.approvedAt)
      await queueApprovalRequests(tx, { assessor: inserted, via: 'sign-up', appUrl: ctx.publicUrl });
    return inserted;
  });
  if (!row) throw new AppError('CONFLICT', 'An account with this email already exists');
  ctx.jobs.wake();
  await ctx.events.publish({ type: 'user.changed', userId: row.id });
  // The account exists whether or not the welcome mail goes out; a mail outage must not fail sign-up.
  await ctx.mailer
    .send({ kind: 'welcome', to: row.email, firstName: row.firstName, appUrl: ctx.publicUrl })
    .catch((error: unknown) => ctx.log.error(error, 'welcome mail failed'));
  return { user: toUserSummary(row) };
}

export async function login(ctx: Context, input: z.output<typeof loginInput>) {
  const fromHere = `${input.email} ${ctx.ip}`;
  await ctx.rateLimits.consume('loginIp', ctx.ip);
  // Guesses at one account from one address are refused outright after a few; guesses at it from
  // everywhere only slow down (one every few seconds), so someone guessing from many addresses
  // cannot lock the owner out, and cannot guess fast either.
  const triesFromHere = await ctx.rateLimits.consume('loginAccountAddress', fromHere);
  // An address that has not failed at the account (the owner's own, most likely) takes turns in a
  // line of its own, so guesses queued from elsewhere do not turn its first try away. A guesser gets
  // one such try per address, and their parallel attempts count before any is checked.
  await ctx.rateLimits.pace('loginAccount', input.email, { firstTry: triesFromHere === 1 });
  const row = await findUserByEmail(ctx.db, input.email);
  const valid = row?.passwordHash
    ? await ctx.passwords.verify(row.passwordHash, input.password)
    : await ctx.passwords.verifyNothing(input.password).then(() => false);
  if (!row || !valid) {
    await recordAudit(ctx.db, {
      actorId: null,
      action: 'sign-in.failure',
      subjectId: row?.id,
      detail: { method: 'password', email: input.email, ip: ctx.ip, reason: 'wrong email or password' },
    });
    throw new AppError('UNAUTHORIZED', 'Invalid email or password');
  }
  if (row.deactivatedAt) {
    await recordAudit(ctx.db, {
      actorId: null,
      action: 'sign-in.failure',
      subjectId: row.id,
      detail: {
        method: 'password',
        email: row.email,
        ip: ctx.ip,
        reason: 'deactivated',
        subjectName: fullName(row),
      },
    });
    throw new AppError('FORBIDDEN', deactivatedMessage);
  }
  // The limits are there to stop guessing: only failures count against them, so someone signing in
  // on several devices, or a class behind one college address, is never held back. Counted up front
  // and refunded here, so a burst of guesses in parallel is still counted before any is checked.
  await ctx.rateLimits.refund('loginIp', ctx.ip);
  await ctx.rateLimits.refund('loginAccountAddress', fromHere);
  await ctx.rateLimits.refund('loginAccount', input.email);
  if (ctx.session) await ctx.sessions.invalidate(ctx.session.sessionId);
  const { cookie } = await ctx.sessions.create(row.id);
  ctx.setCookie(cookie);
  await recordAudit(ctx.db, {
    actorId: row.id,
    action: 'sign-in.success',
    subjectId: row.id,
    detail: { method: 'password', ip: ctx.ip, actorName: fullName(row) },
  });
  return { user: toUserSummary(row) };
}

export async function logout(ctx: Context) {
  if (ctx.session) await ctx.sessions.invalidate(ctx.session.sessionId);
  ctx.setCookie(ctx.sessions.blankCookie());
  return { ok: true as const };
}
