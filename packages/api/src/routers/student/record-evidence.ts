import { AppError } from '@evident/core/errors';
import { kindOfMimeType, normaliseMimeType } from '@evident/core/evidence-types';
import { canAddMoreEvidence } from '@evident/core/student-progress';
import { checkUploadedObject } from '@evident/core/upload-check';
import type { Database } from '@evident/db/client';
import { isForeignKeyViolation } from '@evident/db/errors';
import { recordAudit } from '@evident/db/queries/audit';
import { attachDeclaration } from '@evident/db/queries/evidence-declarations';
import {
  countSubmissionFiles,
  type EvidenceFileRow,
  findEvidenceFileByClientKey,
  findEvidenceFileByObjectPath,
  insertEvidenceFile,
  insertEvidenceFileOnce,
} from '@evident/db/queries/evidence-files';
import { enqueueJob } from '@evident/db/queries/jobs';
import {
  findSubmission,
  insertSubmission,
  resubmitSubmission,
  type SubmissionRow,
} from '@evident/db/queries/submissions';
import { thumbnailJob } from '@evident/db/queries/thumbnail-jobs';
import { findUploadGrant, markUploadGrantRecorded } from '@evident/db/queries/upload-grants';
import { videoJob } from '@evident/db/queries/video-jobs';
import { z } from 'zod';
import type { Services } from '../../context';
import { remindToDeclare } from '../../rules/declaration-reminders';
import { declareIfGiven, requireDeclarationVersion } from '../../rules/declarations';
import { publishSubmissionCreated } from '../../rules/submission-events';
import { requireStudentTask } from '../../rules/tasks';
import { noUploadIssued, requireOwnUploadGrant } from '../../rules/upload-grants';
import { submissionStatusOutput } from '../../views/common-outputs';
import { evidenceFileRecordOutput, toEvidenceFileRecord } from '../../views/evidence-file-views';

/** Answer of `student.evidence.record` / `POST /api/evidence`. */
export const recordedEvidenceOutput = z.object({
  submission: z.object({ id: z.string(), taskId: z.string(), status: submissionStatusOutput }),
  file: evidenceFileRecordOutput.extend({ hasThumbnail: z.boolean() }),
});
export type RecordedEvidence = z.infer<typeof recordedEvidenceOutput>;

type Deps = Pick<Services, 'db' | 'storage' | 'jobs' | 'videoProcessing' | 'log' | 'events'> & {
  /** Where the app is, for the mail asking for a missing declaration; null sends none (the demo's seeding). */
  publicUrl: string | null;
};

/**
 * Spec section 4: evidence may be added while a task is pending (no submission) or not yet
 * satisfactory; and, from View Evidence, while it waits for the assessor (issue 10). Never once it
 * is satisfactory.
 */
function refuseClosedSubmission(): never {
  throw new AppError('CONFLICT', 'This task has already been graded satisfactory; it needs no more evidence');
}

function toRecorded(submission: SubmissionRow, file: EvidenceFileRow): RecordedEvidence {
  return {
    submission: { id: submission.id, taskId: submission.taskId, status: submission.status },
    file: {
      ...toEvidenceFileRecord(file),
      hasThumbnail: file.thumbnailPath !== null,
    },
  };
}

/**
 * The transaction that records evidence, where an admin deleting the task at the same moment makes
 * the database refuse our submission (its task is gone): that is a task not found, never a 500.
 */
async function inTransactionOnTask<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError('NOT_FOUND', 'Task not found');
    throw error;
  }
}

/** A second request for an object already recorded gets the first one's answer, not a second row. */
async function alreadyRecorded(db: Database, studentId: string, objectPath: string, taskId: string) {
  const found = await findEvidenceFileByObjectPath(db, objectPath);
  if (!found || found.submission.studentId !== studentId) throw noUploadIssued();
  if (found.submission.taskId !== taskId) {
    throw new AppError('CONFLICT', 'This file is already recorded as evidence for another task');
  }
  return toRecorded(found.submission, found.file);
}

/** The file this student recorded under a client key, answered again; null when there is none. */
async function recordedUnderKey(db: Database, studentId: string, clientKey: string, taskId: string) {
  const found = await findEvidenceFileByClientKey(db, { studentId, clientKey });
  if (!found) return null;
  if (found.submission.taskId !== taskId) {
    throw new AppError('CONFLICT', 'This file is already recorded as evidence for another task');
  }
  return toRecorded(found.submission, found.file);
}

/** Rolls the transaction back when a concurrent retry recorded the same client key first. */
class ClientKeyTaken extends Error {}

/** A capture time from the device: never later than now (a clock ahead must not date it in the future). */
function captureTime(capturedAt: string | undefined, now: Date): Date | null {
  if (!capturedAt) return null;
  const at = new Date(capturedAt);
  return at.getTime() > now.getTime() ? now : at;
}

/**
 * Records an uploaded file as evidence for a task: checks that the object was granted to this
 * student, landed whole and is what it claims to be, and that the task is theirs and open; then, in
 * one transaction, creates or reopens the submission, attaches the file and marks the grant used.
 * Any refusal leaves no submission or file row behind. Idempotent on `objectPath`.
 */
export async function recordEvidence(
  deps: Deps,
  by: string | { studentId: string; recordedBy: string },
  input: {
    taskId: string;
    fileName: string;
    fileType: string;
    objectPath: string;
    clientKey?: string;
    capturedAt?: string;
    declarationVersion?: number;
    declaredAt?: string;
  },
  now: Date = new Date(),
): Promise<RecordedEvidence> {
  const { db } = deps;
  // Who recorded it in person: the student, or the admin viewing the app as them.
  const { studentId, recordedBy } = typeof by === 'string' ? { studentId: by, recordedBy: by } : by;
  const { objectPath, taskId, clientKey } = input;
  if (clientKey) {
    const earlier = await recordedUnderKey(db, studentId, clientKey, taskId);
    if (earlier) return earlier;
  }
  const grant = await requireOwnUploadGrant(db, studentId, objectPath);
  if (grant.recordedAt) return alreadyRecorded(db, studentId, objectPath, taskId);
  if (input.declarationVersion !== undefined)
    await requireDeclarationVersion(db, 'student', input.declarationVersion);

  if (normaliseMimeType(input.fileType) !== grant.fileType) {
    throw new AppError(
      'UNPROCESSABLE',
      `The file type ${input.fileType} does not match the type it was uploaded as (${grant.fileType})`,
    );
  }
  const { unitId } = await requireStudentTask(db, studentId, taskId);
  const current = await findSubmission(db, { studentId, taskId });
  if (current && !canAddMoreEvidence(current.status)) refuseClosedSubmission();

  // Outside the transaction: it reads the object store, which may be a slow network away.
  // It also reads the whole file back, streamed, for its SHA-256.
  const { size, sha256 } = await checkUploadedObject(deps.storage, {
    objectPath,
    contentType: grant.fileType,
    maxBytes: grant.maxBytes,
  });

  const kind = kindOfMimeType(grant.fileType);
  const queueVideo = deps.videoProcessing && kind === 'video';
  // Photos' thumbnails are made in the background too: recording never waits for a decoder.
  const queued = queueVideo || kind === 'image';
  const outcome = await recordInTransaction();
  if (outcome === 'client-key-taken' && clientKey) {
    const earlier = await recordedUnderKey(db, studentId, clientKey, taskId);
    if (earlier) return earlier;
  }
  if (!outcome || outcome === 'client-key-taken') return alreadyRecorded(db, studentId, objectPath, taskId);
  // Returns at once: the thumbnail, poster and playable copy are made in the background.
  if (queued || outcome.reminded) deps.jobs.wake();
  await publishSubmissionCreated(deps, outcome.submission.id);
  return toRecorded(outcome.submission, outcome.file);

  async function recordInTransaction() {
    try {
      return await inTransactionOnTask(db, async (tx) => {
        // The grant's row lock orders us against a duplicate request and against the sweep.
        const locked = await findUploadGrant(tx, { objectPath, forUpdate: true });
        if (!locked)
          throw new AppError(
            'NOT_FOUND',
            'The upload expired before it was recorded. Please upload it again',
          );
        if (locked.recordedAt) return null;

        let submission = await findSubmission(tx, { studentId, taskId, forUpdate: true });
        if (!submission) {
          // Another request may create it between our read and insert; then add to theirs.
          submission =
            (await insertSubmission(tx, { studentId, taskId })) ??
            (await findSubmission(tx, { studentId, taskId, forUpdate: true }));
          if (!submission) throw new Error('submission vanished after a conflicting insert');
          if (!canAddMoreEvidence(submission.status)) refuseClosedSubmission();
        } else {
          if (!canAddMoreEvidence(submission.status)) refuseClosedSubmission();
          // More files while it waits, or new evidence after NYS: submitted (again), dated now.
          submission = await resubmitSubmission(tx, { id: submission.id, at: now });
        }
        const isPrimary = (await countSubmissionFiles(tx, submission.id)) === 0;
        const values = {
          submissionId: submission.id,
          objectPath,
          fileName: input.fileName,
          fileType: grant.fileType,
          fileSize: size,
          sha256,
          isPrimary,
          recordedBy,
          capturedAt: captureTime(input.capturedAt, now),
          ...(queued ? { videoStatus: 'pending' as const } : {}),
        };
        const inserted = clientKey
          ? await insertEvidenceFileOnce(tx, { ...values, clientKey })
          : await insertEvidenceFile(tx, values);
        if (!inserted) throw new ClientKeyTaken();
        // The student's declaration for this upload, dated when they confirmed it (offline: at capture).
        const declarationId = await declareIfGiven(tx, {
          kind: 'student',
          version: input.declarationVersion,
          userId: studentId,
          actingAdminId: recordedBy === studentId ? null : recordedBy,
          at: input.declaredAt ? new Date(input.declaredAt) : null,
          now,
        });
        if (declarationId) await attachDeclaration(tx, { fileIds: [inserted.id], declarationId });
        const file = { ...inserted, declarationId };
        // Queued in the same transaction, so a restart right after the commit still processes it.
        if (queued) await enqueueJob(tx, queueVideo ? videoJob(file.id) : thumbnailJob(file.id));
        await markUploadGrantRecorded(tx, { objectPath, at: now });
        // Not declared: the student is asked for it by mail too, at most once a day in the unit.
        const reminded =
          declarationId === null && deps.publicUrl !== null
            ? await remindToDeclare(tx, { studentId, unitId, taskId, recordedBy, publicUrl: deps.publicUrl })
            : false;
        await recordAudit(tx, {
          actorId: recordedBy,
          actingAsId: recordedBy === studentId ? null : studentId,
          action: 'evidence.recorded',
          subjectId: file.id,
          detail: { submissionId: submission.id, taskId, declared: declarationId !== null },
        });
        return { submission, file, reminded };
      });
    } catch (error) {
      if (error instanceof ClientKeyTaken) return 'client-key-taken' as const;
      throw error;
    }
  }
}
