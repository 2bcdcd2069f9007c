import type { SessionRecords } from '@evident/core/ports/session-records';
import { type SessionAuthMethod, sessionAuthMethods } from '@evident/core/principal';
import { eq, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
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

const actingUsers = alias(users, 'acting_users');

// The columns of an AccountRecord (principal-records.ts), of each of the two people.
const accountColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  profileImageUrl: users.profileImageUrl,
  role: users.role,
  approvedAt: users.approvedAt,
  deactivatedAt: users.deactivatedAt,
};
const actingAccountColumns = {
  id: actingUsers.id,
  firstName: actingUsers.firstName,
  lastName: actingUsers.lastName,
  email: actingUsers.email,
  profileImageUrl: actingUsers.profileImageUrl,
  role: actingUsers.role,
  approvedAt: actingUsers.approvedAt,
  deactivatedAt: actingUsers.deactivatedAt,
};

/**
 * Every signed-in request reads its session: the session, its person and the person it views the app
 * as come in one statement, prepared once (a named statement on PostgreSQL, parsed and planned once
 * per connection; the query text built once on either database).
 */
function sessionWithAccounts(db: Database) {
  return db
    .select({ ...sessionColumns, user: accountColumns, actingAs: actingAccountColumns })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(actingUsers, eq(actingUsers.id, sessions.actingAsUserId))
    .where(eq(sessions.id, sql.placeholder('sessionId')))
    .prepare('evident_session_with_accounts');
}

/** The session-records port over the `sessions` table. */
export function createSessionRecords(db: Database): SessionRecords {
  const findSession = sessionWithAccounts(db);
  return {
    async find(sessionId) {
      const [row] = await findSession.execute({ sessionId });
      if (!row) return null;
      const { user, actingAs, ...session } = row;
      return { ...session, authMethod: asAuthMethod(session.authMethod), accounts: { user, actingAs } };
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
