import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { classEnrolments, classes } from '../schema/classes';
import { passwordResetTokens, users } from '../schema/users';

/** A set-password link's row, spent or not: the welcome screen says why a link no longer works. */
export async function findResetToken(db: Database, tokenHash: string) {
  const [row] = await db
    .select()
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/**
 * The class an invited student was enrolled in with their invitation, and who enrolled them: the
 * invitation mail and its enrolment are written together, so the student's first enrolment is it.
 * An open enrolment comes before an ended one, so the welcome names a class the student is still in.
 */
export async function findInvitedClass(db: Database, studentId: string) {
  const [row] = await db
    .select({
      id: classes.id,
      name: classes.name,
      invitedBy: classEnrolments.enrolledBy,
      inviterFirstName: users.firstName,
      inviterLastName: users.lastName,
    })
    .from(classEnrolments)
    .innerJoin(classes, eq(classes.id, classEnrolments.classId))
    // Joined through the student's own enrolment by a link, the enroller is the student: no inviter.
    .leftJoin(
      users,
      and(eq(users.id, classEnrolments.enrolledBy), sql`${classEnrolments.enrolledBy} <> ${studentId}`),
    )
    .where(eq(classEnrolments.studentId, studentId))
    .orderBy(sql`${classEnrolments.endedAt} is not null`, asc(classEnrolments.enrolledAt))
    .limit(1);
  if (!row) return undefined;
  const inviter =
    row.inviterFirstName !== null && row.inviterLastName !== null
      ? { firstName: row.inviterFirstName, lastName: row.inviterLastName }
      : null;
  return { id: row.id, name: row.name, inviter };
}
