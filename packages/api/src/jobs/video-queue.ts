import type { Logger } from '@evident/core/logger';
import { playablePathFor, thumbnailPathFor } from '@evident/core/object-path';
import type { EventBus } from '@evident/core/ports/events';
import type { ImageProcessor } from '@evident/core/ports/images';
import type { ObjectStorage } from '@evident/core/ports/storage';
import type { VideoConverter, VideoQueue } from '@evident/core/ports/video';
import type { Database } from '@evident/db/client';
import type { EvidenceFileRow } from '@evident/db/queries/evidence-files';
import {
  claimPendingVideo,
  finishVideo,
  releaseVideoClaim,
  touchVideoClaim,
} from '@evident/db/queries/video-jobs';
import { publishVideoProcessed } from '../rules/submission-events';
import { createWorkerLoop } from './worker-loop';

export type VideoQueueDeps = {
  db: Database;
  storage: ObjectStorage;
  images: ImageProcessor;
  log: Logger;
  events: EventBus;
  converter: VideoConverter;
};

export type VideoQueueOptions = {
  /** How often a running claim is refreshed; a claim not refreshed for 5x this is taken over. */
  heartbeatMs?: number;
  /** How often to look for work left by a crash or by another server. */
  pollMs?: number;
  /** Attempts cut short by crashes before a video is given up as failed. */
  maxAttempts?: number;
};

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

type Outcome = { thumbnailPath: string | null; playablePath: string | null };

/**
 * Background processing of recorded videos: a poster thumbnail and, unless the original already
 * plays everywhere, an H.264 MP4 copy. The queue is the `video_status = 'pending'` rows themselves,
 * so work queued before a restart is picked up after it; one video is converted at a time.
 */
export function createVideoQueue(deps: VideoQueueDeps, options: VideoQueueOptions = {}): VideoQueue {
  const heartbeatMs = options.heartbeatMs ?? 60_000;
  const pollMs = options.pollMs ?? 60_000;
  const maxAttempts = options.maxAttempts ?? 3;
  let current: AbortController | null = null;

  async function convert(file: EvidenceFileRow, signal: AbortSignal): Promise<Outcome> {
    const source = await deps.storage.getStream(file.objectPath);
    if (!source) throw new Error('the original upload is missing');
    return deps.converter.convert(source, { contentType: file.fileType, signal }, async (converted) => {
      let thumbnailPath: string | null = null;
      if (converted.poster) {
        try {
          const thumbnail = await deps.images.createThumbnail(converted.poster);
          const path = thumbnailPathFor(file.objectPath);
          await deps.storage.put(path, thumbnail, deps.images.thumbnailContentType);
          thumbnailPath = path;
        } catch (error) {
          deps.log.warn(`No thumbnail for video ${file.objectPath}: ${messageOf(error)}`);
        }
      }
      let playablePath: string | null = null;
      if (converted.playable) {
        const path = playablePathFor(file.objectPath);
        const { playable } = converted;
        await deps.storage.put(path, playable.open(), playable.contentType, playable.size);
        playablePath = path;
      }
      return { thumbnailPath, playablePath };
    });
  }

  /** Answers whether the video is finished (ready or failed), rather than handed back to the queue. */
  async function processOne(file: EvidenceFileRow): Promise<boolean> {
    if (loop.stopped) {
      await releaseVideoClaim(deps.db, file.id);
      return false;
    }
    const controller = new AbortController();
    current = controller;
    const heartbeat = setInterval(() => {
      touchVideoClaim(deps.db, { fileId: file.id, now: new Date() }).catch(() => {});
    }, heartbeatMs);
    heartbeat.unref();
    try {
      const outcome = await convert(file, controller.signal);
      await finishVideo(deps.db, { fileId: file.id, status: 'ready', ...outcome });
      return true;
    } catch (error) {
      if (controller.signal.aborted) {
        await releaseVideoClaim(deps.db, file.id);
        return false;
      }
      deps.log.warn(`Video processing failed for ${file.objectPath} (${file.fileType}): ${messageOf(error)}`);
      await finishVideo(deps.db, {
        fileId: file.id,
        status: 'failed',
        thumbnailPath: null,
        playablePath: null,
      });
      return true;
    } finally {
      clearInterval(heartbeat);
      current = null;
    }
  }

  async function drain(): Promise<void> {
    while (!loop.stopped) {
      const now = new Date();
      const file = await claimPendingVideo(deps.db, {
        now,
        staleBefore: new Date(now.getTime() - 5 * heartbeatMs),
      });
      if (!file) return;
      if (file.videoAttempts > maxAttempts) {
        deps.log.warn(
          `Video processing gave up on ${file.objectPath} after ${maxAttempts} interrupted attempts`,
        );
        await finishVideo(deps.db, {
          fileId: file.id,
          status: 'failed',
          thumbnailPath: null,
          playablePath: null,
        });
        await publishVideoProcessed(deps, file);
        continue;
      }
      if (await processOne(file)) await publishVideoProcessed(deps, file);
    }
  }

  const loop = createWorkerLoop({
    drain,
    pollMs,
    log: deps.log,
    failureMessage: 'video processing stopped on an error',
  });
  return { wake: loop.wake, stop: () => loop.stop(() => current?.abort()) };
}
