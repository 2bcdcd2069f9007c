import type { Database } from '../client';
import { auditEvents } from '../schema/audit';

export async function recordAudit(
  db: Database,
  event: { actorId: string; action: string; subjectId?: string; detail?: Record<string, unknown> },
): Promise<void> {
  await db.insert(auditEvents).values(event);
}
