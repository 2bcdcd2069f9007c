import type { JobPayload } from '@evident/core/job-kinds';
import type { Logger } from '@evident/core/logger';
import { thumbnailPathFor } from '@evident/core/object-path';
import type { EventBus } from '@evident/core/ports/events';
import type { ImageProcessor } from '@evident/core/ports/images';
import type { ObjectStorage } from '@evident/core/ports/storage';
import type { Database } from '@evident/db/client';
import type { EvidenceFileRow } from '@evident/db/queries/evidence-files';
import { finishThumbnail } from '@evident/db/queries/thumbnail-jobs';
import { findPendingFile } from '@evident/db/queries/video-jobs';
import { publishThumbnailProcessed } from '../rules/submission-events';
import type { JobHandler } from './job-worker';

export type ThumbnailJobDeps = {
  db: Database;
  storage: ObjectStorage;
  images: ImageProcessor;
  log: Logger;
  /** Open screens hear `thumbnail.processed` and fetch the file's views again. */
  events: EventBus;
};

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const fileIdOf = (payload: unknown): string => {
  const fileId = (payload as { fileId?: unknown } | null)?.fileId;
  if (typeof fileId !== 'string') throw new Error('the job names no file');
  return fileId;
};

/**
 * Thumbnails of recorded photos (`thumbnail` jobs, one at a time), so that recording never waits
 * for a decoder and a burst of large pictures costs the memory of one. A photo that cannot be
 * previewed keeps its evidence, marked `failed`.
 */
export function createThumbnailJob(deps: ThumbnailJobDeps): JobHandler<JobPayload<'thumbnail'>> {
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

  async function finish(fileId: string, make: (file: EvidenceFileRow) => Promise<string | null>) {
    const file = await findPendingFile(deps.db, fileId);
    // Already made (a rerun after a crash between the two writes) or no longer pending: nothing to do.
    if (!file) return;
    const thumbnailPath = await make(file);
    await finishThumbnail(deps.db, { fileId: file.id, thumbnailPath });
    await publishThumbnailProcessed(deps, file);
  }

  return {
    run: (payload) => finish(fileIdOf(payload), makeThumbnail),
    gaveUp: (payload) => finish(fileIdOf(payload), async () => null),
  };
}
