import type { SessionRecords } from '@evident/core/ports/session-records';
import { type SessionAuthMethod, sessionAuthMethods } from '@evident/core/principal';
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
  authMethod: sessions.authMethod,
};

/** The column is free text; anything unknown reads as the oldest way in. */
const asAuthMethod = (value: string): SessionAuthMethod =>
  (sessionAuthMethods as readonly string[]).includes(value) ? (value as SessionAuthMethod) : 'password';

/** The session-records port over the `sessions` table. */
export function createSessionRecords(db: Database): SessionRecords {
  return {
    async find(sessionId) {
      const [row] = await db
        .select(sessionColumns)
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.id, sessionId));
      return row ? { ...row, authMethod: asAuthMethod(row.authMethod) } : null;
    },
    listForUser: async (userId) =>
      (await db.select(sessionColumns).from(sessions).where(eq(sessions.userId, userId))).map((row) => ({
        ...row,
        authMethod: asAuthMethod(row.authMethod),
      })),
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
