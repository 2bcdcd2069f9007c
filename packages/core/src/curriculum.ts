import { z } from 'zod';
import type { RequirementItem } from './requirements';
import { multiLineText, requiredLine, text } from './text-fields';

export const phases = ['Prepare', 'Check', 'Do', 'Review/Communicate'] as const;
export const phaseSchema = z.enum(phases, { error: `Phase must be one of ${phases.join(', ')}` });
export type Phase = z.infer<typeof phaseSchema>;
export const DEFAULT_PHASE: Phase = 'Do';

/**
 * The spec's four, and video (issue 28): students could always record video on a photo task, yet no
 * task could ask for it. Append only: the database enum gains values in place, in this order.
 */
export const evidenceTypes = ['photo', 'audio', 'pdf', 'document', 'video'] as const;
export const evidenceTypeSchema = z.enum(evidenceTypes, {
  error: `Evidence type must be one of ${evidenceTypes.join(', ')}`,
});
export type EvidenceType = z.infer<typeof evidenceTypeSchema>;
export const DEFAULT_EVIDENCE_TYPES: EvidenceType[] = ['photo'];

/** Unit codes on the national register are letters and digits, e.g. RIIWHS204E. */
export function normaliseUnitCode(raw: string): string {
  return raw.trim().toUpperCase();
}

export const unitCodeSchema = text({ label: 'Unit code', max: 100, required: true })
  .transform(normaliseUnitCode)
  .pipe(
    z
      .string()
      .min(1, 'Unit code is required')
      .max(20, 'Unit code is too long')
      .regex(/^[A-Z0-9]+$/, 'Unit code may contain only letters and digits'),
  );

/** The fields a generated task and an admin's task form share, with the same limits and messages. */
export const taskFields = {
  title: requiredLine({ label: 'Task title', max: 200 }),
  description: multiLineText({ label: 'Description', max: 4000 }).default(''),
  tooltip: multiLineText({ label: 'Tooltip', max: 2000 }).default(''),
  evidenceTypes: z
    .array(evidenceTypeSchema)
    .min(1, 'Choose at least one evidence type')
    .max(evidenceTypes.length, 'Evidence types must not repeat'),
  performanceEvidenceItem: multiLineText({ label: 'Performance Evidence item', max: 2000 }).min(
    1,
    'Performance Evidence item is required',
  ),
};

/** A task as a generator proposes it, before it has an id or a position. */
export const taskDraftSchema = z.object({
  title: taskFields.title,
  description: taskFields.description,
  phase: phaseSchema.default(DEFAULT_PHASE),
  tooltip: taskFields.tooltip,
  evidenceTypes: taskFields.evidenceTypes.default(DEFAULT_EVIDENCE_TYPES),
  occasion: z.number().int().min(1).max(50).nullable().default(null),
  performanceEvidenceMapping: z.array(taskFields.performanceEvidenceItem).max(50).default([]),
  /**
   * The keys of the unit's requirement items the task evidences (`PC 1.1`, `KE 3`). Checked against
   * the unit before anything is stored: a key the unit does not have is dropped, never written.
   */
  requirementKeys: z.array(z.string().max(20)).max(200).default([]),
});
export type TaskDraft = z.infer<typeof taskDraftSchema>;

/** What a training register tells us about a unit of competency. */
export type RegisterUnit = {
  code: string;
  title: string;
  /** Plain text: one item a line, nested items indented by two spaces. */
  performanceEvidence: string;
  /** A note about the text itself ("summary, not the official register text"), kept out of it. */
  note?: string;
  elements: { title: string; performanceCriteria: string[] }[];
  /** The register's release number the unit was read from; the catalogue's stand-in for its summaries. */
  release?: string;
  /**
   * The whole unit as keyed items (`E 1`, `PC 1.1`, `PE 1`, `KE 3.2`, `AC 1`, `FS 1`): only what the
   * source holds, so a section missing here is not at hand, never guessed (issue 29).
   */
  requirements?: RequirementItem[];
};
