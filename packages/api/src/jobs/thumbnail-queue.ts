import type { Logger } from '@evident/core/logger';
import { thumbnailPathFor } from '@evident/core/object-path';
import type { EventBus } from '@evident/core/ports/events';
import type { ImageProcessor, ThumbnailQueue } from '@evident/core/ports/images';
import type { ObjectStorage } from '@evident/core/ports/storage';
import type { Database } from '@evident/db/client';
import type { EvidenceFileRow } from '@evident/db/queries/evidence-files';
import {
  claimPendingThumbnail,
  finishThumbnail,
  releaseThumbnailClaim,
} from '@evident/db/queries/thumbnail-jobs';
import { publishThumbnailProcessed } from '../rules/submission-events';
import { createWorkerLoop } from './worker-loop';

export type ThumbnailQueueDeps = {
  db: Database;
  storage: ObjectStorage;
  images: ImageProcessor;
  log: Logger;
  /** Open screens hear `thumbnail.processed` and fetch the file's views again. */
  events: EventBus;
};

export type ThumbnailQueueOptions = {
  /** How often to look for work left by a crash or by another server. */
  pollMs?: number;
  /** A claim this old was left by a crash and is taken over; no thumbnail takes near this long. */
  claimTimeoutMs?: number;
  /** Attempts cut short by crashes before a photo is given up (a decoder that kills the process). */
  maxAttempts?: number;
};

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Thumbnails of recorded photos, made one at a time in the background so that recording never
 * waits for a decoder and a burst of large pictures costs the memory of one. The queue is the
 * pending rows themselves (see db/queries/thumbnail-jobs.ts), so work left by a restart or a crash
 * is picked up after it. A photo that cannot be previewed keeps its evidence, marked `failed`.
 */
export function createThumbnailQueue(
  deps: ThumbnailQueueDeps,
  options: ThumbnailQueueOptions = {},
): ThumbnailQueue {
  const pollMs = options.pollMs ?? 60_000;
  const claimTimeoutMs = options.claimTimeoutMs ?? 10 * 60_000;
  const maxAttempts = options.maxAttempts ?? 3;

  async function makeThumbnail(file: EvidenceFileRow): Promise<string | null> {
    try {
      const source = await deps.storage.getStream(file.objectPath);
      if (!source) throw new Error('the original upload is missing');
      const thumbnail = await deps.images.createThumbnail(source);
      const path = thumbnailPathFor(file.objectPath);
      await deps.storage.put(path, thumbnail, deps.images.thumbnailContentType);
      return path;
    } catch (error) {
      const cause = error instanceof Error && error.cause ? ` (${messageOf(error.cause)})` : '';
      deps.log.warn(`No thumbnail for ${file.objectPath} (${file.fileType}): ${messageOf(error)}${cause}`);
      return null;
    }
  }

  async function drain(): Promise<void> {
    while (!loop.stopped) {
      const now = new Date();
      const staleBefore = new Date(now.getTime() - claimTimeoutMs);
      const file = await claimPendingThumbnail(deps.db, { now, staleBefore });
      if (!file) return;
      if (file.videoAttempts > maxAttempts) {
        deps.log.warn(`Thumbnail gave up on ${file.objectPath} after ${maxAttempts} interrupted attempts`);
        await finishThumbnail(deps.db, { fileId: file.id, thumbnailPath: null });
        await publishThumbnailProcessed(deps, file);
        continue;
      }
      const thumbnailPath = await makeThumbnail(file);
      if (loop.stopped && !thumbnailPath) {
        await releaseThumbnailClaim(deps.db, file.id);
        return;
      }
      await finishThumbnail(deps.db, { fileId: file.id, thumbnailPath });
      await publishThumbnailProcessed(deps, file);
    }
  }

  const loop = createWorkerLoop({
    drain,
    pollMs,
    log: deps.log,
    failureMessage: 'thumbnail worker stopped on an error',
  });
  return { wake: loop.wake, idle: loop.idle, stop: () => loop.stop() };
}
