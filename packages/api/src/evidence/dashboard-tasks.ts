import { listStudentTasks, type StudentTask } from '@evident/db/queries/tasks';
import type { Services } from '../context';

/** A task on the student dashboard: the spec's submission (status, assessorComment) plus its file count. */
export type StudentDashboardTask = StudentTask;

/** Answer of `student.tasks` / `GET /api/student/tasks`. */
export function listDashboardTasks(
  deps: Pick<Services, 'db'>,
  studentId: string,
): Promise<StudentDashboardTask[]> {
  return listStudentTasks(deps.db, studentId);
}
