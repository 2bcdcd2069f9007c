import { and, asc, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { Database } from '../client';
import { uploadGrants } from '../schema/evidence';

export type UploadGrantRow = typeof uploadGrants.$inferSelect;

export async function insertUploadGrant(
  db: Database,
  grant: Omit<UploadGrantRow, 'recordedAt' | 'declaredSize'> & { declaredSize?: number | null },
): Promise<void> {
  await db.insert(uploadGrants).values(grant);
}

/** `forUpdate` locks the row until the transaction ends, so a record and the sweep cannot cross. */
export async function findUploadGrant(
  db: Database,
  { objectPath, forUpdate = false }: { objectPath: string; forUpdate?: boolean },
): Promise<UploadGrantRow | undefined> {
  const query = db.select().from(uploadGrants).where(eq(uploadGrants.objectPath, objectPath)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function markUploadGrantRecorded(
  db: Database,
  { objectPath, at }: { objectPath: string; at: Date },
): Promise<void> {
  await db.update(uploadGrants).set({ recordedAt: at }).where(eq(uploadGrants.objectPath, objectPath));
}

/**
 * Deletes up to `limit` grants that expired before `cutoff` and were never recorded, returning them.
 * A record in flight holds its grant's row lock; Postgres re-checks `recorded_at` after the lock is
 * released, so a grant recorded meanwhile is left alone.
 */
export async function deleteExpiredUploadGrants(
  db: Database,
  { cutoff, limit }: { cutoff: Date; limit: number },
): Promise<UploadGrantRow[]> {
  const expired = db
    .select({ objectPath: uploadGrants.objectPath })
    .from(uploadGrants)
    .where(and(isNull(uploadGrants.recordedAt), lt(uploadGrants.expiresAt, cutoff)))
    .orderBy(asc(uploadGrants.expiresAt))
    .limit(limit);
  return db
    .delete(uploadGrants)
    .where(
      and(
        inArray(uploadGrants.objectPath, expired),
        isNull(uploadGrants.recordedAt),
        lt(uploadGrants.expiresAt, cutoff),
      ),
    )
    .returning();
}

/** Puts a swept grant back when its object could not be deleted, so the next sweep tries again. */
export async function restoreUploadGrant(db: Database, grant: UploadGrantRow): Promise<void> {
  await db.insert(uploadGrants).values(grant).onConflictDoNothing();
}
