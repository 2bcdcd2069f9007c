import { and, eq, isNull, like, or } from 'drizzle-orm';
import type { Database } from '../client';
import { evidenceFiles } from '../schema/evidence';
import type { EvidenceFileRow } from './evidence-files';
import { enqueueJobs, type NewJob } from './jobs';

/**
 * A recorded video's processing (poster and playable copy) is a `video` job; the file's
 * `video_status` is what screens show of it: `pending` while the job waits or runs.
 */
export const videoJob = (fileId: string): NewJob<'video'> => ({
  kind: 'video',
  payload: { fileId },
  dedupeKey: `video:${fileId}`,
  // A conversion cut short by crashes this often is given up (a file that kills ffmpeg's host).
  maxAttempts: 3,
});

/** The file a video or thumbnail job is about, while its work is still to do. */
export async function findPendingFile(db: Database, fileId: string): Promise<EvidenceFileRow | undefined> {
  const [row] = await db
    .select()
    .from(evidenceFiles)
    .where(and(eq(evidenceFiles.id, fileId), eq(evidenceFiles.videoStatus, 'pending')));
  return row;
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
    })
    .where(eq(evidenceFiles.id, fileId));
}

/**
 * Queues videos recorded while processing was off (no status yet) and, with `retryFailed`, those
 * whose processing failed; answers how many. A running server with video processing on picks them up.
 */
export async function queueUnprocessedVideos(db: Database, { retryFailed }: { retryFailed: boolean }) {
  const unprocessed = isNull(evidenceFiles.videoStatus);
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(evidenceFiles)
      .set({ videoStatus: 'pending' })
      .where(
        and(
          like(evidenceFiles.fileType, 'video/%'),
          retryFailed ? or(unprocessed, eq(evidenceFiles.videoStatus, 'failed')) : unprocessed,
        ),
      )
      .returning({ id: evidenceFiles.id });
    await enqueueJobs(
      tx,
      rows.map((row) => videoJob(row.id)),
    );
    return rows.length;
  });
}
