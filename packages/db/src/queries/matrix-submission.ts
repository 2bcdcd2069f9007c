import { and, eq } from 'drizzle-orm';
import type { Database } from '../client';
import { tasks, units } from '../schema/curriculum';
import { submissions } from '../schema/evidence';
import { users } from '../schema/users';

export type MatrixSubmissionDetail = {
  student: { id: string; firstName: string; lastName: string; email: string };
  task: { id: string; title: string; description: string; unitCode: string };
  submission: {
    id: string;
    status: 'submitted' | 'satisfactory' | 'not_yet_satisfactory';
    assessorComment: string | null;
    strategiesForReassessment: string | null;
    submittedAt: Date;
    gradedAt: Date | null;
  } | null;
};

/**
 * One cell of the matrix: the student, the task and the submission if there is one. Undefined when
 * the student or the task does not exist.
 */
export async function findMatrixSubmission(
  db: Database,
  { studentId, taskId }: { studentId: string; taskId: string },
): Promise<MatrixSubmissionDetail | undefined> {
  const [row] = await db
    .select({
      student: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      },
      task: { id: tasks.id, title: tasks.title, description: tasks.description, unitCode: units.unitCode },
      submissionId: submissions.id,
      status: submissions.status,
      assessorComment: submissions.assessorComment,
      strategiesForReassessment: submissions.strategiesForReassessment,
      submittedAt: submissions.submittedAt,
      gradedAt: submissions.gradedAt,
    })
    .from(users)
    .innerJoin(tasks, eq(tasks.id, taskId))
    .innerJoin(units, eq(units.id, tasks.unitId))
    .leftJoin(submissions, and(eq(submissions.studentId, users.id), eq(submissions.taskId, tasks.id)))
    .where(and(eq(users.id, studentId), eq(users.role, 'student')))
    .limit(1);
  if (!row) return undefined;
  const { student, task, submissionId, status, submittedAt } = row;
  return {
    student,
    task,
    submission:
      submissionId && status && submittedAt
        ? {
            id: submissionId,
            status,
            assessorComment: row.assessorComment,
            strategiesForReassessment: row.strategiesForReassessment,
            submittedAt,
            gradedAt: row.gradedAt,
          }
        : null,
  };
}
