import type { AccountRecord } from '@evident/core/ports/principal-records';
import type { SessionRecords } from '@evident/core/ports/session-records';
import { type SessionAuthMethod, sessionAuthMethods } from '@evident/core/principal';
import type { Role } from '@evident/core/roles';
import { eq, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from './client';
import { arrayRowsStatement, nullableTimestampOf, timestampOf } from './queries/array-rows';
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
 * per connection; the query text built once on either database), its row read by position
 * (queries/array-rows.ts): columns 0-4 the session, 5-12 its person, 13-20 whom it views the app as.
 */
const sessionWithAccounts = arrayRowsStatement<{ sessionId: string }>((db) =>
  db
    .select({ ...sessionColumns, user: accountColumns, actingAs: actingAccountColumns })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(actingUsers, eq(actingUsers.id, sessions.actingAsUserId))
    .where(eq(sessions.id, sql.placeholder('sessionId'))),
);

/** An account's eight columns from `at` in the row (accountColumns' order); null when the join found none. */
function accountAt(row: unknown[], at: number): AccountRecord | null {
  if (row[at] === null) return null;
  return {
    id: row[at] as string,
    firstName: row[at + 1] as string,
    lastName: row[at + 2] as string,
    email: row[at + 3] as string,
    profileImageUrl: row[at + 4] as string | null,
    role: row[at + 5] as Role,
    approvedAt: nullableTimestampOf(row[at + 6]),
    deactivatedAt: nullableTimestampOf(row[at + 7]),
  };
}

/** The session-records port over the `sessions` table. */
export function createSessionRecords(db: Database): SessionRecords {
  return {
    async find(sessionId) {
      const [row] = await sessionWithAccounts(db, { sessionId });
      const user = row && accountAt(row, 5);
      if (!row || !user) return null;
      return {
        id: row[0] as string,
        userId: row[1] as string,
        expiresAt: timestampOf(row[2]),
        actingAsUserId: row[3] as string | null,
        authMethod: asAuthMethod(row[4] as string),
        accounts: { user, actingAs: accountAt(row, 13) },
      };
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
