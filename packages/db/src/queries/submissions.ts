import { and, eq } from 'drizzle-orm';
import type { Database } from '../client';
import { submissions } from '../schema/evidence';

export type SubmissionRow = typeof submissions.$inferSelect;

export async function findSubmission(
  db: Database,
  { studentId, taskId, forUpdate = false }: { studentId: string; taskId: string; forUpdate?: boolean },
): Promise<SubmissionRow | undefined> {
  const query = db
    .select()
    .from(submissions)
    .where(and(eq(submissions.studentId, studentId), eq(submissions.taskId, taskId)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** Undefined when another request created the student's submission for this task first. */
export async function insertSubmission(
  db: Database,
  { studentId, taskId }: { studentId: string; taskId: string },
): Promise<SubmissionRow | undefined> {
  const [row] = await db
    .insert(submissions)
    .values({ studentId, taskId, status: 'submitted' })
    .onConflictDoNothing()
    .returning();
  return row;
}

/**
 * New evidence sends a submission (back) to the assessor, as submitted now: after a
 * not-yet-satisfactory, or more files while it still waits. The comment and strategies stay (they
 * say what the new evidence answers); who graded it and when are cleared, because the submission is
 * no longer graded (the decision itself stays in grading_decisions).
 */
export async function resubmitSubmission(
  db: Database,
  { id, at }: { id: string; at: Date },
): Promise<SubmissionRow> {
  const [row] = await db
    .update(submissions)
    .set({ status: 'submitted', gradedBy: null, gradedAt: null, submittedAt: at, updatedAt: at })
    .where(eq(submissions.id, id))
    .returning();
  if (!row) throw new Error('submission vanished while locked');
  return row;
}
