import { z } from 'zod';
import {
  DEFAULT_EVIDENCE_TYPES,
  DEFAULT_PHASE,
  evidenceTypeSchema,
  phaseSchema,
  unitCodeSchema,
} from './curriculum';

export const idSchema = (what: string) => z.uuid({ error: `${what} must be an id` });

const blankToNull = (value: string | null | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/** One schema for the unit form, the tRPC procedure and the REST body. */
export const unitInput = z.object({
  unitCode: unitCodeSchema,
  title: z
    .string({ error: 'Unit title is required' })
    .trim()
    .min(1, 'Unit title is required')
    .max(300, 'Unit title is too long'),
  performanceEvidence: z
    .string()
    .max(50_000, 'Performance Evidence is too long')
    .nullish()
    .transform(blankToNull),
});
export type UnitInput = z.input<typeof unitInput>;

export const taskInput = z.object({
  title: z.string({ error: 'Task title is required' }).trim().min(1, 'Task title is required').max(200),
  description: z.string().trim().max(4000).default(''),
  phase: phaseSchema.default(DEFAULT_PHASE),
  tooltip: z.string().trim().max(2000).default(''),
  evidenceTypes: z
    .array(evidenceTypeSchema)
    .max(4)
    .default(DEFAULT_EVIDENCE_TYPES)
    .transform((types) => [...new Set(types)]),
  occasion: z
    .number()
    .int()
    .min(1)
    .max(50)
    .nullish()
    .transform((v) => v ?? null),
  performanceEvidenceMapping: z.array(z.string().trim().min(1).max(2000)).max(50).optional(),
});
export type TaskInput = z.input<typeof taskInput>;

export const unitCodeInput = z.object({ unitCode: unitCodeSchema });

/** Spec section 2: mapped Performance Evidence snippets are cut at 60 characters plus an ellipsis. */
export function snippet(text: string, max = 60): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}
