import { z } from 'zod';
import { idSchema } from './curriculum-inputs';
import { declarationVersionSchema } from './declarations';
import { multiLineText, text } from './text-fields';
import { unitOutcomeValues } from './unit-outcome-values';

/** Why a standing outcome was reopened, in the words the record keeps. */
export const supersededReasons = {
  notYetSatisfactory: (taskTitle: string) => `Not yet satisfactory on “${taskTitle}”`,
  newTask: (taskTitle: string) => `New task in the unit: “${taskTitle}”`,
  newTasks: (count: number) => `${count} new tasks in the unit`,
  replaced: (assessorName: string) => `Replaced by a later outcome from ${assessorName}`,
};

const blankToNull = (value: string | null | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/**
 * `assessor.unitOutcomes.record` / `POST /api/assessor/unit-outcomes`. An outcome already standing is
 * replaced only when `replacesOutcomeId` names it: two assessors deciding at once never silently
 * overwrite each other, and the one replaced stays in the record, marked superseded.
 */
export const recordUnitOutcomeInput = z
  .object({
    studentId: idSchema('studentId'),
    unitId: idSchema('unitId'),
    outcome: z.enum(unitOutcomeValues, { error: 'Outcome must be competent or not_yet_competent' }),
    justification: text({
      label: 'Justification',
      max: 10_000,
      lines: 'many',
      trim: true,
      required: 'Write the justification: why the evidence shows the student is (or is not yet) competent',
    }),
    remaining: multiLineText({ label: 'What remains', max: 10_000 }).nullish().transform(blankToNull),
    /** The version of the assessor's declaration the assessor confirmed; required for an outcome. */
    declarationVersion: declarationVersionSchema,
    replacesOutcomeId: idSchema('replacesOutcomeId').nullish(),
  })
  .superRefine((input, ctx) => {
    if (input.outcome === 'not_yet_competent' && !input.remaining) {
      ctx.addIssue({
        code: 'custom',
        path: ['remaining'],
        message: 'Say what remains for the student to show before recording Not Yet Competent',
      });
    }
  })
  // What remains only means something for Not Yet Competent.
  .transform((input) => ({
    ...input,
    remaining: input.outcome === 'not_yet_competent' ? input.remaining : null,
  }));
export type RecordUnitOutcomeInput = z.input<typeof recordUnitOutcomeInput>;
export type RecordUnitOutcomeRequest = z.output<typeof recordUnitOutcomeInput>;

/** One outcome as the screens, the API and the record show it, standing or superseded. */
export const unitOutcomeView = z.object({
  id: z.string(),
  studentId: z.string(),
  unitId: z.string(),
  outcome: z.enum(unitOutcomeValues),
  justification: z.string(),
  remaining: z.string().nullable(),
  assessorName: z.string().nullable().describe('Who recorded it (the person the app acted as)'),
  actingAdminName: z.string().nullable().describe('The admin who recorded it while viewing as the assessor'),
  declaration: z.object({ version: z.number(), text: z.string() }),
  unitRelease: z.string().nullable(),
  createdAt: z.date(),
  supersededAt: z.date().nullable(),
  supersededReason: z.string().nullable(),
});
export type UnitOutcomeView = z.infer<typeof unitOutcomeView>;
