import { z } from 'zod';
import { emailSchema } from './auth-schemas';
import { day } from './date-fields';
import { lookupIdSchema } from './lookup-id';
import { requiredLine, text } from './text-fields';
import { maxObservedDates, maxThirdPartyTasks, type ThirdPartyState } from './third-party-values';

export * from './third-party-values';

/**
 * Third-party reports (issue 30 §1): a workplace supervisor, who has no account, reports on a
 * student's tasks through a mailed single-use link. These are the schemas of its calls.
 */
const taskIds = z
  .array(z.uuid({ error: 'taskIds must be task ids' }), { error: 'taskIds must be a list of task ids' })
  .min(1, 'Choose at least one task for the supervisor to report on')
  .max(maxThirdPartyTasks, `Choose at most ${maxThirdPartyTasks} tasks`)
  .transform((ids) => [...new Set(ids)]);

/** `POST /api/third-party-requests`: a student asks for themselves; an assessor names the student. */
export const thirdPartyRequestInput = z.object({
  studentId: z.uuid({ error: 'studentId must be a student id' }).optional(),
  supervisorName: requiredLine({ label: 'Supervisor name', max: 200 }),
  supervisorEmail: emailSchema,
  workplace: requiredLine({ label: 'Workplace', max: 200 }),
  relationship: requiredLine({ label: 'Relationship', max: 200 }),
  taskIds,
});
export type ThirdPartyRequestInput = z.input<typeof thirdPartyRequestInput>;

export const thirdPartyRequestIdInput = z.object({ id: lookupIdSchema('Request') });

/** The link's secret as a path carries it; anything else names no link (a clear 404, not a 400). */
export const thirdPartyTokenInput = z.object({
  token: z.string().refine((value) => /^[A-Za-z0-9_-]{43}$/.test(value), {
    error: 'This link is not valid. Check you opened the whole link from the email.',
    params: { notFound: true },
    abort: true,
  }),
});

const reportItem = z.object({
  taskId: z.uuid({ error: 'taskId must be a task id' }),
  observed: z.boolean({ error: 'Say whether you observed the task' }),
  dates: z
    .array(day({ label: 'Date observed' }), { error: 'dates must be a list of dates' })
    .max(maxObservedDates, `List at most ${maxObservedDates} dates for a task`)
    .default([]),
  comment: text({ label: 'Comment', max: 2000, lines: 'many', trim: true }).default(''),
});

/** `POST /api/third-party/{token}`: the supervisor's report, sent once. */
export const thirdPartyReportInput = thirdPartyTokenInput.extend({
  supervisorRole: requiredLine({ label: 'Your role', max: 200 }),
  supervisedFor: requiredLine({ label: 'How long you have supervised the student', max: 200 }),
  experience: text({
    label: 'Your experience in this work',
    max: 2000,
    lines: 'many',
    trim: true,
    required: true,
  }),
  items: z
    .array(reportItem, { error: 'items must be a list of tasks' })
    .min(1, 'Answer for each task')
    .max(maxThirdPartyTasks, `Answer for at most ${maxThirdPartyTasks} tasks`),
  declarationVersion: z.number({ error: 'Confirm the declaration' }).int().positive(),
  signedName: requiredLine({ label: 'Your name as a signature', max: 200 }),
});
export type ThirdPartyReportInput = z.input<typeof thirdPartyReportInput>;

/** The assessor's note of how they checked a report was genuine (a phone call, an email). */
export const thirdPartyVerificationInput = z.object({
  reportId: lookupIdSchema('Report'),
  method: requiredLine({ label: 'How you verified it', max: 200 }),
  verifiedOn: day({ label: 'Date verified' }),
  note: text({ label: 'Note', max: 2000, lines: 'many', trim: true }).default(''),
});
export type ThirdPartyVerificationInput = z.input<typeof thirdPartyVerificationInput>;

/** What the supervisor's page is told when a link admits nobody: each a 410 (or 404 for a forged one). */
export const thirdPartyLinkRefusals = {
  invalid: 'This link is not valid. Check you opened the whole link from the email.',
  expired: 'This link has expired. Ask the person who sent it for a new one.',
  revoked: 'This request was withdrawn, so the link no longer works.',
  spent: 'This report has already been sent. Thank you: the link cannot be used again.',
} as const;
export type ThirdPartyLinkRefusal = keyof typeof thirdPartyLinkRefusals;

/** The state a person reads: a sent or opened link past its expiry is expired. */
export function thirdPartyStateAt(
  row: { state: 'sent' | 'opened' | 'submitted' | 'revoked'; expiresAt: Date },
  at: Date,
): ThirdPartyState {
  if ((row.state === 'sent' || row.state === 'opened') && row.expiresAt <= at) return 'expired';
  return row.state;
}
