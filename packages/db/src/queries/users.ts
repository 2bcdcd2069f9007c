import type { Role } from '@evident/core/roles';
import type { UserSummary } from '@evident/core/user';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { users } from '../schema/users';
import { isAnyUuidOf, preparedPerDatabase } from './prepared';

export type UserRow = typeof users.$inferSelect;

export const userSummaryColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  profileImageUrl: users.profileImageUrl,
  role: users.role,
};

export function toUserSummary(row: UserRow): UserSummary {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    profileImageUrl: row.profileImageUrl,
    role: row.role,
  };
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
  return row;
}

export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export type NewUser = {
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
  passwordHash: string | null;
  profileImageUrl?: string | null;
  /** Assessors only: set when the account may assess from the start (demo, `ASSESSOR_SIGNUP=open`). */
  approvedAt?: Date | null;
};

/** Returns undefined when the email is already taken (case-insensitively), so callers answer 409. */
export async function insertUser(db: Database, user: NewUser): Promise<UserRow | undefined> {
  const [row] = await db
    .insert(users)
    .values({ ...user, email: user.email.toLowerCase() })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function setPasswordHash(
  db: Database,
  { userId, passwordHash }: { userId: string; passwordHash: string },
): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/**
 * Approves a waiting assessor; undefined when there was nothing to approve (already approved, or
 * not an assessor), so a double click records one approval.
 */
export async function approveAssessor(
  db: Database,
  { userId, approvedBy, at }: { userId: string; approvedBy: string; at: Date },
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ approvedAt: at, approvedBy })
    .where(and(eq(users.id, userId), eq(users.role, 'assessor'), isNull(users.approvedAt)))
    .returning();
  return row;
}

export async function countUsers(db: Database): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row?.n ?? 0;
}

/** Full names of the given people, by id (people since removed are absent). */
const namesQuery = preparedPerDatabase((db) =>
  db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(isAnyUuidOf(users.id, 'ids'))
    .prepare('evident_names_of_users'),
);

export async function namesOfUsers(db: Database, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  // Asked by every list that names who recorded or decided something: prepared (queries/prepared.ts).
  const rows = await namesQuery(db).execute({ ids: unique });
  return new Map(rows.map((row) => [row.id, `${row.firstName} ${row.lastName}`.trim()]));
}

/** Every admin who can act: those told when a new assessor waits for approval. */
export async function listActiveAdmins(db: Database) {
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(eq(users.role, 'rto_admin'), isNull(users.deactivatedAt)))
    .orderBy(users.email);
}
