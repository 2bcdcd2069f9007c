import { canonicalTimeZone, serverTimeZone } from '@evident/core/time-zone';
import type { Database } from '@evident/db/client';
import { findOrgTimeZone } from '@evident/db/queries/org-settings';

/**
 * The zone the organisation's documents write dates in: the one an admin chose, else the server's.
 * Read per document rather than kept, so every server of several writes the same. A stored zone the
 * platform no longer knows (time zone data changes) falls back rather than failing every export.
 */
export async function orgTimeZone(db: Database): Promise<{ timeZone: string; isServerDefault: boolean }> {
  const chosen = await findOrgTimeZone(db);
  const known = chosen === null ? null : canonicalTimeZone(chosen);
  return known
    ? { timeZone: known, isServerDefault: false }
    : { timeZone: serverTimeZone(), isServerDefault: true };
}
