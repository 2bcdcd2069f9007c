import { AppError } from '@evident/core/errors';
import type { Database } from '@evident/db/client';
import { listObservations } from '@evident/db/queries/observations';
import { findSubmission } from '@evident/db/queries/submissions';
import { findTaskForStudent } from '@evident/db/queries/tasks';
import { z } from 'zod';
import { observationOutput, toObservationView } from '../../views/observation-views';

export const studentObservationsInput = z.object({ taskId: z.uuid({ error: 'taskId must be a task id' }) });
export const studentObservationsOutput = z.array(observationOutput);

/**
 * `student.observations.list` / `GET /api/student/tasks/{taskId}/observations`: what assessors
 * observed of the student at work on one of their tasks, oldest first (View Evidence shows them).
 */
export async function listOwnObservations(db: Database, studentId: string, taskId: string) {
  const task = await findTaskForStudent(db, { studentId, taskId });
  if (!task?.enrolled) throw new AppError('NOT_FOUND', 'Task not found');
  const submission = await findSubmission(db, { studentId, taskId });
  if (!submission) return [];
  return (await listObservations(db, [submission.id])).map(toObservationView);
}
