import { listSubmissionFiles } from '@evident/db/queries/evidence-files';
import { findSubmission, type SubmissionRow } from '@evident/db/queries/submissions';
import type { Services } from '../../context';
import { requireStudentTask } from '../../rules/tasks';
import { type EvidenceFileView, toEvidenceFileViews } from '../../views/evidence-file-views';

/** Answer of `student.evidence` / `GET /api/student/tasks/:taskId/evidence`. */
export type TaskEvidence = {
  taskId: string;
  /** Null while the task is pending (nothing uploaded yet). */
  submission: {
    id: string;
    status: SubmissionRow['status'];
    assessorComment: string | null;
    strategiesForReassessment: string | null;
    /** Primary file first, then in the order they were added. */
    files: EvidenceFileView[];
  } | null;
};

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
  const files = await listSubmissionFiles(deps.db, [submission.id]);
  return {
    taskId,
    submission: {
      id: submission.id,
      status: submission.status,
      assessorComment: submission.assessorComment,
      strategiesForReassessment: submission.strategiesForReassessment,
      files: await toEvidenceFileViews(deps, files, now),
    },
  };
}
