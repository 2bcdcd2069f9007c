import { evidenceTypeSchema, phaseSchema } from '@evident/core/curriculum';
import { z } from 'zod';
import { dateOutput } from './common-outputs';

/** A unit as stored (`UnitRow`). */
export const unitOutput = z.object({
  id: z.string(),
  unitCode: z.string(),
  title: z.string(),
  performanceEvidence: z.string().nullable(),
  mappingDocument: z.string().nullable(),
  /** The register release whose requirements the unit holds ('catalogue'/'unknown' stand-ins), null before any. */
  release: z.string().nullable(),
  archivedAt: dateOutput.nullable(),
  archivedBy: z.string().nullable(),
  createdAt: dateOutput,
  updatedAt: dateOutput,
});

/** A task as stored (`TaskRow`). */
export const taskOutput = z.object({
  id: z.string(),
  unitId: z.string(),
  position: z.number(),
  title: z.string(),
  description: z.string(),
  phase: phaseSchema,
  tooltip: z.string(),
  evidenceTypes: z.array(evidenceTypeSchema),
  occasion: z.number().nullable(),
  performanceEvidenceMapping: z.array(z.string()),
  archivedAt: dateOutput.nullable(),
  archivedBy: z.string().nullable(),
  createdAt: dateOutput,
});
