import { AppError } from '@evident/core/errors';
import type { Database } from '@evident/db/client';
import { findTask, findTaskForStudent } from '@evident/db/queries/tasks';

export async function requireTask(db: Database, id: string) {
  const task = await findTask(db, id);
  if (!task) throw new AppError('NOT_FOUND', 'Task not found');
  return task;
}

/** The task must be in one of the student's units and not archived; answers what the refusal should say. */
export async function requireStudentTask(db: Database, studentId: string, taskId: string) {
  const task = await findTaskForStudent(db, { studentId, taskId });
  if (!task) throw new AppError('NOT_FOUND', 'Task not found');
  if (!task.enrolled) throw new AppError('FORBIDDEN', 'This task is not in any of your units');
  if (task.archived) throw new AppError('CONFLICT', 'This task has been archived and takes no more evidence');
  return task;
}
