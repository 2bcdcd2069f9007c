import { reclaimExpiredUploads } from '@evident/api/services';
import type { Logger } from '@evident/core/logger';
import type { Database } from '@evident/db/client';
import type { LocalDiskStorage } from '@evident/storage/local-disk';
import type { S3Storage } from '@evident/storage/s3';

export type SweepDeps = { db: Database; storage: LocalDiskStorage | S3Storage; log: Logger };

export type SweepOptions = {
  /**
   * How long after its expiry an unrecorded grant is kept: an upload that finished just in time can
   * still be recorded meanwhile. Default one hour.
   */
  graceMs?: number;
  /**
   * Local disk: temporary and part files untouched this long are leftovers of abandoned uploads.
   * Must exceed the longest upload URL lifetime, since parts may only be written while it lasts.
   */
  staleUploadAgeMs: number;
  batchSize?: number;
};

export type SweepResult = { deletedObjects: number; failedObjects: number; staleUploadFiles: number };

const defaultGraceMs = 60 * 60 * 1000;
const maxBatchesPerRun = 50;

/**
 * Deletes the objects of upload grants that expired (plus the grace) without ever being recorded as
 * evidence, with any upload in parts of them left unfinished (S3 aborts it in `delete`; local part
 * files go with the object), then forgets the grants (see `reclaimExpiredUploads` for how a record
 * in flight is spared). An object that cannot be deleted gets its grant back, to be tried again on
 * the next run. A person at their upload quota does not wait for this: asking for another upload
 * reclaims their own expired uploads at once, without the grace (api rules/upload-quota.ts).
 */
export async function sweepExpiredUploads(
  deps: SweepDeps,
  options: SweepOptions,
  now: Date = new Date(),
): Promise<SweepResult> {
  const cutoff = new Date(now.getTime() - (options.graceMs ?? defaultGraceMs));
  const reclaimed = await reclaimExpiredUploads(deps, {
    cutoff,
    batchSize: options.batchSize,
    maxBatches: maxBatchesPerRun,
  });
  const result: SweepResult = {
    deletedObjects: reclaimed.deleted,
    failedObjects: reclaimed.failed,
    staleUploadFiles: 0,
  };
  if (deps.storage.kind === 'local') {
    result.staleUploadFiles = await deps.storage.removeStaleUploads(options.staleUploadAgeMs, now);
  }
  return result;
}

/** Runs the sweep now and every `intervalMs`; the timer never keeps the process alive. */
export function startUploadSweep(
  deps: SweepDeps,
  options: SweepOptions & { intervalMs: number },
): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = () => {
    if (running || stopped) return;
    running = sweepExpiredUploads(deps, options)
      .then((result) => {
        if (result.deletedObjects + result.staleUploadFiles > 0) {
          deps.log.info(
            `upload sweep removed ${result.deletedObjects} unrecorded uploads and ${result.staleUploadFiles} stale partial files`,
          );
        }
      })
      .catch((error: unknown) => deps.log.error(error, 'upload sweep failed'))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(run, 10_000);
  const timer = setInterval(run, options.intervalMs);
  first.unref();
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
