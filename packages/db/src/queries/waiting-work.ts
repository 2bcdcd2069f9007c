import { and, asc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { userPreferences } from '../schema/classes';
import { tasks, units } from '../schema/curriculum';
import { submissions } from '../schema/evidence';
import { users } from '../schema/users';
import { studentInScope } from './class-scope';

/** Whether a person wants the morning digest of evidence waiting for them: yes until they turn it off. */
export async function wantsWaitingWorkDigest(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ on: userPreferences.waitingWorkDigest })
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId));
  return row?.on ?? true;
}

/** Turns the digest on or off; the person's preferences row is made on their first change. */
export async function setWaitingWorkDigest(db: Database, { userId, on }: { userId: string; on: boolean }) {
  await db
    .insert(userPreferences)
    .values({ userId, waitingWorkDigest: on })
    .onConflictDoUpdate({
      target: userPreferences.userId,
      set: { waitingWorkDigest: on, updatedAt: new Date() },
    });
}

/** The assessors a digest may go to: approved, active, and not turned off. */
export async function listDigestAssessors(db: Database) {
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .leftJoin(userPreferences, eq(userPreferences.userId, users.id))
    .where(
      and(
        eq(users.role, 'assessor'),
        isNotNull(users.approvedAt),
        isNull(users.deactivatedAt),
        sql`coalesce(${userPreferences.waitingWorkDigest}, true)`,
      ),
    )
    .orderBy(asc(users.email));
}

/**
 * What waits for an assessor's decision, as their grading queue lists it: submitted and not yet
 * graded, from the students of their classes and (unless they see their classes only) those in no
 * class, never their own. Per unit, by code, with each unit's longest wait; and the longest of all.
 */
export async function listWaitingWork(db: Database, assessorId: string) {
  const waiting: SQL | undefined = and(
    eq(submissions.status, 'submitted'),
    studentInScope(submissions.studentId, { assessorId, readerId: assessorId }),
  );
  const perUnit = await db
    .select({
      unitCode: units.unitCode,
      title: units.title,
      count: sql<number>`count(*)::int`,
      oldestAt: sql<Date>`min(${submissions.submittedAt})`.mapWith(submissions.submittedAt),
    })
    .from(submissions)
    .innerJoin(tasks, eq(tasks.id, submissions.taskId))
    .innerJoin(units, eq(units.id, tasks.unitId))
    .where(waiting)
    .groupBy(units.id, units.unitCode, units.title)
    .orderBy(asc(units.unitCode));
  if (perUnit.length === 0) return null;
  const [oldest] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      taskTitle: tasks.title,
      unitCode: units.unitCode,
      submittedAt: submissions.submittedAt,
    })
    .from(submissions)
    .innerJoin(users, eq(users.id, submissions.studentId))
    .innerJoin(tasks, eq(tasks.id, submissions.taskId))
    .innerJoin(units, eq(units.id, tasks.unitId))
    .where(waiting)
    .orderBy(asc(submissions.submittedAt), asc(submissions.id))
    .limit(1);
  if (!oldest) return null;
  return { units: perUnit, oldest };
}
