import { resetPasswordInput } from '@evident/core/auth-schemas';
import { AppError } from '@evident/core/errors';
import { fullName } from '@evident/core/user';
import type { Database } from '@evident/db/client';
import { recordAudit } from '@evident/db/queries/audit';
import { findInvitedClass, findResetToken } from '@evident/db/queries/class-invitations';
import { listClassUnits } from '@evident/db/queries/classes';
import { consumeResetToken, spendResetTokensOf } from '@evident/db/queries/password-reset';
import { deleteOtherSessions } from '@evident/db/queries/sessions';
import { findUserById, setPasswordHash, toUserSummary, type UserRow } from '@evident/db/queries/users';
import { z } from 'zod';
import type { Context } from '../../context';
import { userSummaryOutput } from '../../views/common-outputs';
import { hashToken, sendResetLink } from '../auth/password-reset';
import { queueInvitationMail } from './invitation-mail';

/*
 * The invitation mail's link (`/welcome?token=`): the class, its units and who enrolled the student,
 * then a password, then straight into the app. The token is the set-password token the mail carries,
 * so a reset spends it as it spends any other of the person's links.
 */

export const welcomeTokenInput = resetPasswordInput.pick({ token: true });
export const setWelcomePasswordInput = resetPasswordInput;

export const NOT_VALID =
  'This invitation link is not valid. Check that you opened the whole link from your email.';
export const EXPIRED = 'This invitation link has expired. Ask for a new one and we will email it to you.';
export const USED =
  'This invitation link has already been used to choose a password. Sign in with that password, or ask for a new link.';
export const NEW_LINK_MESSAGE =
  'If this link came from us, a new one is on its way to the email address it was sent to.';

const unitRef = z.object({ id: z.string(), unitCode: z.string(), title: z.string() });

/** What the welcome screen shows. */
export const welcomeOutput = z.object({
  firstName: z.string(),
  email: z.string(),
  /** The class the invitation enrolled them in; null if that enrolment is gone. */
  className: z.string().nullable(),
  units: z.array(unitRef),
  /** The admin who enrolled them, by name. */
  invitedBy: z.string().nullable(),
});

/** Signed in: who, and the class's units (the dashboard opens on the first). */
export const welcomedOutput = z.object({ user: userSummaryOutput, units: z.array(unitRef) });

/**
 * The person a welcome link is for, or why it no longer works: used before expired, since a link
 * that has been used tells its holder more. Only a student's link welcomes: staff reset theirs.
 */
async function personOfLink(db: Database, tokenHash: string): Promise<UserRow> {
  const row = await findResetToken(db, tokenHash);
  const person = row ? await findUserById(db, row.userId) : undefined;
  if (!row || !person || person.deactivatedAt || person.role !== 'student')
    throw new AppError('NOT_FOUND', NOT_VALID);
  if (row.usedAt) throw new AppError('BAD_REQUEST', USED);
  if (row.expiresAt <= new Date()) throw new AppError('BAD_REQUEST', EXPIRED);
  return person;
}

async function invitedClass(db: Database, studentId: string) {
  const found = await findInvitedClass(db, studentId);
  if (!found) return { className: null, units: [], invitedBy: null };
  const units = await listClassUnits(db, found.id);
  return {
    className: found.name,
    units: units.map(({ id, unitCode, title }) => ({ id, unitCode, title })),
    invitedBy: found.inviter ? fullName(found.inviter) : null,
  };
}

/** `invitation.welcome.get`: reads the link without spending it. */
export async function describeWelcome(ctx: Context, token: string) {
  const person = await personOfLink(ctx.db, hashToken(token));
  return { firstName: person.firstName, email: person.email, ...(await invitedClass(ctx.db, person.id)) };
}

/**
 * `invitation.welcome.setPassword`: the password the reset rules allow, the link (and every other
 * set-password link of the person) spent, audited as a reset is, then a session as signing in starts.
 */
export async function setWelcomePassword(ctx: Context, input: z.output<typeof setWelcomePasswordInput>) {
  await ctx.rateLimits.consume('resetIp', ctx.ip);
  const tokenHash = hashToken(input.token);
  // Says why a link no longer works before spending a password hash on it.
  await personOfLink(ctx.db, tokenHash);
  const passwordHash = await ctx.passwords.hash(input.password);
  const welcome = await ctx.db.transaction(async (tx) => {
    const now = new Date();
    const userId = await consumeResetToken(tx, { tokenHash, now });
    // Another tab spent the link in the meantime.
    if (!userId) throw new AppError('BAD_REQUEST', USED);
    const person = await findUserById(tx, userId);
    // Deactivated since the check above: the transaction puts the link back as it was.
    if (!person || person.deactivatedAt) throw new AppError('NOT_FOUND', NOT_VALID);
    await spendResetTokensOf(tx, { userId, now });
    await setPasswordHash(tx, { userId, passwordHash });
    await deleteOtherSessions(tx, { userId });
    const invited = await invitedClass(tx, userId);
    await recordAudit(tx, {
      actorId: userId,
      action: 'password.reset',
      subjectId: userId,
      detail: {
        ip: ctx.ip,
        via: 'invitation',
        ...(invited.className ? { className: invited.className } : {}),
      },
    });
    return { person, units: invited.units };
  });
  const { person } = welcome;
  if (ctx.session) await ctx.sessions.invalidate(ctx.session.sessionId);
  const { cookie } = await ctx.sessions.create(person.id);
  ctx.setCookie(cookie);
  await recordAudit(ctx.db, {
    actorId: person.id,
    action: 'sign-in.success',
    subjectId: person.id,
    detail: { method: 'invitation', ip: ctx.ip, actorName: fullName(person) },
  });
  // The admin's class screen stops calling the invitation pending.
  await ctx.events.publish({ type: 'user.changed', userId: person.id });
  return { user: toUserSummary(person), units: welcome.units };
}

/**
 * `invitation.welcome.requestLink`: a fresh link for the person an expired or used link was mailed
 * to, by mail to them only. The answer is the same whatever the link, and comes before any lookup,
 * as forgot-password's does, so it tells a stranger nothing.
 */
export async function requestWelcomeLink(ctx: Context, token: string) {
  await ctx.rateLimits.consume('forgotIp', ctx.ip);
  void sendNewLink(ctx, token).catch((error: unknown) => ctx.log.error(error, 'new invitation link failed'));
  return { message: NEW_LINK_MESSAGE };
}

async function sendNewLink(ctx: Context, token: string): Promise<void> {
  const row = await findResetToken(ctx.db, hashToken(token));
  const person = row ? await findUserById(ctx.db, row.userId) : undefined;
  if (!person || person.deactivatedAt) return;
  if (!(await ctx.rateLimits.withinLimit('forgotAccount', person.email))) return;
  const invited = person.role === 'student' ? await findInvitedClass(ctx.db, person.id) : undefined;
  // Someone who has a password already (a used link) needs a reset, and so does anyone in no class.
  if (person.passwordHash || !invited) return sendResetLink(ctx, person.email);
  const units = await listClassUnits(ctx.db, invited.id);
  await ctx.db.transaction((tx) =>
    queueInvitationMail(tx, {
      publicUrl: ctx.publicUrl,
      person,
      className: invited.name,
      units,
      invitedBy: invited.inviter ? fullName(invited.inviter) : null,
    }),
  );
  ctx.jobs.wake();
}
