import { AppError } from '@evident/core/errors';
import { findSubmissionStudents, listObservations } from '@evident/db/queries/observations';
import { z } from 'zod';
import { refuseStudentsOutOfScope, type ScopeReader } from '../../rules/class-scope';
import { observationOutput, toObservationView } from '../../views/observation-views';

const maxSubmissions = 100;
const submissionIdsMessage = 'submissionIds must be submission ids, separated by commas';

/** `?submissionIds=a,b` over REST, a list over tRPC: the grading screen asks for every card at once. */
export const observationListInput = z.object({
  submissionIds: z
    .preprocess(
      (value) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value),
      z
        .array(z.uuid({ error: submissionIdsMessage }), { error: submissionIdsMessage })
        .min(1, 'Name at least one submission')
        .max(maxSubmissions, `Ask for at most ${maxSubmissions} submissions at once`),
    )
    .transform((ids) => [...new Set(ids)]),
});

export const observationListOutput = z.array(observationOutput);

/**
 * `staff.observations.list` / `GET /api/assessor/observations?submissionIds=`: the observation
 * checklists on these submissions, oldest first; only of students the reader assesses.
 */
export async function listSubmissionObservations(
  ctx: ScopeReader,
  input: z.infer<typeof observationListInput>,
) {
  const found = await findSubmissionStudents(ctx.db, input.submissionIds);
  const missing = input.submissionIds.filter((id) => !found.some((row) => row.id === id));
  if (missing.length > 0) throw new AppError('NOT_FOUND', `Submission not found: ${missing.join(', ')}`);
  await refuseStudentsOutOfScope(
    ctx,
    found.map((row) => row.studentId),
  );
  return (await listObservations(ctx.db, input.submissionIds)).map(toObservationView);
}
