import { AppError } from '@evident/core/errors';
import type { Database } from '@evident/db/client';
import {
  deleteExpiredUploadGrants,
  insertUploadGrant,
  lockUploadsOf,
  type NewUploadGrant,
  openUploadBytes,
  restoreUploadGrant,
} from '@evident/db/queries/upload-grants';
import type { Services } from '../context';

type Deps = Pick<Services, 'db' | 'storage' | 'log' | 'evidenceLimits'>;

/**
 * Issue 11 point 4: how many bytes one person may hold in uploads not yet recorded as evidence
 * (files sent but not recorded, and upload URLs still open), so that nobody can fill the disk or the
 * bucket with uploads they never record. A grant counts at the size the browser declared (the
 * upload URL then takes no more), else at its kind's limit. It stops counting once recorded, or
 * once the sweep has reclaimed it.
 *
 * Inserts the grant only when it fits. The check and the insert run under a lock on the person's
 * uploads, so parallel requests cannot all squeeze in under the cap. When it does not fit, the
 * person's own expired uploads are reclaimed at once (the sweep would only take them an hour after
 * they expired), and the grant is tried again before it is refused.
 */
export async function insertUploadGrantWithinQuota(
  deps: Deps,
  grant: NewUploadGrant,
  now: Date = new Date(),
): Promise<'inserted' | 'client-key-taken'> {
  const quota = deps.evidenceLimits.uploadQuotaBytes;
  const counted = grant.declaredSize ?? grant.maxBytes;
  let over = await insertIfRoom(deps.db, grant, counted, quota, now);
  if (typeof over === 'string') return over;
  if ((await reclaimExpiredUploads(deps, { userId: grant.userId, cutoff: now })).deleted > 0) {
    over = await insertIfRoom(deps.db, grant, counted, quota, now);
    if (typeof over === 'string') return over;
  }
  const wait = over.nextExpiry
    ? ` (the next in ${Math.max(1, Math.ceil((over.nextExpiry.getTime() - now.getTime()) / 60_000))} minutes)`
    : '';
  throw new AppError(
    'CONFLICT',
    `You have ${size(over.held)} of uploads that were never recorded as evidence, and this ${size(counted)} file would take you past the limit of ${size(quota)}. Record them, or wait for them to expire${wait}, before uploading more.`,
  );
}

async function insertIfRoom(
  db: Database,
  grant: NewUploadGrant,
  counted: number,
  quota: number,
  now: Date,
): Promise<{ held: number; nextExpiry: Date | null } | 'inserted' | 'client-key-taken'> {
  return db.transaction(async (tx) => {
    await lockUploadsOf(tx, grant.userId);
    const open = await openUploadBytes(tx, { userId: grant.userId, now });
    if (open.bytes + counted > quota) return { held: open.bytes, nextExpiry: open.nextExpiry };
    return (await insertUploadGrant(tx, grant)) ? 'inserted' : 'client-key-taken';
  });
}

/**
 * Deletes the objects of grants that expired before `cutoff` without being recorded (everyone's, or
 * one person's), then forgets the grants. The grant row goes first, in its own statement: a record
 * in flight holds that row's lock, so either it commits first (and the grant, now recorded, is
 * spared) or it finds the grant gone and refuses. An object that cannot be deleted gets its grant
 * back, to be tried again later. Used by the periodic sweep and by the quota above.
 */
export async function reclaimExpiredUploads(
  deps: Pick<Services, 'db' | 'storage' | 'log'>,
  options: { cutoff: Date; userId?: string; batchSize?: number; maxBatches?: number },
): Promise<{ deleted: number; failed: number }> {
  const batchSize = options.batchSize ?? 100;
  const result = { deleted: 0, failed: 0 };
  for (let batch = 0; batch < (options.maxBatches ?? 50); batch++) {
    const grants = await deleteExpiredUploadGrants(deps.db, {
      cutoff: options.cutoff,
      limit: batchSize,
      userId: options.userId,
    });
    const failed = [];
    for (const grant of grants) {
      try {
        await deps.storage.delete(grant.objectPath);
        result.deleted++;
      } catch (error) {
        failed.push(grant);
        deps.log.error(error, `could not delete the unrecorded upload ${grant.objectPath}`);
      }
    }
    for (const grant of failed) await restoreUploadGrant(deps.db, grant);
    result.failed += failed.length;
    // Restored grants would come straight back in the next batch; leave them for the next run.
    if (grants.length < batchSize || failed.length > 0) break;
  }
  return result;
}

function size(bytes: number): string {
  const gb = bytes / 1024 ** 3;
  if (gb >= 1) return `${gb.toFixed(1)} GB`;
  const mb = bytes / 1024 ** 2;
  return `${mb >= 10 ? Math.round(mb) : mb.toFixed(1)} MB`;
}
