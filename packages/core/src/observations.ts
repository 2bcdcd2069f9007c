import { z } from 'zod';
import { day } from './date-fields';
import { maxObservationItems, maxObservationMinutes, observationResults } from './observation-values';
import { requirementKeySchema } from './requirement-inputs';
import { multiLineText, requiredLine } from './text-fields';

export * from './observation-values';

/**
 * Observation checklists (issue 29 §5): an assessor watches a student at work and marks each of the
 * task's mapped requirement items. The same schema checks the phone's form, the offline queue's
 * stored copy and `POST /api/assessor/observations`.
 */
export const observationItemInput = z.object({
  key: requirementKeySchema,
  result: z.enum(observationResults, {
    error: 'Each item’s result must be observed, not_observed or not_applicable',
  }),
  note: multiLineText({ label: 'Note', max: 2000 })
    .optional()
    .transform((note) => note || undefined),
});
export type ObservationItemInput = z.output<typeof observationItemInput>;

export const observationInput = z.object({
  studentId: z.uuid({ error: 'studentId must be a user id' }),
  taskId: z.uuid({ error: 'taskId must be a task id' }),
  /** The day of the observation, in the organisation's time zone; never later than today there. */
  observedOn: day({ label: 'observedOn' }),
  place: requiredLine({ label: 'Place', max: 200 }),
  durationMinutes: z
    .number({ error: 'durationMinutes must be a whole number of minutes' })
    .int('durationMinutes must be a whole number of minutes')
    .min(1, 'durationMinutes must be at least 1')
    .max(maxObservationMinutes, `durationMinutes must be at most ${maxObservationMinutes} (one day)`),
  /** The assessor's name as they typed it to sign the checklist. */
  signedName: requiredLine({ label: 'Signed name', max: 200 }),
  items: z
    .array(observationItemInput, { error: 'items must be a list of checklist items' })
    .min(1, 'A checklist needs at least one item')
    .max(maxObservationItems, `A checklist has at most ${maxObservationItems} items`)
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      for (const item of items) {
        if (seen.has(item.key)) ctx.addIssue({ code: 'custom', message: `${item.key} is listed twice` });
        seen.add(item.key);
      }
    }),
  /**
   * Made on the device when the checklist is signed: the queue's retry gets the first answer back.
   * Optional for scripts, which then record a new observation each call.
   */
  clientKey: requiredLine({ label: 'clientKey', max: 100 }).optional(),
});
export type ObservationInput = z.output<typeof observationInput>;
/** What a client sends (the phone's queue keeps it as it will be sent). */
export type ObservationRequest = z.input<typeof observationInput>;

/** The calendar day of `moment` in `timeZone`, `2026-03-01`: the checklist's default date and its limit. */
export function dayIn(moment: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(moment);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}
