import type { JobPayload } from '@evident/core/job-kinds';
import type { Logger } from '@evident/core/logger';
import { playablePathFor, thumbnailPathFor } from '@evident/core/object-path';
import type { EventBus } from '@evident/core/ports/events';
import type { ImageProcessor } from '@evident/core/ports/images';
import type { ObjectStorage } from '@evident/core/ports/storage';
import type { VideoConverter } from '@evident/core/ports/video';
import type { Database } from '@evident/db/client';
import type { EvidenceFileRow } from '@evident/db/queries/evidence-files';
import { findPendingFile, finishVideo } from '@evident/db/queries/video-jobs';
import { publishVideoProcessed } from '../rules/submission-events';
import type { JobHandler } from './job-worker';
import { fileIdOf } from './thumbnail-job';

export type VideoJobDeps = {
  db: Database;
  storage: ObjectStorage;
  images: ImageProcessor;
  log: Logger;
  events: EventBus;
  converter: VideoConverter;
};

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

type Outcome = { thumbnailPath: string | null; playablePath: string | null };

/**
 * Recorded videos (`video` jobs, one conversion at a time): a poster thumbnail and, unless the
 * original already plays everywhere, an H.264 MP4 copy. A video ffmpeg cannot read is marked
 * `failed` and still plays as uploaded.
 */
export function createVideoJob(deps: VideoJobDeps): JobHandler<JobPayload<'video'>> {
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

  async function markFailed(file: EvidenceFileRow) {
    await finishVideo(deps.db, {
      fileId: file.id,
      status: 'failed',
      thumbnailPath: null,
      playablePath: null,
    });
    await publishVideoProcessed(deps, file);
  }

  return {
    async run(payload, { signal }) {
      const file = await findPendingFile(deps.db, fileIdOf(payload));
      if (!file) return;
      let outcome: Outcome;
      try {
        outcome = await convert(file, signal);
      } catch (error) {
        // Stopping or taken over: the worker gives the job back or leaves it to the new holder.
        if (signal.aborted) throw error;
        deps.log.warn(
          `Video processing failed for ${file.objectPath} (${file.fileType}): ${messageOf(error)}`,
        );
        return markFailed(file);
      }
      await finishVideo(deps.db, { fileId: file.id, status: 'ready', ...outcome });
      await publishVideoProcessed(deps, file);
    },
    async gaveUp(payload) {
      const file = await findPendingFile(deps.db, fileIdOf(payload));
      if (file) await markFailed(file);
    },
  };
}
