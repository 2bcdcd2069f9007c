import { z } from 'zod';
import { DEFAULT_EVIDENCE_TYPES, DEFAULT_PHASE, phaseSchema, taskFields, unitCodeSchema } from './curriculum';
import { requirementKeySchema, unitRequirementsInput } from './requirement-inputs';
import { multiLineText, requiredLine } from './text-fields';

export const idSchema = (what: string) => z.uuid({ error: `${what} must be an id` });

const blankToNull = (value: string | null | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

export const MAX_OCCASION = 50;
export const occasionMessage = `Occasion must be a whole number from 1 to ${MAX_OCCASION}`;
/** Which time the student shows a task when the unit asks for it on several occasions (1, 2, ...). */
export const occasionSchema = z
  .number({ error: occasionMessage })
  .int({ error: occasionMessage })
  .min(1, { error: occasionMessage })
  .max(MAX_OCCASION, { error: occasionMessage });

/** One schema for the unit form, the tRPC procedure and the REST body. */
export const unitInput = z.object({
  unitCode: unitCodeSchema,
  title: requiredLine({ label: 'Unit title', max: 300 }),
  performanceEvidence: multiLineText({ label: 'Performance Evidence', max: 50_000 })
    .nullish()
    .transform(blankToNull),
  /** The unit's requirements as fetched or pasted; left out, the unit keeps the ones it holds (issue 29). */
  requirements: unitRequirementsInput.optional(),
});
export type UnitInput = z.input<typeof unitInput>;

export const taskInput = z.object({
  title: taskFields.title,
  description: taskFields.description,
  phase: phaseSchema.default(DEFAULT_PHASE),
  tooltip: taskFields.tooltip,
  evidenceTypes: z
    .array(taskFields.evidenceTypes.element)
    .max(4)
    .transform((types) => [...new Set(types)])
    .pipe(taskFields.evidenceTypes)
    .default(DEFAULT_EVIDENCE_TYPES),
  /** Left out: a new task has none and an edited one keeps its own; null takes it out of its occasion. */
  occasion: occasionSchema.nullish(),
  /** The spec's callers' form: Performance Evidence texts, each mapped to the unit's PE item of that text. */
  performanceEvidenceMapping: z.array(taskFields.performanceEvidenceItem).max(50).optional(),
  /** Keys of the unit's current requirement items (`PC 1.1`, `KE 3`); left out, an edited task keeps its own. */
  requirementKeys: z
    .array(requirementKeySchema)
    .max(200)
    .transform((keys) => [...new Set(keys)])
    .optional(),
});
export type TaskInput = z.input<typeof taskInput>;

export const unitCodeInput = z.object({ unitCode: unitCodeSchema });

/** Spec section 2: mapped Performance Evidence snippets are cut at 60 characters plus an ellipsis. */
export function snippet(text: string, max = 60): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}
