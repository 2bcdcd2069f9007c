import { observationResults } from '@evident/core/observations';
import type { ObservationWithNames } from '@evident/db/queries/observations';
import { z } from 'zod';
import { dateOutput } from './common-outputs';

/**
 * One observation checklist as every reader sees it (issue 29 §5): the grading screen, the matrix
 * cell, the student's View Evidence and scripts.
 */
export const observationOutput = z.object({
  id: z.string(),
  submissionId: z.string(),
  /** Who observed, by name; null once that account is gone. */
  assessorName: z.string().nullable(),
  /** The admin who recorded it while viewing the app as the assessor. */
  actingAdminName: z.string().nullable(),
  observedOn: z.string(),
  place: z.string(),
  durationMinutes: z.number(),
  signedName: z.string(),
  unitRelease: z.string().nullable(),
  items: z.array(
    z.object({
      key: z.string(),
      /** The requirement's words (of the release observed); null if the unit no longer holds the key. */
      text: z.string().nullable(),
      result: z.enum(observationResults),
      note: z.string().nullable(),
    }),
  ),
  createdAt: dateOutput,
});
export type ObservationView = z.infer<typeof observationOutput>;

export function toObservationView(row: ObservationWithNames): ObservationView {
  return {
    id: row.id,
    submissionId: row.submissionId,
    assessorName: row.assessorName,
    actingAdminName: row.actingAdminName,
    observedOn: row.observedOn,
    place: row.place,
    durationMinutes: row.durationMinutes,
    signedName: row.signedName,
    unitRelease: row.unitRelease,
    items: row.items.map((item) => ({
      key: item.key,
      text: row.itemTexts.get(item.key) ?? null,
      result: item.result,
      note: item.note ?? null,
    })),
    createdAt: row.createdAt,
  };
}
