import { eq } from 'drizzle-orm';
import type { Database } from '../client';
import { enrolments, submissions, tasks } from '../schema';

/** The units a student is enrolled in: which unit and task events their live stream carries. */
export async function listEnrolledUnitIds(
  db: Database,
  { studentId }: { studentId: string },
): Promise<string[]> {
  const rows = await db
    .select({ unitId: enrolments.unitId })
    .from(enrolments)
    .where(eq(enrolments.studentId, studentId));
  return rows.map((row) => row.unitId);
}

/** Whose submission it is and where it sits, for the ids an event carries. */
export async function findSubmissionSubject(
  db: Database,
  { submissionId }: { submissionId: string },
): Promise<{ studentId: string; taskId: string; unitId: string } | undefined> {
  const [row] = await db
    .select({ studentId: submissions.studentId, taskId: submissions.taskId, unitId: tasks.unitId })
    .from(submissions)
    .innerJoin(tasks, eq(tasks.id, submissions.taskId))
    .where(eq(submissions.id, submissionId));
  return row;
}
