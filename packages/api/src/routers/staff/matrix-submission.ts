import { AppError } from '@evident/core/errors';
import { listSubmissionFiles } from '@evident/db/queries/evidence-files';
import { findMatrixSubmission } from '@evident/db/queries/matrix-submission';
import { z } from 'zod';
import type { Context } from '../../context';
import { refuseStudentsOutOfScope, type ScopeReader } from '../../rules/class-scope';
import { isoOutput } from '../../views/common-outputs';
import { evidenceFileViewOutput, toEvidenceFileViews } from '../../views/evidence-file-views';
import { namesOfRecordingAdmins } from '../../views/recorded-by';

export const matrixSubmissionInput = z.object({
  studentId: z.uuid({ error: 'studentId must be a user id' }),
  taskId: z.uuid({ error: 'taskId must be a task id' }),
});

/** One matrix cell opened (`staff.submissions.get`). */
export const matrixSubmissionOutput = z.object({
  student: z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() }),
  task: z.object({ id: z.string(), title: z.string(), description: z.string(), unitCode: z.string() }),
  /** Null while the task is pending for the student. */
  submission: z
    .object({
      id: z.string(),
      status: z.enum(['submitted', 'satisfactory', 'not_yet_satisfactory']),
      assessorComment: z.string().nullable(),
      strategiesForReassessment: z.string().nullable(),
      submittedAt: isoOutput,
      gradedAt: isoOutput.nullable(),
      /**
       * Files not withdrawn, primary first, with short-lived links. `recordedByAdminName`: the admin
       * who recorded it while viewing the app as the student; null when the student did.
       */
      files: z.array(evidenceFileViewOutput.extend({ recordedByAdminName: z.string().nullable() })),
    })
    .nullable(),
});
export type MatrixSubmissionView = z.infer<typeof matrixSubmissionOutput>;

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
      // Not a spread with a key after it (docs/ARCHITECTURE.md, "A hot read's path").
      files: views.map((view, index) =>
        Object.assign({}, view, { recordedByAdminName: files[index] ? recorders(files[index]) : null }),
      ),
    },
  };
}
