import { randomBytes } from 'node:crypto';
import { registerInput } from '@evident/core/auth-schemas';
import { AppError } from '@evident/core/errors';
import { fullName } from '@evident/core/user';
import { recordAudit } from '@evident/db/queries/audit';
import { enqueueJob } from '@evident/db/queries/jobs';
import { insertResetToken } from '@evident/db/queries/password-reset';
import { insertUser } from '@evident/db/queries/users';
import { z } from 'zod';
import type { AuthedContext } from '../../context';
import { mailJob } from '../../jobs/mail-job';
import { hashToken, resetPasswordUrl } from '../auth/password-reset';
import { INVITATION_TTL_DAYS } from '../invitation/invitation-mail';

/**
 * `POST /api/admin/users`: an admin adds a validator (issue 30 §2), someone from outside who reviews
 * validation rounds and signs up by no other route. Students join by class, assessors register.
 */
export const addPersonInput = registerInput.pick({ firstName: true, lastName: true, email: true }).extend({
  role: z.enum(['validator'], { error: 'role must be validator' }).default('validator'),
});

export const addedPersonOutput = z.object({ id: z.string(), role: z.enum(['validator']) });

/**
 * The account has no password: its mail carries a set-password link (a reset token lasting as long
 * as a class invitation's). Account, token, mail and audit row commit together, or none of them.
 */
export async function addPerson(ctx: AuthedContext, input: z.output<typeof addPersonInput>) {
  const invitedBy = ctx.user.isImpersonating ? ctx.user.originalUser : ctx.user;
  const person = await ctx.db.transaction(async (tx) => {
    const row = await insertUser(tx, { ...input, passwordHash: null });
    if (!row) throw new AppError('CONFLICT', `Someone already has the email ${input.email}`);
    const token = randomBytes(32).toString('base64url');
    await insertResetToken(tx, {
      tokenHash: hashToken(token),
      userId: row.id,
      expiresAt: new Date(Date.now() + INVITATION_TTL_DAYS * 86_400_000),
    });
    await enqueueJob(
      tx,
      mailJob({
        kind: 'validator-invitation',
        to: row.email,
        firstName: row.firstName,
        invitedBy: invitedBy ? fullName(invitedBy) : null,
        setPasswordUrl: resetPasswordUrl(ctx.publicUrl, token),
        expiresInDays: INVITATION_TTL_DAYS,
      }),
    );
    await recordAudit(tx, {
      actorId: ctx.realUserId,
      action: 'user.create',
      subjectId: row.id,
      detail: { subjectName: fullName(row), subjectEmail: row.email, role: row.role },
    });
    return row;
  });
  ctx.jobs.wake();
  await ctx.events.publish({ type: 'user.changed', userId: person.id });
  return { id: person.id, role: input.role };
}
