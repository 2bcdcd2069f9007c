import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../client';
import { userPreferences } from '../schema/classes';
import { tasks, units } from '../schema/curriculum';
import { users } from '../schema/users';

/** Whether a person wants a mail when their work is graded: yes until they turn it off. */
export async function wantsGradedMail(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ gradedMail: userPreferences.gradedMail })
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId));
  return row?.gradedMail ?? true;
}

/** Turns graded mail on or off; the person's preferences row is made on their first change. */
export async function setGradedMail(db: Database, { userId, on }: { userId: string; on: boolean }) {
  await db
    .insert(userPreferences)
    .values({ userId, gradedMail: on })
    .onConflictDoUpdate({
      target: userPreferences.userId,
      set: { gradedMail: on, updatedAt: new Date() },
    });
}

/**
 * Who a graded mail goes to and the tasks it names, in unit and task order. Undefined when the
 * student is gone or deactivated: nobody to tell.
 */
export async function findGradedMailDetails(
  db: Database,
  { studentId, taskIds }: { studentId: string; taskIds: string[] },
) {
  const [student] = await db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(eq(users.id, studentId), isNull(users.deactivatedAt)));
  if (!student) return undefined;
  const rows =
    taskIds.length === 0
      ? []
      : await db
          .select({ id: tasks.id, title: tasks.title, unitId: units.id, unitCode: units.unitCode })
          .from(tasks)
          .innerJoin(units, eq(units.id, tasks.unitId))
          .where(inArray(tasks.id, taskIds))
          .orderBy(units.unitCode, tasks.position);
  return { student, tasks: rows };
}
