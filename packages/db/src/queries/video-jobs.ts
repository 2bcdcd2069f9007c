import { and, asc, eq, isNull, like, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { evidenceFiles } from '../schema/evidence';
import type { EvidenceFileRow } from './evidence-files';

/**
 * Takes the oldest pending video no other server is working on (a claim older than `staleBefore` was
 * left by a crash or restart and is taken over), counting the attempt. SKIP LOCKED lets several
 * servers share the queue without waiting on each other.
 *
 * The pick is compared with `=`, which makes it an InitPlan run once per statement. With `IN` the
 * planner may make it the inner side of a nested-loop semi-join and rerun it for every pending row;
 * each rerun skips the rows this statement has just updated and picks the next one, so one call
 * claimed several videos while the caller worked on only the first. The others stayed claimed by
 * no one until their claim went stale.
 */
export async function claimPendingVideo(
  db: Database,
  { now, staleBefore }: { now: Date; staleBefore: Date },
): Promise<EvidenceFileRow | undefined> {
  const next = db
    .select({ id: evidenceFiles.id })
    .from(evidenceFiles)
    .where(
      and(
        eq(evidenceFiles.videoStatus, 'pending'),
        // Photos share the status columns (their thumbnails: queries/thumbnail-jobs.ts).
        like(evidenceFiles.fileType, 'video/%'),
        or(isNull(evidenceFiles.videoClaimedAt), lt(evidenceFiles.videoClaimedAt, staleBefore)),
      ),
    )
    .orderBy(asc(evidenceFiles.createdAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(evidenceFiles)
    .set({ videoClaimedAt: now, videoAttempts: sql`${evidenceFiles.videoAttempts} + 1` })
    .where(and(eq(evidenceFiles.id, next), eq(evidenceFiles.videoStatus, 'pending')))
    .returning();
  return row;
}

/** Keeps a claim fresh while the work runs, so no other server takes it over as abandoned. */
export async function touchVideoClaim(
  db: Database,
  { fileId, now }: { fileId: string; now: Date },
): Promise<void> {
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
  {
    fileId,
    ...outcome
  }: {
    fileId: string;
    status: 'ready' | 'failed';
    thumbnailPath: string | null;
    playablePath: string | null;
  },
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
