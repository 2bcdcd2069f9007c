import { z } from 'zod';
import { emailSchema } from './auth-schemas';
import { day } from './date-fields';
import { requiredLine, text } from './text-fields';

/**
 * Classes (issue 19): one schema each for the admin form, the tRPC procedure and the REST body.
 * Dates are whole days (`2026-03-01`), as the `date` columns keep them.
 */

const classId = z.uuid({ error: 'id must be a class id' });

export const classIdInput = z.object({ id: classId });

const classFields = z.object({
  name: requiredLine({ label: 'Class name', max: 200 }),
  unitIds: z
    .array(z.uuid({ error: 'unitIds must be unit ids' }), { error: 'Choose at least one unit' })
    .min(1, 'Choose at least one unit')
    .max(50, 'A class takes at most 50 units')
    .transform((ids) => [...new Set(ids)]),
  startsOn: day({ label: 'startsOn' }).nullish(),
  endsOn: day({ label: 'endsOn' }).nullish(),
});

/** ISO dates compare as text. */
const endsAfterStart = (fields: { startsOn?: string | null; endsOn?: string | null }) =>
  !fields.startsOn || !fields.endsOn || fields.endsOn >= fields.startsOn;
const endBeforeStart = { message: 'The end date cannot be before the start date', path: ['endsOn'] };

export const createClassInput = classFields.refine(endsAfterStart, endBeforeStart);
export type CreateClassInput = z.input<typeof createClassInput>;

/** `PUT /api/admin/classes/{id}`: the whole class as the form has it (dates left out are cleared). */
export const updateClassInput = classFields.extend({ id: classId }).refine(endsAfterStart, endBeforeStart);

const userIds = (what: string) =>
  z
    .array(z.uuid({ error: 'userIds must be user ids' }), { error: `Choose at least one ${what}` })
    .min(1, `Choose at least one ${what}`)
    .max(500, 'At most 500 people at a time')
    .transform((ids) => [...new Set(ids)]);

export const addAssessorsInput = z.object({ id: classId, userIds: userIds('assessor') });
export const classMemberInput = z.object({
  id: classId,
  userId: z.uuid({ error: 'userId must be a user id' }),
});

/** Either people picked by id, or pasted emails (one line each, optionally `Name <email>`). */
export const addStudentsInput = z
  .object({
    id: classId,
    userIds: userIds('student').optional(),
    emails: z
      .array(text({ label: 'An email line', max: 320 }), {
        error: 'emails must be a list of email addresses',
      })
      .max(500, 'At most 500 emails at a time')
      .optional(),
  })
  .refine((input) => (input.userIds === undefined) !== (input.emails === undefined), {
    message: 'Send either userIds or emails',
  })
  .refine((input) => input.emails === undefined || input.emails.some((line) => line.trim() !== ''), {
    message: 'Paste at least one email address',
    path: ['emails'],
  });

export const inviteCodeInput = z.object({
  inviteCode: text({ label: 'inviteCode', max: 100, trim: true, required: true }),
});

/** What happened to one pasted email. */
export const emailOutcomes = [
  'enrolled',
  'already_enrolled',
  'invited',
  'not_a_student',
  'deactivated',
  'invalid',
] as const;
export type EmailOutcome = (typeof emailOutcomes)[number];

export const emailOutcomeLabels: Record<EmailOutcome, string> = {
  enrolled: 'Enrolled',
  already_enrolled: 'Already in this class',
  invited: 'Invited: new account, invitation mailed',
  not_a_student: 'Not enrolled: this account is not a student',
  deactivated: 'Not enrolled: this account is deactivated',
  invalid: 'Not enrolled: not a valid email address',
};

export type Invitee = { email: string; firstName: string; lastName: string };

const capitalise = (word: string) => (word ? `${word[0]?.toUpperCase()}${word.slice(1)}` : word);

/**
 * One pasted line as a person to enrol: `sam@example.com` or `Sam Lee <sam@example.com>`. Without a
 * name, one is made from the address (`sam.lee@` -> Sam Lee), for a new account the student can rename.
 */
export function parseInvitee(line: string): Invitee | null {
  const trimmed = line.trim();
  const named = trimmed.match(/^(.*?)\s*<([^<>]+)>$/);
  const address = emailSchema.safeParse(named ? named[2] : trimmed);
  if (!address.success) return null;
  const email = address.data;
  const given = named?.[1]?.replace(/^["']|["']$/g, '').trim();
  const words = given
    ? given.split(/\s+/)
    : (email.split('@')[0] ?? '')
        .split(/[._-]+/)
        .filter(Boolean)
        .map(capitalise);
  const [firstName = email, ...rest] = words.length > 0 ? words : [email];
  return { email, firstName: firstName.slice(0, 100), lastName: rest.join(' ').slice(0, 100) };
}

/** Splits a pasted block (lines, commas or semicolons) into lines to enrol; `Name <email>` stays whole. */
export function splitPastedEmails(text: string): string[] {
  return text
    .split(/[\n;]+|,(?![^<]*>)/)
    .map((line) => line.trim())
    .filter(Boolean);
}
