import { countFilesBySubmission } from '@evident/db/queries/evidence';
import { listStudentTasks, type StudentTask } from '@evident/db/queries/tasks';
import type { Services } from '../context';

/** A task on the student dashboard: the spec's submission (status, assessorComment) plus its file count. */
export type StudentDashboardTask = Omit<StudentTask, 'submission'> & {
  submission: (NonNullable<StudentTask['submission']> & { fileCount: number }) | null;
};

/** Answer of `student.tasks` / `GET /api/student/tasks`. */
export async function listDashboardTasks(
  deps: Pick<Services, 'db'>,
  studentId: string,
): Promise<StudentDashboardTask[]> {
  const [tasks, fileCounts] = await Promise.all([
    listStudentTasks(deps.db, studentId),
    countFilesBySubmission(deps.db, studentId),
  ]);
  return tasks.map((task) => ({
    ...task,
    submission: task.submission
      ? { ...task.submission, fileCount: fileCounts.get(task.submission.id) ?? 0 }
      : null,
  }));
}
