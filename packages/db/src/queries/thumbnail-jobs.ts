import { and, asc, eq, isNull, like, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { evidenceFiles } from '../schema/evidence';
import type { EvidenceFileRow } from './evidence-files';

/**
 * Thumbnails of recorded photos are made in the background, queued in the same columns as video
 * work (`video_status`, `video_claimed_at`, `video_attempts`: the processing status of any recorded
 * file; the video queue takes `video/*` rows, this one `image/*` rows). `pending` until made, then
 * `ready`, or `failed` for a picture that cannot be previewed (too many pixels, HEIC, corrupt).
 */
const isImage = like(evidenceFiles.fileType, 'image/%');

/**
 * Takes the oldest pending photo no other worker has (a claim older than `staleBefore` was left by a
 * crash and is taken over), counting the attempt. SKIP LOCKED lets several servers share the queue.
 */
export async function claimPendingThumbnail(
  db: Database,
  { now, staleBefore }: { now: Date; staleBefore: Date },
): Promise<EvidenceFileRow | undefined> {
  // Picked and claimed in one transaction rather than one UPDATE ... WHERE id IN (SELECT ... LIMIT 1
  // FOR UPDATE SKIP LOCKED): the planner may run that subquery again per row, and each run skips
  // the rows the last one locked, so one call could claim several files and work on only one.
  return db.transaction(async (tx) => {
    const [next] = await tx
      .select({ id: evidenceFiles.id })
      .from(evidenceFiles)
      .where(
        and(
          eq(evidenceFiles.videoStatus, 'pending'),
          isImage,
          or(isNull(evidenceFiles.videoClaimedAt), lt(evidenceFiles.videoClaimedAt, staleBefore)),
        ),
      )
      .orderBy(asc(evidenceFiles.createdAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!next) return undefined;
    const [row] = await tx
      .update(evidenceFiles)
      .set({ videoClaimedAt: now, videoAttempts: sql`${evidenceFiles.videoAttempts} + 1` })
      .where(eq(evidenceFiles.id, next.id))
      .returning();
    return row;
  });
}

/** Gives a claim back untouched (the server is stopping), so the next start takes the photo at once. */
export async function releaseThumbnailClaim(db: Database, fileId: string): Promise<void> {
  await db
    .update(evidenceFiles)
    .set({ videoClaimedAt: null, videoAttempts: sql`greatest(${evidenceFiles.videoAttempts} - 1, 0)` })
    .where(and(eq(evidenceFiles.id, fileId), eq(evidenceFiles.videoStatus, 'pending')));
}

/** `thumbnailPath` null: no preview can be made of this photo. */
export async function finishThumbnail(
  db: Database,
  { fileId, thumbnailPath }: { fileId: string; thumbnailPath: string | null },
): Promise<void> {
  await db
    .update(evidenceFiles)
    .set({ videoStatus: thumbnailPath ? 'ready' : 'failed', thumbnailPath, videoClaimedAt: null })
    .where(eq(evidenceFiles.id, fileId));
}

/**
 * Queues photos recorded before thumbnails moved to the background that have none (their status
 * is null); answers how many. Run at start-up: a photo is queued once, and then `ready` or `failed`.
 */
export async function queuePhotosWithoutThumbnails(db: Database): Promise<number> {
  const rows = await db
    .update(evidenceFiles)
    .set({ videoStatus: 'pending', videoAttempts: 0, videoClaimedAt: null })
    .where(and(isImage, isNull(evidenceFiles.videoStatus), isNull(evidenceFiles.thumbnailPath)))
    .returning({ id: evidenceFiles.id });
  return rows.length;
}
