import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../client';
import { sessions } from '../schema/users';

export async function setActingAs(
  db: Database,
  { sessionId, actingAsUserId }: { sessionId: string; actingAsUserId: string | null },
): Promise<void> {
  await db.update(sessions).set({ actingAsUserId }).where(eq(sessions.id, sessionId));
}

export async function deleteOtherSessions(
  db: Database,
  { userId, keepSessionId }: { userId: string; keepSessionId?: string },
): Promise<void> {
  await db
    .delete(sessions)
    .where(
      keepSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))
        : eq(sessions.userId, userId),
    );
}
