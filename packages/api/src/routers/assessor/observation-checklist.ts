import { outsideYourClassesMessage } from '@evident/core/class-filter';
import { AppError } from '@evident/core/errors';
import { dayIn } from '@evident/core/observations';
import { requirementSections } from '@evident/core/requirements';
import type { Database } from '@evident/db/client';
import { findStudentsOutOfScope } from '@evident/db/queries/class-scope';
import { findMatrixSubmission } from '@evident/db/queries/matrix-submission';
import { findTaskUnitRelease, listTaskChecklist } from '@evident/db/queries/observations';
import { findTaskForStudent } from '@evident/db/queries/tasks';
import { findUserById } from '@evident/db/queries/users';
import { z } from 'zod';
import type { AuthedContext } from '../../context';
import { orgTimeZone } from '../../rules/org-time-zone';

export const observationChecklistInput = z.object({
  studentId: z.uuid({ error: 'studentId must be a user id' }),
  taskId: z.uuid({ error: 'taskId must be a task id' }),
});

type Observer = Pick<AuthedContext, 'user' | 'realUserId'>;

/**
 * Whether this assessor may observe this student on this task, the reason when not: a student (not
 * themselves) in the assessor's classes, enrolled in the task's unit, the task open. The same rules
 * as grading and as a student's own evidence; `db` may be a transaction.
 */
export async function requireObservable(
  db: Database,
  by: Observer,
  { studentId, taskId }: { studentId: string; taskId: string },
): Promise<void> {
  if (studentId === by.user.id || studentId === by.realUserId)
    throw new AppError('FORBIDDEN', 'You cannot observe your own work');
  const student = await findUserById(db, studentId);
  if (student?.role !== 'student') throw new AppError('NOT_FOUND', 'Student not found');
  const outside = await findStudentsOutOfScope(db, {
    studentIds: [studentId],
    scope: { assessorId: by.user.id },
  });
  if (outside.length > 0) throw new AppError('FORBIDDEN', outsideYourClassesMessage);
  const task = await findTaskForStudent(db, { studentId, taskId });
  if (!task) throw new AppError('NOT_FOUND', 'Task not found');
  if (!task.enrolled)
    throw new AppError(
      'FORBIDDEN',
      'This student is not enrolled in the unit of this task. Nothing was recorded.',
    );
  if (task.archived)
    throw new AppError(
      'CONFLICT',
      'This task has been archived and takes no more evidence. Nothing was recorded.',
    );
}

const sectionOutput = z.enum(requirementSections);

/** What the phone needs to fill a checklist, offline after: who, which task, its items, today's date. */
export const observationChecklistOutput = z.object({
  student: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }),
  task: z.object({ id: z.string(), title: z.string(), unitCode: z.string() }),
  /** Null while the student has submitted nothing: the observation starts the submission. */
  submission: z
    .object({ id: z.string(), status: z.enum(['submitted', 'satisfactory', 'not_yet_satisfactory']) })
    .nullable(),
  /** The task's mapped requirement items, in the unit's order: the checklist's lines. */
  items: z.array(z.object({ key: z.string(), section: sectionOutput, text: z.string() })),
  unitRelease: z.string().nullable(),
  /** Today in the organisation's time zone: the date's default and its latest allowed value. */
  today: z.string(),
  timeZone: z.string(),
});

/** `assessor.observations.getChecklist`: the lines of a checklist for one student's task. */
export async function getObservationChecklist(
  ctx: AuthedContext,
  input: z.infer<typeof observationChecklistInput>,
  now: Date = new Date(),
): Promise<z.infer<typeof observationChecklistOutput>> {
  await requireObservable(ctx.db, ctx, input);
  const [found, items, unitRelease, { timeZone }] = await Promise.all([
    findMatrixSubmission(ctx.db, input),
    listTaskChecklist(ctx.db, input.taskId),
    findTaskUnitRelease(ctx.db, input.taskId),
    orgTimeZone(ctx.db),
  ]);
  if (!found) throw new AppError('NOT_FOUND', 'Student or task not found');
  return {
    student: { id: found.student.id, firstName: found.student.firstName, lastName: found.student.lastName },
    task: { id: found.task.id, title: found.task.title, unitCode: found.task.unitCode },
    submission: found.submission ? { id: found.submission.id, status: found.submission.status } : null,
    items: items.map((item) => ({
      key: item.key,
      section: sectionOutput.parse(item.section),
      text: item.text,
    })),
    unitRelease,
    today: dayIn(now, timeZone),
    timeZone,
  };
}
