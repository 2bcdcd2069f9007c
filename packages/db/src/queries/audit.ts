import type { Database } from '../client';
import { auditEvents } from '../schema/audit';

export async function recordAudit(
  db: Database,
  event: {
    actorId: string;
    /** Whom the app acted as (an admin viewing as a student), when it differs from the actor. */
    actingAsId?: string | null;
    action: string;
    subjectId?: string;
    detail?: Record<string, unknown>;
  },
): Promise<void> {
  await db.insert(auditEvents).values(event);
}
