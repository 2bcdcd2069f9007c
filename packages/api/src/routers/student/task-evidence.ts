import { withdrawRefusal, withdrawRefusals } from '@evident/core/resubmission';
import { listJudgedFileIds, listSubmissionFiles } from '@evident/db/queries/evidence-files';
import { findSubmission } from '@evident/db/queries/submissions';
import { z } from 'zod';
import type { Services } from '../../context';
import { requireStudentTask } from '../../rules/tasks';
import { submissionStatusOutput } from '../../views/common-outputs';
import { evidenceFileViewOutput, toEvidenceFileViews } from '../../views/evidence-file-views';

/**
 * A file as its student sees it: whether Withdraw would succeed, by the rule the withdraw procedure
 * enforces, and if not, why (`only_file`: add the right file first; `judged`: an assessor saw it).
 */
const studentEvidenceFile = evidenceFileViewOutput.extend({
  canWithdraw: z.boolean(),
  withdrawRefusal: z.enum(withdrawRefusals).nullable(),
});
export type StudentEvidenceFile = z.infer<typeof studentEvidenceFile>;

/** Answer of `student.evidence.list` / `GET /api/student/tasks/:taskId/evidence`. */
export const taskEvidenceOutput = z.object({
  taskId: z.string(),
  /** Null while the task is pending (nothing uploaded yet). */
  submission: z
    .object({
      id: z.string(),
      status: submissionStatusOutput,
      assessorComment: z.string().nullable(),
      strategiesForReassessment: z.string().nullable(),
      /** Primary file first, then in the order they were added. */
      files: z.array(studentEvidenceFile),
    })
    .nullable(),
});
export type TaskEvidence = z.infer<typeof taskEvidenceOutput>;

/** The student's own submission for one of their tasks, with signed links to its files. */
export async function getTaskEvidence(
  deps: Pick<Services, 'db' | 'storage' | 'images' | 'evidenceLimits'>,
  studentId: string,
  taskId: string,
  now: Date = new Date(),
): Promise<TaskEvidence> {
  await requireStudentTask(deps.db, studentId, taskId);
  const submission = await findSubmission(deps.db, { studentId, taskId });
  if (!submission) return { taskId, submission: null };
  const [files, judged] = await Promise.all([
    listSubmissionFiles(deps.db, [submission.id]),
    listJudgedFileIds(deps.db, [submission.id]),
  ]);
  const views = await toEvidenceFileViews(deps, files, now);
  return {
    taskId,
    submission: {
      id: submission.id,
      status: submission.status,
      assessorComment: submission.assessorComment,
      strategiesForReassessment: submission.strategiesForReassessment,
      files: views.map((view) => {
        const refusal = withdrawRefusal({
          submissionStatus: submission.status,
          withdrawn: false, // listed files never are
          judged: judged.has(view.id),
          filesInSubmission: files.length,
        });
        // Not a spread with keys after it (docs/ARCHITECTURE.md, "A hot read's path").
        return Object.assign({}, view, { canWithdraw: refusal === null, withdrawRefusal: refusal });
      }),
    },
  };
}
