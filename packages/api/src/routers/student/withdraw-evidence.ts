import { AppError } from '@evident/core/errors';
import { withdrawRefusal, withdrawRefusalMessages } from '@evident/core/resubmission';
import { recordAudit } from '@evident/db/queries/audit';
import {
  countSubmissionFiles,
  fileWasJudged,
  findStudentEvidenceFile,
  makeOldestFilePrimary,
  withdrawEvidenceFile,
} from '@evident/db/queries/evidence-files';
import { z } from 'zod';
import type { Services } from '../../context';
import { publishEvidenceWithdrawn } from '../../rules/submission-events';
import { isoOutput } from '../../views/common-outputs';

/** `student.evidence.withdraw` / `POST /api/evidence/{fileId}/withdraw`. */
export const withdrawEvidenceInput = z.object({
  fileId: z.uuid({ error: 'File id must be a UUID' }),
});
export type WithdrawEvidenceInput = z.input<typeof withdrawEvidenceInput>;

/** Answer of `student.evidence.withdraw`. */
export const withdrawnEvidenceOutput = z.object({
  fileId: z.string(),
  submissionId: z.string(),
  taskId: z.string(),
  status: z.literal('submitted'),
  withdrawnAt: isoOutput,
});
export type WithdrawnEvidence = z.infer<typeof withdrawnEvidenceOutput>;

type Deps = Pick<Services, 'db' | 'events'>;

/**
 * Takes a file uploaded by mistake out of a submission that waits for the assessor. Nothing is
 * deleted: the row and the stored object stay, marked with who withdrew it and when, and an audit
 * event records it. Refused once the submission (or this file) was graded, and for the last file of
 * the submission: a waiting submission is never empty; the student adds the right file first.
 */
export async function withdrawEvidence(
  deps: Deps,
  who: { studentId: string; actorId: string },
  input: { fileId: string },
  now: Date = new Date(),
): Promise<WithdrawnEvidence> {
  const { db } = deps;
  const outcome = await db.transaction(async (tx) => {
    // The submission row lock orders this against a grade, a record and another withdrawal.
    const found = await findStudentEvidenceFile(tx, {
      fileId: input.fileId,
      studentId: who.studentId,
      forUpdate: true,
    });
    if (!found) throw new AppError('NOT_FOUND', 'Evidence file not found');
    const { file, submission } = found;
    // The same rule View Evidence offers Withdraw by (`student.evidence.list`'s `canWithdraw`).
    const refusal = withdrawRefusal({
      submissionStatus: submission.status,
      withdrawn: file.withdrawnAt !== null,
      judged: await fileWasJudged(tx, { fileId: file.id }),
      filesInSubmission: await countSubmissionFiles(tx, submission.id),
    });
    if (refusal) throw new AppError('CONFLICT', withdrawRefusalMessages[refusal]);
    await withdrawEvidenceFile(tx, { fileId: file.id, by: who.actorId, at: now });
    if (file.isPrimary) await makeOldestFilePrimary(tx, { submissionId: submission.id });
    await recordAudit(tx, {
      actorId: who.actorId,
      actingAsId: who.actorId === who.studentId ? null : who.studentId,
      action: 'evidence.withdrawn',
      subjectId: file.id,
      detail: {
        studentId: who.studentId,
        submissionId: submission.id,
        taskId: submission.taskId,
        fileName: file.fileName,
        objectPath: file.objectPath,
      },
    });
    return { file, submission };
  });

  await publishEvidenceWithdrawn(deps, outcome.file);
  return {
    fileId: outcome.file.id,
    submissionId: outcome.submission.id,
    taskId: outcome.submission.taskId,
    status: 'submitted',
    withdrawnAt: now.toISOString(),
  };
}
