import { and, desc, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { ltiToolKeys } from '../schema/lti';

export type LtiToolKeyRow = typeof ltiToolKeys.$inferSelect;

/** Keys not yet retired, newest first. */
export const listPublishedToolKeys = (db: Database, now: Date) =>
  db
    .select()
    .from(ltiToolKeys)
    .where(or(isNull(ltiToolKeys.retiresAt), gt(ltiToolKeys.retiresAt, now)))
    .orderBy(desc(ltiToolKeys.createdAt));

/** Adds a key; the others retire at `retireOthersAt` (still published until then). */
export async function addToolKey(
  db: Database,
  key: { kid: string; publicJwk: unknown; sealedPrivateJwk: string },
  retireOthersAt: Date | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (retireOthersAt)
      await tx.update(ltiToolKeys).set({ retiresAt: retireOthersAt }).where(isNull(ltiToolKeys.retiresAt));
    // A later clock than any existing key, so "newest" never ties within one millisecond.
    await tx.insert(ltiToolKeys).values({ ...key, createdAt: sql`clock_timestamp()` });
  });
}

/** Tool keys whose publication ended before `before`: nothing signed with them is still checked. */
export async function deleteRetiredToolKeys(db: Database, before: Date): Promise<string[]> {
  const rows = await db
    .delete(ltiToolKeys)
    .where(and(sql`${ltiToolKeys.retiresAt} is not null`, lt(ltiToolKeys.retiresAt, before)))
    .returning({ kid: ltiToolKeys.kid });
  return rows.map((row) => row.kid);
}

/** When each retired key stops being published, for keys still in the table. */
export async function listToolKeyRetirements(db: Database): Promise<Date[]> {
  const rows = await db
    .selectDistinct({ retiresAt: ltiToolKeys.retiresAt })
    .from(ltiToolKeys)
    .where(sql`${ltiToolKeys.retiresAt} is not null`);
  return rows.flatMap((row) => (row.retiresAt ? [row.retiresAt] : []));
}
