import type { Database } from '@evident/db/client';
import { type AuditPackRow, findAuditPackByPath } from '@evident/db/queries/audit-packs';

/** Why a disposed pack's zip is gone (issue 30 §4), and what to do instead. */
export function disposedPackMessage(pack: Pick<AuditPackRow, 'disposedAt'>): string {
  const day = pack.disposedAt?.toISOString().slice(0, 10);
  return `This audit pack was disposed of${day ? ` on ${day}` : ''} with records it held that were past their retention period. Make a new pack for the records still kept.`;
}

/**
 * For the local store's file route: a signed link to a pack's zip handed out before a disposal took
 * it answers 410 with the reason, not a bare 404. Null for anything else.
 */
export async function disposedPackReason(db: Database, objectPath: string): Promise<string | null> {
  if (!objectPath.startsWith('packs/')) return null;
  const pack = await findAuditPackByPath(db, objectPath);
  return pack?.status === 'disposed' ? disposedPackMessage(pack) : null;
}
