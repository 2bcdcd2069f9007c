import { and, eq, isNull, like } from 'drizzle-orm';
import type { Database } from '../client';
import { evidenceFiles } from '../schema/evidence';
import { enqueueJobs, type NewJob } from './jobs';

/**
 * Thumbnails of recorded photos are made in the background as `thumbnail` jobs. The file's
 * `video_status` (the processing status of any recorded file) is `pending` until made, then `ready`,
 * or `failed` for a picture that cannot be previewed (too many pixels, HEIC, corrupt).
 */
export const thumbnailJob = (fileId: string): NewJob<'thumbnail'> => ({
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

const THUMBNAIL_QUEUE_SLICE = 1000;

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
    // In slices: one INSERT of every old photo's job overflows the stack building its parameters
    // (about 100,000 photos), and the server would not start.
    for (let start = 0; start < rows.length; start += THUMBNAIL_QUEUE_SLICE) {
      await enqueueJobs(
        tx,
        rows.slice(start, start + THUMBNAIL_QUEUE_SLICE).map((row) => thumbnailJob(row.id)),
      );
    }
    return rows.length;
  });
}
