import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { uploadGrants } from '../schema/evidence';

export type UploadGrantRow = typeof uploadGrants.$inferSelect;

export type NewUploadGrant = Omit<UploadGrantRow, 'recordedAt' | 'declaredSize' | 'clientKey'> & {
  declaredSize?: number | null;
  clientKey?: string | null;
};

/**
 * Inserts the grant; false when the user already holds a grant under the same client key (a
 * concurrent retry won the race), which the caller then looks up and answers with.
 */
export async function insertUploadGrant(db: Database, grant: NewUploadGrant): Promise<boolean> {
  if (!grant.clientKey) {
    await db.insert(uploadGrants).values(grant);
    return true;
  }
  const inserted = await db
    .insert(uploadGrants)
    .values(grant)
    .onConflictDoNothing({
      target: [uploadGrants.userId, uploadGrants.clientKey],
      where: sql`${uploadGrants.clientKey} is not null`,
    })
    .returning({ objectPath: uploadGrants.objectPath });
  return inserted.length > 0;
}

/** The grant a user asked for under a client key, if any. */
export async function findUploadGrantByClientKey(
  db: Database,
  { userId, clientKey }: { userId: string; clientKey: string },
): Promise<UploadGrantRow | undefined> {
  const [row] = await db
    .select()
    .from(uploadGrants)
    .where(and(eq(uploadGrants.userId, userId), eq(uploadGrants.clientKey, clientKey)))
    .limit(1);
  return row;
}

/** Gives an unrecorded grant a new expiry, for a client that comes back to it after it lapsed. */
export async function extendUploadGrant(
  db: Database,
  { objectPath, expiresAt }: { objectPath: string; expiresAt: Date },
): Promise<void> {
  await db
    .update(uploadGrants)
    .set({ expiresAt })
    .where(and(eq(uploadGrants.objectPath, objectPath), isNull(uploadGrants.recordedAt)));
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
