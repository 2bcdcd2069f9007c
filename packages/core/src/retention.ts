import { z } from 'zod';
import { text } from './text-fields';

/**
 * Records kept as the law asks (issue 30 §4). Completed assessment records are kept at least two years
 * after the student completes the unit: the Standards for RTOs 2025 Compliance Standards' records
 * section as the WA Training Accreditation Council reads it (ASQA's FAQ still says six months from the
 * judgement, so the period is the organisation's to set, never below that). Unit outcomes, the basis of
 * certification, are AQF certification records and kept 30 years: disposal never touches them.
 */
export const DEFAULT_RETENTION_MONTHS = 24;
export const MIN_RETENTION_MONTHS = 6;
export const MAX_RETENTION_MONTHS = 600;
export const OUTCOME_RETENTION_YEARS = 30;

/** The day records completed at `completedAt` fall due for disposal. */
export function dueForDisposal(completedAt: Date, months: number): Date {
  const due = new Date(completedAt);
  const day = due.getUTCDate();
  due.setUTCDate(1);
  due.setUTCMonth(due.getUTCMonth() + months);
  // 29 February plus a year is 28 February, not 1 March: a month end stays in its month.
  const last = new Date(Date.UTC(due.getUTCFullYear(), due.getUTCMonth() + 1, 0)).getUTCDate();
  due.setUTCDate(Math.min(day, last));
  return due;
}

/** '2 years', '18 months', '1 year and 6 months'. */
export function retentionLabel(months: number): string {
  const years = Math.floor(months / 12);
  const rest = months % 12;
  const y = years === 1 ? '1 year' : `${years} years`;
  const m = rest === 1 ? '1 month' : `${rest} months`;
  if (years === 0) return m;
  return rest === 0 ? y : `${y} and ${m}`;
}

const uuid = (label: string) => z.uuid({ error: `${label} must be an id` });
const reason = (label: string) => text({ label, max: 2000, lines: 'many', trim: true, required: true });

/** `admin.retention.setPeriod` / `PUT /api/admin/retention/period`. */
export const retentionPeriodInput = z.object({
  months: z
    .number({ error: 'months must be a whole number' })
    .int('months must be a whole number')
    .min(MIN_RETENTION_MONTHS, `months must be at least ${MIN_RETENTION_MONTHS}`)
    .max(MAX_RETENTION_MONTHS, `months must be at most ${MAX_RETENTION_MONTHS}`),
});

/** `admin.retention.removeRecords` / `POST /api/admin/retention/dispose`: one student's records in one unit. */
export const disposeInput = z.object({ studentId: uuid('studentId'), unitId: uuid('unitId') });

/** `admin.legalHolds.create` / `POST /api/admin/legal-holds`: on a student, a unit, or a student in a unit. */
export const legalHoldInput = z
  .object({
    studentId: uuid('studentId').optional(),
    unitId: uuid('unitId').optional(),
    reason: reason('reason'),
  })
  .refine((hold) => hold.studentId !== undefined || hold.unitId !== undefined, {
    message: 'A legal hold needs a studentId, a unitId or both',
    path: ['studentId'],
  });

/** `admin.legalHolds.end` / `POST /api/admin/legal-holds/{id}/release`. */
export const releaseHoldInput = z.object({ id: uuid('id'), reason: reason('reason') });

export const retentionPeriodOutput = z.object({
  months: z.number().int(),
  label: z.string(),
  /** True while no admin has chosen a period: the default of two years stands. */
  isDefault: z.boolean(),
  outcomeYears: z.number().int(),
});
export type RetentionPeriod = z.infer<typeof retentionPeriodOutput>;

export const legalHoldOutput = z.object({
  id: z.string(),
  studentId: z.string().nullable(),
  studentName: z.string().nullable(),
  unitId: z.string().nullable(),
  unitCode: z.string().nullable(),
  reason: z.string(),
  placedAt: z.date(),
  placedByName: z.string().nullable(),
  releasedAt: z.date().nullable(),
  releasedByName: z.string().nullable(),
  releaseReason: z.string().nullable(),
});
export type LegalHold = z.infer<typeof legalHoldOutput>;

/** One student's records in one unit, past their period. */
export const dueRecordOutput = z.object({
  studentId: z.string(),
  studentName: z.string(),
  unitId: z.string(),
  unitCode: z.string(),
  unitTitle: z.string(),
  outcome: z.enum(['competent', 'not_yet_competent']),
  completedAt: z.date(),
  dueSince: z.date(),
  files: z.number().int(),
  submissions: z.number().int(),
  /** The standing holds that stop disposal: empty when it may go. */
  holdIds: z.array(z.string()),
});
export type DueRecord = z.infer<typeof dueRecordOutput>;

export const disposalCountsOutput = z.object({
  files: z.number().int(),
  bytes: z.number().int(),
  submissions: z.number().int(),
  decisions: z.number().int(),
  declarations: z.number().int(),
  observations: z.number().int(),
  thirdPartyReports: z.number().int(),
  /** Audit packs that held these records, their zips deleted with them (0 on older tombstones). */
  auditPacks: z.number().int(),
});

export const disposalOutput = z.object({
  id: z.string(),
  studentId: z.string().nullable(),
  studentName: z.string(),
  unitId: z.string().nullable(),
  unitCode: z.string(),
  completedAt: z.date(),
  dueSince: z.date(),
  disposedAt: z.date(),
  disposedByName: z.string(),
  counts: disposalCountsOutput,
  /** Stored files not yet removed (a storage error): tried again at the next disposal. */
  filesPending: z.number().int(),
});
export type Disposal = z.infer<typeof disposalOutput>;

/** `GET /api/admin/retention`: the period, what is past it, the holds standing and the latest disposals. */
export const retentionOverviewOutput = z.object({
  period: retentionPeriodOutput,
  due: z.array(dueRecordOutput),
  holds: z.array(legalHoldOutput),
  disposals: z.array(disposalOutput),
});
export type RetentionOverview = z.infer<typeof retentionOverviewOutput>;
