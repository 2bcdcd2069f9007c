import { and, eq, isNull, like } from 'drizzle-orm';
import type { Database } from '../client';
import { evidenceFiles } from '../schema/evidence';
import { enqueueJobs, type NewJob } from './jobs';

/**
 * Thumbnails of recorded photos are made in the background as `thumbnail` jobs. The file's
 * `video_status` (the processing status of any recorded file) is `pending` until made, then `ready`,
 * or `failed` for a picture that cannot be previewed (too many pixels, HEIC, corrupt).
 */
export const thumbnailJob = (fileId: string): NewJob => ({
  kind: 'thumbnail',
  payload: { fileId },
  dedupeKey: `thumbnail:${fileId}`,
  maxAttempts: 3,
});

/** `thumbnailPath` null: no preview can be made of this photo. */
export async function finishThumbnail(
  db: Database,
  { fileId, thumbnailPath }: { fileId: string; thumbnailPath: string | null },
): Promise<void> {
  await db
    .update(evidenceFiles)
    .set({ videoStatus: thumbnailPath ? 'ready' : 'failed', thumbnailPath })
    .where(eq(evidenceFiles.id, fileId));
}

/**
 * Queues photos recorded before thumbnails moved to the background that have none (their status
 * is null); answers how many. Run at start-up: a photo is queued once, and then `ready` or `failed`.
 */
export async function queuePhotosWithoutThumbnails(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(evidenceFiles)
      .set({ videoStatus: 'pending' })
      .where(
        and(
          like(evidenceFiles.fileType, 'image/%'),
          isNull(evidenceFiles.videoStatus),
          isNull(evidenceFiles.thumbnailPath),
        ),
      )
      .returning({ id: evidenceFiles.id });
    await enqueueJobs(
      tx,
      rows.map((row) => thumbnailJob(row.id)),
    );
    return rows.length;
  });
}
