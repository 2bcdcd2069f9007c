import type { SessionRecords } from '@evident/core/ports/session-records';
import { eq, lte } from 'drizzle-orm';
import type { Database } from './client';
import { recordAudit } from './queries/audit';
import { setActingAs } from './queries/sessions';
import { sessions, users } from './schema/users';

const sessionColumns = {
  id: sessions.id,
  userId: sessions.userId,
  expiresAt: sessions.expiresAt,
  actingAsUserId: sessions.actingAsUserId,
};

/** The session-records port over the `sessions` table. */
export function createSessionRecords(db: Database): SessionRecords {
  return {
    async find(sessionId) {
      const [row] = await db
        .select(sessionColumns)
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.id, sessionId));
      return row ?? null;
    },
    listForUser: (userId) => db.select(sessionColumns).from(sessions).where(eq(sessions.userId, userId)),
    async insert(record) {
      await db.insert(sessions).values(record);
    },
    async updateExpiry(sessionId, expiresAt) {
      await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, sessionId));
    },
    async delete(sessionId) {
      await db.delete(sessions).where(eq(sessions.id, sessionId));
    },
    async deleteForUser(userId) {
      await db.delete(sessions).where(eq(sessions.userId, userId));
    },
    async deleteExpired(now) {
      await db.delete(sessions).where(lte(sessions.expiresAt, now));
    },
    async setActingAs({ sessionId, actingAsUserId, audit }) {
      await db.transaction(async (tx) => {
        await setActingAs(tx, { sessionId, actingAsUserId });
        await recordAudit(tx, audit);
      });
    },
  };
}
