import { z } from 'zod';
import { idSchema } from './curriculum-inputs';
import { day } from './date-fields';
import { multiLineText, requiredLine, text } from './text-fields';

/**
 * The credentials the Credential Policy names for validators (Standards for RTOs 2025, Outcome
 * Standard 1.5): at least one validator in each round must hold one of these.
 */
export const policyCredentialCodes = ['TAE40122', 'TAE40116', 'TAE40110'] as const;

export const holdsPolicyCredential = (code: string) =>
  (policyCredentialCodes as readonly string[]).includes(code.trim().toUpperCase());

/** A unit is validated at least once in five years; a risk rating may bring it earlier. */
export const maxValidationYears = 5;

/** The latest a next validation may be due: five years after the last (or after today, if never). */
export function latestNextDue(lastValidatedOn: string | null, today: string): string {
  const from = lastValidatedOn ?? today;
  const year = Number(from.slice(0, 4)) + maxValidationYears;
  return `${String(year).padStart(4, '0')}${from.slice(4)}`;
}

export const validationRisks = ['low', 'medium', 'high'] as const;

export const credentialInput = z.object({
  userId: idSchema('userId'),
  code: requiredLine({ label: 'Code', max: 20 }).describe('The qualification code, such as TAE40122'),
  title: requiredLine({ label: 'Title', max: 200 }),
  heldOn: day({ label: 'Date held' }),
});

export const validationPlanInput = z
  .object({
    unitId: idSchema('unitId'),
    lastValidatedOn: day({ label: 'Last validated' }).nullable(),
    nextDueOn: day({ label: 'Next due' }),
    risk: z.enum(validationRisks, { error: 'Risk must be low, medium or high' }),
    riskReason: multiLineText({ label: 'Reason', max: 2000 }).optional(),
  })
  .refine((plan) => plan.risk === 'low' || (plan.riskReason ?? '').length > 0, {
    message: 'Give the reason for a medium or high risk rating',
    path: ['riskReason'],
  });

/** The most sampled records in one round. */
export const maxValidationSample = 100;

export const createValidationRoundInput = z
  .object({
    unitId: idSchema('unitId'),
    sampleSize: z
      .number({ error: 'sampleSize must be a whole number' })
      .int('sampleSize must be a whole number')
      .min(1, 'sampleSize must be at least 1')
      .max(maxValidationSample, `sampleSize must be at most ${maxValidationSample}`)
      .optional()
      .describe('How many completed students to draw at random, spread across assessors'),
    samplePercent: z
      .number({ error: 'samplePercent must be a number' })
      .gt(0, 'samplePercent must be more than 0')
      .max(100, 'samplePercent must be at most 100')
      .optional()
      .describe('The share of completed students to draw (rounded up), spread across assessors'),
    studentIds: z
      .array(idSchema('studentIds'))
      .min(1, 'Choose at least one student')
      .max(maxValidationSample, `At most ${maxValidationSample} students in one round`)
      .optional()
      .describe('The students chosen by hand'),
    validatorIds: z
      .array(idSchema('validatorIds'))
      .min(1, 'Name at least one validator')
      .max(20, 'At most 20 validators in one round'),
  })
  .refine(
    (input) =>
      [input.sampleSize, input.samplePercent, input.studentIds].filter((v) => v !== undefined).length === 1,
    { message: 'Give one of sampleSize, samplePercent or studentIds' },
  );

export const validationReviewInput = z
  .object({
    roundId: idSchema('roundId'),
    studentId: idSchema('studentId')
      .optional()
      .describe("The sampled student whose record this reviews; leave out for the tool's review"),
    agrees: z.boolean({ error: 'agrees must be true or false' }).optional(),
    reason: multiLineText({ label: 'Why', max: 4000 }).optional(),
    findings: multiLineText({ label: 'Findings', max: 4000 }).optional(),
    recommendedChanges: multiLineText({ label: 'Recommended changes', max: 4000 }).optional(),
  })
  .refine((r) => r.studentId === undefined || (r.agrees !== undefined && (r.reason ?? '').length > 0), {
    message: 'A record review says whether you agree with the judgement, and why',
  })
  .refine((r) => r.studentId !== undefined || (r.findings ?? '').length > 0, {
    message: 'A review of the tool gives its findings',
  });

export const validationActionText = text({ label: 'Action', max: 2000, trim: true, required: true });

export const validationActionInput = z.object({
  roundId: idSchema('roundId'),
  text: validationActionText,
  ownerId: idSchema('ownerId').describe('Who will see it done: an admin, an assessor or a validator'),
});

/**
 * How many years after a round closes the unit is next due, by its risk rating: five (the most the
 * Standards allow) at low risk, sooner as risk rises. The admin may still bring it earlier.
 */
export const validationYearsByRisk = { low: 5, medium: 3, high: 1 } as const satisfies Record<
  (typeof validationRisks)[number],
  number
>;

/** The next due date after a validation closed on `closedOn` (YYYY-MM-DD); 29 February falls to the 28th. */
export function nextDueAfterValidation(closedOn: string, risk: (typeof validationRisks)[number]): string {
  const year = Number(closedOn.slice(0, 4)) + validationYearsByRisk[risk];
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const rest = closedOn.slice(4) === '-02-29' && !leap ? '-02-28' : closedOn.slice(4);
  return `${String(year).padStart(4, '0')}${rest}`;
}
