import { randomBytes } from 'node:crypto';
import type { Database } from '@evident/db/client';
import { enqueueJob } from '@evident/db/queries/jobs';
import { insertResetToken } from '@evident/db/queries/password-reset';
import { mailJob } from '../../jobs/mail-job';
import { hashToken, tokenLink } from '../auth/password-reset';

/** An invitation's link lasts longer than a reset link: a trainer enrols a class ahead. */
export const INVITATION_TTL_DAYS = 14;

/** The welcome screen an invitation mail opens: the class, then a password, then the dashboard. */
export const welcomeUrl = (publicUrl: string, token: string) => tokenLink(publicUrl, '/welcome', token);

export type InvitationMail = {
  publicUrl: string;
  person: { id: string; email: string; firstName: string };
  className: string;
  units: { unitCode: string; title: string }[];
  /** The inviting admin's name, or null when no one is known to have (a link the student joined by). */
  invitedBy: string | null;
};

/**
 * A set-password token lasting INVITATION_TTL_DAYS and the mail carrying its welcome link, queued in
 * the caller's transaction so the account, its enrolment and its mail commit together.
 */
export async function queueInvitationMail(tx: Database, mail: InvitationMail): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await insertResetToken(tx, {
    tokenHash: hashToken(token),
    userId: mail.person.id,
    expiresAt: new Date(Date.now() + INVITATION_TTL_DAYS * 86_400_000),
  });
  await enqueueJob(
    tx,
    mailJob({
      kind: 'class-invitation',
      to: mail.person.email,
      firstName: mail.person.firstName,
      className: mail.className,
      units: mail.units.map((unit) => `${unit.unitCode} ${unit.title}`),
      setPasswordUrl: welcomeUrl(mail.publicUrl, token),
      expiresInDays: INVITATION_TTL_DAYS,
      invitedBy: mail.invitedBy,
    }),
  );
}
