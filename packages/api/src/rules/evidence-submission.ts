import { canAddMoreEvidence } from '@evident/core/student-progress';
import type { Database } from '@evident/db/client';
import {
  findSubmission,
  insertSubmission,
  resubmitSubmission,
  type SubmissionRow,
} from '@evident/db/queries/submissions';

/**
 * New evidence on a student's task that someone other than the student brings (an assessor's
 * observation, a supervisor's report) puts the task before the assessors, as a file does: the
 * submission is created (submitted) when there is none, or sent back as new evidence after a
 * not-yet-satisfactory. Undefined when the task is already satisfactory: it needs no more evidence,
 * and what to do then is the caller's. Run inside the caller's transaction; it locks the row.
 */
export async function openSubmissionForEvidence(
  tx: Database,
  { studentId, taskId, at }: { studentId: string; taskId: string; at: Date },
): Promise<SubmissionRow | undefined> {
  const found = await findSubmission(tx, { studentId, taskId, forUpdate: true });
  if (found)
    return canAddMoreEvidence(found.status) ? resubmitSubmission(tx, { id: found.id, at }) : undefined;
  const created =
    (await insertSubmission(tx, { studentId, taskId })) ??
    (await findSubmission(tx, { studentId, taskId, forUpdate: true }));
  if (!created) throw new Error('submission vanished after a conflicting insert');
  return created;
}
