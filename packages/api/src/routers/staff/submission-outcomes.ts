import { findStudentsOutOfScope } from '@evident/db/queries/class-scope';
import { findSubmissionOutcomes } from '@evident/db/queries/grading';
import { z } from 'zod';
import { boundingAssessorId, type ScopeReader } from '../../rules/class-scope';
import { isoOutput as iso } from '../../views/common-outputs';

/** A grading screen asks about the cards it showed: as many as one student can have waiting. */
export const submissionOutcomesInput = z.object({
  submissionIds: z
    .array(z.uuid({ error: 'submissionIds must be submission ids' }))
    .min(1, 'Name at least one submission')
    .max(200, 'Ask about at most 200 submissions at once'),
});

/** `staff.submissions.listOutcomes`' answer; unknown ids, and students outside the reader's classes, are left out. */
export const submissionOutcomesOutput = z.array(
  z.object({
    submissionId: z.string(),
    status: z.enum(['submitted', 'satisfactory', 'not_yet_satisfactory']),
    /** The last decision: its outcome, who made it (the person the app acted as), and when. */
    lastDecision: z
      .object({
        status: z.enum(['satisfactory', 'not_yet_satisfactory']),
        assessorName: z.string().nullable(),
        createdAt: iso,
      })
      .nullable(),
  }),
);

/**
 * `staff.submissions.listOutcomes`: what became of submissions a grading screen was showing. When a card
 * leaves the list because another assessor graded it, the screen says who, instead of dropping the
 * card and the comment typed into it.
 */
export async function listSubmissionOutcomes(
  ctx: ScopeReader,
  input: z.infer<typeof submissionOutcomesInput>,
): Promise<z.infer<typeof submissionOutcomesOutput>> {
  const rows = await findSubmissionOutcomes(ctx.db, { submissionIds: input.submissionIds });
  const assessorId = boundingAssessorId(ctx.user);
  const outside = new Set(
    assessorId
      ? await findStudentsOutOfScope(ctx.db, {
          studentIds: rows.map((row) => row.studentId),
          scope: { assessorId },
        })
      : [],
  );
  return rows
    .filter((row) => !outside.has(row.studentId))
    .map(({ submissionId, status, lastDecision }) => ({
      submissionId,
      status,
      lastDecision: lastDecision && {
        status: lastDecision.status === 'satisfactory' ? 'satisfactory' : 'not_yet_satisfactory',
        assessorName: lastDecision.assessorName,
        createdAt: lastDecision.createdAt.toISOString(),
      },
    }));
}
