import type { Database } from '../client';
import { orgSettings } from '../schema/settings';

/** The zone an admin chose, or null while none was (the server's zone stands). */
export async function findOrgTimeZone(db: Database): Promise<string | null> {
  const [row] = await db.select({ timeZone: orgSettings.timeZone }).from(orgSettings).limit(1);
  return row?.timeZone ?? null;
}

/** Saves the zone, making the settings row the first time. */
export async function saveOrgTimeZone(
  db: Database,
  { timeZone, by, at }: { timeZone: string; by: string; at: Date },
): Promise<void> {
  await db
    .insert(orgSettings)
    .values({ id: 1, timeZone, updatedBy: by, updatedAt: at })
    .onConflictDoUpdate({ target: orgSettings.id, set: { timeZone, updatedBy: by, updatedAt: at } });
}
