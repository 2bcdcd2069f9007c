import { and, asc, desc, eq, inArray, isNull, like, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { enrolments, tasks } from '../schema/curriculum';
import { evidenceFiles, submissions, uploadGrants } from '../schema/evidence';

export type UploadGrantRow = typeof uploadGrants.$inferSelect;
export type SubmissionRow = typeof submissions.$inferSelect;
export type EvidenceFileRow = typeof evidenceFiles.$inferSelect;

// ---- upload grants --------------------------------------------------------------------------

export async function insertUploadGrant(
  db: Database,
  grant: Omit<UploadGrantRow, 'recordedAt' | 'declaredSize'> & { declaredSize?: number | null },
): Promise<void> {
  await db.insert(uploadGrants).values(grant);
}

/** `forUpdate` locks the row until the transaction ends, so a record and the sweep cannot cross. */
export async function findUploadGrant(
  db: Database,
  objectPath: string,
  options: { forUpdate?: boolean } = {},
): Promise<UploadGrantRow | undefined> {
  const query = db.select().from(uploadGrants).where(eq(uploadGrants.objectPath, objectPath)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function markUploadGrantRecorded(db: Database, objectPath: string, at: Date): Promise<void> {
  await db.update(uploadGrants).set({ recordedAt: at }).where(eq(uploadGrants.objectPath, objectPath));
}

/**
 * Deletes up to `limit` grants that expired before `cutoff` and were never recorded, returning them.
 * A record in flight holds its grant's row lock; Postgres re-checks `recorded_at` after the lock is
 * released, so a grant recorded meanwhile is left alone.
 */
export async function deleteExpiredUploadGrants(
  db: Database,
  cutoff: Date,
  limit: number,
): Promise<UploadGrantRow[]> {
  const expired = db
    .select({ objectPath: uploadGrants.objectPath })
    .from(uploadGrants)
    .where(and(isNull(uploadGrants.recordedAt), lt(uploadGrants.expiresAt, cutoff)))
    .orderBy(asc(uploadGrants.expiresAt))
    .limit(limit);
  return db
    .delete(uploadGrants)
    .where(
      and(
        inArray(uploadGrants.objectPath, expired),
        isNull(uploadGrants.recordedAt),
        lt(uploadGrants.expiresAt, cutoff),
      ),
    )
    .returning();
}

/** Puts a swept grant back when its object could not be deleted, so the next sweep tries again. */
export async function restoreUploadGrant(db: Database, grant: UploadGrantRow): Promise<void> {
  await db.insert(uploadGrants).values(grant).onConflictDoNothing();
}

// ---- tasks as a student sees them -----------------------------------------------------------

/**
 * Whether a task exists and whether it belongs to one of the student's units: the two answers a
 * refusal needs to tell apart ("no such task" against "not your task").
 */
export async function findTaskForStudent(
  db: Database,
  studentId: string,
  taskId: string,
): Promise<{ taskId: string; unitId: string; enrolled: boolean } | undefined> {
  const [row] = await db
    .select({ taskId: tasks.id, unitId: tasks.unitId, enrolledUnit: enrolments.unitId })
    .from(tasks)
    .leftJoin(enrolments, and(eq(enrolments.unitId, tasks.unitId), eq(enrolments.studentId, studentId)))
    .where(eq(tasks.id, taskId))
    .limit(1);
  if (!row) return undefined;
  return { taskId: row.taskId, unitId: row.unitId, enrolled: row.enrolledUnit !== null };
}

// ---- submissions ----------------------------------------------------------------------------

export async function findSubmission(
  db: Database,
  studentId: string,
  taskId: string,
  options: { forUpdate?: boolean } = {},
): Promise<SubmissionRow | undefined> {
  const query = db
    .select()
    .from(submissions)
    .where(and(eq(submissions.studentId, studentId), eq(submissions.taskId, taskId)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** Undefined when another request created the student's submission for this task first. */
export async function insertSubmission(
  db: Database,
  studentId: string,
  taskId: string,
): Promise<SubmissionRow | undefined> {
  const [row] = await db
    .insert(submissions)
    .values({ studentId, taskId, status: 'submitted' })
    .onConflictDoNothing()
    .returning();
  return row;
}

/**
 * New evidence on a not-yet-satisfactory submission sends it back to the assessor, as submitted now.
 * The comment and strategies stay (they say what the new evidence answers); who graded it and when
 * are cleared, because the submission is no longer graded (the decision itself stays in
 * grading_decisions).
 */
export async function resubmitSubmission(db: Database, id: string, at: Date): Promise<SubmissionRow> {
  const [row] = await db
    .update(submissions)
    .set({ status: 'submitted', gradedBy: null, gradedAt: null, submittedAt: at, updatedAt: at })
    .where(eq(submissions.id, id))
    .returning();
  if (!row) throw new Error('submission vanished while locked');
  return row;
}

// ---- evidence files -------------------------------------------------------------------------

export async function countSubmissionFiles(db: Database, submissionId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(evidenceFiles)
    .where(eq(evidenceFiles.submissionId, submissionId));
  return row?.n ?? 0;
}

export type NewEvidenceFile = {
  submissionId: string;
  objectPath: string;
  fileName: string;
  fileType: string;
  fileSize: number;
  isPrimary: boolean;
  /** `pending` queues a video for background processing. */
  videoStatus?: 'pending';
};

export async function insertEvidenceFile(db: Database, file: NewEvidenceFile): Promise<EvidenceFileRow> {
  const [row] = await db.insert(evidenceFiles).values(file).returning();
  if (!row) throw new Error('insert returned no evidence file');
  return row;
}

/** The recorded file at an object path with its submission's owner and task, for idempotent records. */
export async function findEvidenceFileByObjectPath(
  db: Database,
  objectPath: string,
): Promise<{ file: EvidenceFileRow; submission: SubmissionRow } | undefined> {
  const [row] = await db
    .select({ file: evidenceFiles, submission: submissions })
    .from(evidenceFiles)
    .innerJoin(submissions, eq(submissions.id, evidenceFiles.submissionId))
    .where(eq(evidenceFiles.objectPath, objectPath))
    .limit(1);
  return row;
}

export async function setEvidenceThumbnail(
  db: Database,
  fileId: string,
  thumbnailPath: string,
): Promise<void> {
  await db.update(evidenceFiles).set({ thumbnailPath }).where(eq(evidenceFiles.id, fileId));
}

// ---- background video processing ------------------------------------------------------------

/**
 * Takes the oldest pending video no other server is working on (a claim older than `staleBefore` was
 * left by a crash or restart and is taken over), counting the attempt. SKIP LOCKED lets several
 * servers share the queue without waiting on each other.
 */
export async function claimPendingVideo(
  db: Database,
  now: Date,
  staleBefore: Date,
): Promise<EvidenceFileRow | undefined> {
  const next = db
    .select({ id: evidenceFiles.id })
    .from(evidenceFiles)
    .where(
      and(
        eq(evidenceFiles.videoStatus, 'pending'),
        or(isNull(evidenceFiles.videoClaimedAt), lt(evidenceFiles.videoClaimedAt, staleBefore)),
      ),
    )
    .orderBy(asc(evidenceFiles.createdAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(evidenceFiles)
    .set({ videoClaimedAt: now, videoAttempts: sql`${evidenceFiles.videoAttempts} + 1` })
    .where(and(inArray(evidenceFiles.id, next), eq(evidenceFiles.videoStatus, 'pending')))
    .returning();
  return row;
}

/** Keeps a claim fresh while the work runs, so no other server takes it over as abandoned. */
export async function touchVideoClaim(db: Database, fileId: string, now: Date): Promise<void> {
  await db
    .update(evidenceFiles)
    .set({ videoClaimedAt: now })
    .where(and(eq(evidenceFiles.id, fileId), eq(evidenceFiles.videoStatus, 'pending')));
}

/** Gives a claim back untouched (the server is stopping), so the next start picks the video up at once. */
export async function releaseVideoClaim(db: Database, fileId: string): Promise<void> {
  await db
    .update(evidenceFiles)
    .set({ videoClaimedAt: null, videoAttempts: sql`greatest(${evidenceFiles.videoAttempts} - 1, 0)` })
    .where(and(eq(evidenceFiles.id, fileId), eq(evidenceFiles.videoStatus, 'pending')));
}

export async function finishVideo(
  db: Database,
  fileId: string,
  outcome: { status: 'ready' | 'failed'; thumbnailPath: string | null; playablePath: string | null },
): Promise<void> {
  await db
    .update(evidenceFiles)
    .set({
      videoStatus: outcome.status,
      playablePath: outcome.playablePath,
      ...(outcome.thumbnailPath ? { thumbnailPath: outcome.thumbnailPath } : {}),
      videoClaimedAt: null,
    })
    .where(eq(evidenceFiles.id, fileId));
}

/**
 * Queues videos recorded while processing was off (no status yet) and, with `retryFailed`, those
 * whose processing failed; answers how many. A running server picks them up on its next look.
 */
export async function queueUnprocessedVideos(db: Database, { retryFailed }: { retryFailed: boolean }) {
  const unprocessed = isNull(evidenceFiles.videoStatus);
  const rows = await db
    .update(evidenceFiles)
    .set({ videoStatus: 'pending', videoAttempts: 0, videoClaimedAt: null })
    .where(
      and(
        like(evidenceFiles.fileType, 'video/%'),
        retryFailed ? or(unprocessed, eq(evidenceFiles.videoStatus, 'failed')) : unprocessed,
      ),
    )
    .returning({ id: evidenceFiles.id });
  return rows.length;
}

/** A submission's files, the primary one first, then in the order they were added; withdrawn ones never. */
export async function listSubmissionFiles(db: Database, submissionIds: string[]): Promise<EvidenceFileRow[]> {
  if (submissionIds.length === 0) return [];
  return db
    .select()
    .from(evidenceFiles)
    .where(and(inArray(evidenceFiles.submissionId, submissionIds), isNull(evidenceFiles.withdrawnAt)))
    .orderBy(desc(evidenceFiles.isPrimary), asc(evidenceFiles.createdAt), asc(evidenceFiles.id));
}
