import { AppError } from '@evident/core/errors';
import { listSubmissionFiles } from '@evident/db/queries/evidence-files';
import { findMatrixSubmission, type MatrixSubmissionDetail } from '@evident/db/queries/matrix-submission';
import { z } from 'zod';
import type { Context } from '../../context';
import { refuseStudentsOutOfScope, type ScopeReader } from '../../rules/class-scope';
import { type EvidenceFileView, toEvidenceFileViews } from '../../views/evidence-file-views';
import { namesOfRecordingAdmins } from '../../views/recorded-by';

export const matrixSubmissionInput = z.object({
  studentId: z.uuid({ error: 'studentId must be a user id' }),
  taskId: z.uuid({ error: 'taskId must be a task id' }),
});

type SubmissionDetail = NonNullable<MatrixSubmissionDetail['submission']>;

export type MatrixSubmissionView = Omit<MatrixSubmissionDetail, 'submission'> & {
  /** Null while the task is pending for the student. */
  submission:
    | (Omit<SubmissionDetail, 'submittedAt' | 'gradedAt'> & {
        /** ISO times. */
        submittedAt: string;
        gradedAt: string | null;
        /**
         * Files not withdrawn, primary first, with short-lived links. `recordedByAdminName`: the admin
         * who recorded it while viewing the app as the student; null when the student did.
         */
        files: (EvidenceFileView & { recordedByAdminName: string | null })[];
      })
    | null;
};

/** One matrix cell opened: the student's submission for the task with its files. */
export async function getMatrixSubmission(
  ctx: Pick<Context, 'db' | 'storage' | 'images' | 'evidenceLimits'> & ScopeReader,
  input: z.infer<typeof matrixSubmissionInput>,
): Promise<MatrixSubmissionView> {
  const found = await findMatrixSubmission(ctx.db, input);
  if (!found) throw new AppError('NOT_FOUND', 'Student or task not found');
  // The files' signed links are handed out here: only to a reader who assesses the student.
  await refuseStudentsOutOfScope(ctx, [found.student.id]);
  const { submission } = found;
  if (!submission) return { student: found.student, task: found.task, submission: null };
  const files = await listSubmissionFiles(ctx.db, [submission.id]);
  const [views, recorders] = await Promise.all([
    toEvidenceFileViews(ctx, files),
    namesOfRecordingAdmins(ctx.db, files, found.student.id),
  ]);
  return {
    student: found.student,
    task: found.task,
    submission: {
      ...submission,
      submittedAt: submission.submittedAt.toISOString(),
      gradedAt: submission.gradedAt?.toISOString() ?? null,
      files: views.map((view, index) => ({
        ...view,
        recordedByAdminName: files[index] ? recorders(files[index]) : null,
      })),
    },
  };
}
