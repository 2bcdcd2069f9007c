import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { uploadGrants } from '../schema/evidence';

export type UploadGrantRow = typeof uploadGrants.$inferSelect;

export type NewUploadGrant = Omit<UploadGrantRow, 'recordedAt' | 'declaredSize' | 'clientKey'> & {
  declaredSize?: number | null;
};

export async function insertUploadGrant(db: Database, grant: NewUploadGrant): Promise<void> {
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
 * Deletes up to `limit` grants that expired before `cutoff` and were never recorded (everyone's, or
 * one user's), returning them. A record in flight holds its grant's row lock; Postgres re-checks
 * `recorded_at` after the lock is released, so a grant recorded meanwhile is left alone.
 */
export async function deleteExpiredUploadGrants(
  db: Database,
  { cutoff, limit, userId }: { cutoff: Date; limit: number; userId?: string },
): Promise<UploadGrantRow[]> {
  const unrecordedBefore = and(
    isNull(uploadGrants.recordedAt),
    lt(uploadGrants.expiresAt, cutoff),
    userId === undefined ? undefined : eq(uploadGrants.userId, userId),
  );
  const expired = db
    .select({ objectPath: uploadGrants.objectPath })
    .from(uploadGrants)
    .where(unrecordedBefore)
    .orderBy(asc(uploadGrants.expiresAt))
    .limit(limit);
  return db
    .delete(uploadGrants)
    .where(and(inArray(uploadGrants.objectPath, expired), unrecordedBefore))
    .returning();
}

/**
 * Holds off other requests for this user's uploads until the transaction ends, so a quota check and
 * the grant it admits happen as one step.
 */
export async function lockUploadsOf(tx: Database, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`uploads:${userId}`}))`);
}

/**
 * What a user's unrecorded grants count against the upload quota: each at its declared size, else
 * at its limit, expired ones included until they are swept (their bytes may still be stored); and
 * when the first still-open one expires.
 */
export async function openUploadBytes(
  db: Database,
  { userId, now }: { userId: string; now: Date },
): Promise<{ bytes: number; nextExpiry: Date | null }> {
  const [row] = await db
    .select({
      bytes: sql<string>`coalesce(sum(coalesce(${uploadGrants.declaredSize}, ${uploadGrants.maxBytes})), 0)`,
      nextExpiry: sql<
        Date | string | null
      >`min(${uploadGrants.expiresAt}) filter (where ${uploadGrants.expiresAt} > ${now.toISOString()})`,
    })
    .from(uploadGrants)
    .where(and(eq(uploadGrants.userId, userId), isNull(uploadGrants.recordedAt)));
  const next = row?.nextExpiry;
  return { bytes: Number(row?.bytes ?? 0), nextExpiry: next ? new Date(next) : null };
}

/** Puts a swept grant back when its object could not be deleted, so the next sweep tries again. */
export async function restoreUploadGrant(db: Database, grant: UploadGrantRow): Promise<void> {
  await db.insert(uploadGrants).values(grant).onConflictDoNothing();
}
