import { idSchema, taskInput } from '@evident/core/curriculum-inputs';
import { AppError } from '@evident/core/errors';
import { lookupIdSchema } from '@evident/core/lookup-id';
import type { EventBus } from '@evident/core/ports/events';
import type { Database } from '@evident/db/client';
import { isForeignKeyViolation } from '@evident/db/errors';
import { recordAudit } from '@evident/db/queries/audit';
import {
  countSubmissionsPerTask,
  countTaskSubmissions,
  deleteTask,
  insertTask,
  listUnitTasks,
  reorderUnitTasks,
  setTaskArchived,
  updateTask,
} from '@evident/db/queries/tasks';
import { z } from 'zod';
import { requireTask } from '../../rules/tasks';
import { requireUnit } from '../../rules/units';

// Ids the REST paths carry: one that cannot be an id is simply not found.
const taskId = z.object({ taskId: lookupIdSchema('Task') });
const unitId = z.object({ unitId: lookupIdSchema('Unit') });

export const taskIdInput = taskId;
export const unitTasksInput = unitId;
export const createTaskInput = taskInput.extend(unitId.shape);
export const updateTaskInput = taskInput.extend(taskId.shape);
export const reorderTasksInput = unitId.extend({ taskIds: z.array(idSchema('Task id')).max(500) });

/** Task changes tell open screens through `tasks.changed`. */
type Deps = { db: Database; events: EventBus };

export async function listTasks(db: Database, unitId: string) {
  const unit = await requireUnit(db, unitId);
  const [rows, submitted] = await Promise.all([
    listUnitTasks(db, unit.id),
    countSubmissionsPerTask(db, unit.id),
  ]);
  // How many submissions each task has: its delete button offers Archive instead when there are any.
  return { unit, tasks: rows.map((task) => ({ ...task, submissionCount: submitted.get(task.id) ?? 0 })) };
}

export async function createTask({ db, events }: Deps, input: z.output<typeof createTaskInput>) {
  const { unitId: id, ...fields } = input;
  await requireUnit(db, id);
  const task = await insertTask(db, { unitId: id, fields: { ...fields, occasion: fields.occasion ?? null } });
  await events.publish({ type: 'tasks.changed', unitId: id });
  return task;
}

export async function changeTask({ db, events }: Deps, input: z.output<typeof updateTaskInput>) {
  const { taskId: id, ...fields } = input;
  const existing = await requireTask(db, id);
  const task = await updateTask(db, {
    id,
    fields: {
      ...fields,
      occasion: fields.occasion === undefined ? existing.occasion : fields.occasion,
      performanceEvidenceMapping: fields.performanceEvidenceMapping ?? existing.performanceEvidenceMapping,
    },
  });
  if (!task) throw new AppError('NOT_FOUND', 'Task not found');
  await events.publish({ type: 'tasks.changed', unitId: task.unitId });
  return task;
}

type ActingDeps = Deps & { realUserId: string };

const keptTask = () =>
  new AppError(
    'CONFLICT',
    "This task cannot be deleted: students have submitted evidence against it. Archive it instead: it leaves students' lists, and every record stays.",
  );

/** As for units (units.ts `removeUnit`): a task with evidence is archived, never deleted. */
export async function removeTask({ db, events, realUserId }: ActingDeps, taskId: string) {
  const task = await requireTask(db, taskId);
  if ((await countTaskSubmissions(db, task.id)) > 0) throw keptTask();
  try {
    await db.transaction(async (tx) => {
      await deleteTask(tx, task.id);
      await recordAudit(tx, {
        actorId: realUserId,
        action: 'task.delete',
        subjectId: task.id,
        detail: { unitId: task.unitId, title: task.title },
      });
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw keptTask();
    throw error;
  }
  await events.publish({ type: 'tasks.changed', unitId: task.unitId });
  return { ok: true as const };
}

/** Archives a task (or restores it): it leaves students' lists; its records stay. Twice changes nothing. */
export async function archiveTask({ db, events, realUserId }: ActingDeps, taskId: string, archived: boolean) {
  const task = await requireTask(db, taskId);
  if ((task.archivedAt !== null) === archived) return task;
  const changed = await db.transaction(async (tx) => {
    const row = await setTaskArchived(tx, { id: task.id, archivedBy: archived ? realUserId : null });
    await recordAudit(tx, {
      actorId: realUserId,
      action: archived ? 'task.archive' : 'task.unarchive',
      subjectId: task.id,
      detail: { unitId: task.unitId },
    });
    return row;
  });
  if (!changed) throw new AppError('NOT_FOUND', 'Task not found');
  await events.publish({ type: 'tasks.changed', unitId: task.unitId });
  return changed;
}

export async function reorderTasks({ db, events }: Deps, input: z.output<typeof reorderTasksInput>) {
  await requireUnit(db, input.unitId);
  const current = await listUnitTasks(db, input.unitId);
  const same =
    current.length === input.taskIds.length &&
    new Set(input.taskIds).size === current.length &&
    current.every((task) => input.taskIds.includes(task.id));
  if (!same) throw new AppError('BAD_REQUEST', 'taskIds must list every task of the unit exactly once');
  await db.transaction((tx) => reorderUnitTasks(tx, { unitId: input.unitId, orderedIds: input.taskIds }));
  await events.publish({ type: 'tasks.changed', unitId: input.unitId });
  return listUnitTasks(db, input.unitId);
}
