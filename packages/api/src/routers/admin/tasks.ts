import { idSchema, taskInput } from '@evident/core/curriculum-inputs';
import { AppError } from '@evident/core/errors';
import { lookupIdSchema } from '@evident/core/lookup-id';
import type { EventBus } from '@evident/core/ports/events';
import { supersededReasons } from '@evident/core/unit-outcomes';
import type { Database } from '@evident/db/client';
import { isForeignKeyViolation } from '@evident/db/errors';
import { listTaskRequirements } from '@evident/db/queries/task-requirements';
import {
  countSubmissionsPerTask,
  countTaskSubmissions,
  deleteTask,
  insertTask,
  listUnitTasks,
  reorderUnitTasks,
  setTaskArchived,
  type TaskRow,
  updateTask,
} from '@evident/db/queries/tasks';
import { z } from 'zod';
import { auditCurriculum, type CurriculumActor, changedFields } from '../../rules/curriculum-audit';
import { resolveTaskMapping, storeTaskMapping } from '../../rules/task-mapping';
import { requireTask } from '../../rules/tasks';
import { reopenUnitOutcomes } from '../../rules/unit-outcomes';
import { requireUnit } from '../../rules/units';

// Ids the REST paths carry: one that cannot be an id is simply not found.
const taskId = z.object({ taskId: lookupIdSchema('Task') });
const unitId = z.object({ unitId: lookupIdSchema('Unit') });

export const taskIdInput = taskId;
export const unitTasksInput = unitId;
export const createTaskInput = taskInput.extend(unitId.shape);
export const updateTaskInput = taskInput.extend(taskId.shape);
export const reorderTasksInput = unitId.extend({ taskIds: z.array(idSchema('Task id')).max(500) });

/**
 * An admin changing a unit's tasks: each change is audited in its own transaction, with the real and
 * acting person, and tells open screens through `tasks.changed`.
 */
type Deps = CurriculumActor & { db: Database; events: EventBus };

/** Each task with the requirement items it maps; `release` is the unit's current one. */
export async function withRequirements<T extends TaskRow>(db: Database, release: string | null, rows: T[]) {
  const mapped = await listTaskRequirements(
    db,
    rows.map((task) => task.id),
  );
  return rows.map((task) => {
    const items = mapped.get(task.id) ?? [];
    return {
      ...task,
      requirementKeys: items.map((item) => item.key),
      requirements: items.map(({ key, release: itemRelease, section }) => ({
        key,
        release: itemRelease,
        section,
        current: itemRelease === release,
      })),
    };
  });
}

async function oneWithRequirements(db: Database, release: string | null, task: TaskRow) {
  const [mapped] = await withRequirements(db, release, [task]);
  if (!mapped) throw new AppError('NOT_FOUND', 'Task not found');
  return mapped;
}

export async function listTasks(db: Database, unitId: string) {
  const unit = await requireUnit(db, unitId);
  const [rows, submitted] = await Promise.all([
    listUnitTasks(db, unit.id),
    countSubmissionsPerTask(db, unit.id),
  ]);
  // How many submissions each task has: its delete button offers Archive instead when there are any.
  const counted = rows.map((task) => ({ ...task, submissionCount: submitted.get(task.id) ?? 0 }));
  return { unit, tasks: await withRequirements(db, unit.release, counted) };
}

export async function createTask(deps: Deps, input: z.output<typeof createTaskInput>) {
  const { unitId: id, requirementKeys, performanceEvidenceMapping, ...fields } = input;
  const unit = await requireUnit(deps.db, id);
  const mapping = await resolveTaskMapping(deps.db, { unit, requirementKeys, performanceEvidenceMapping });
  const task = await deps.db.transaction(async (tx) => {
    const row = await insertTask(tx, {
      unitId: id,
      fields: {
        ...fields,
        occasion: fields.occasion ?? null,
        performanceEvidenceMapping: mapping?.performanceEvidenceMapping ?? [],
      },
    });
    await storeTaskMapping(tx, row.id, mapping);
    await auditCurriculum(tx, deps, 'task.create', { unit, task: row });
    // No standing outcome judged this task: the unit is open again for everyone with one.
    await reopenUnitOutcomes(tx, { unitId: id, reason: supersededReasons.newTask(row.title) });
    return row;
  });
  await deps.events.publish({ type: 'tasks.changed', unitId: id });
  return oneWithRequirements(deps.db, unit.release, task);
}

export async function changeTask(deps: Deps, input: z.output<typeof updateTaskInput>) {
  const { taskId: id, requirementKeys, performanceEvidenceMapping, ...fields } = input;
  const existing = await requireTask(deps.db, id);
  const unit = await requireUnit(deps.db, existing.unitId);
  const mapping = await resolveTaskMapping(deps.db, {
    unit,
    existing,
    requirementKeys,
    performanceEvidenceMapping,
  });
  const next = {
    ...fields,
    occasion: fields.occasion === undefined ? existing.occasion : fields.occasion,
    performanceEvidenceMapping: mapping?.performanceEvidenceMapping ?? existing.performanceEvidenceMapping,
  };
  const [before] = await withRequirements(deps.db, unit.release, [existing]);
  const task = await deps.db.transaction(async (tx) => {
    const row = await updateTask(tx, { id, fields: next });
    await storeTaskMapping(tx, id, mapping);
    const changed = changedFields(
      { ...existing, requirementKeys: before?.requirementKeys ?? [] },
      { ...next, requirementKeys: mapping?.requirementKeys },
    );
    // Saved as it was: nothing changed, nothing to record.
    if (row && changed.length > 0)
      await auditCurriculum(tx, deps, 'task.update', { unit, task: row, detail: { changed } });
    return row;
  });
  if (!task) throw new AppError('NOT_FOUND', 'Task not found');
  await deps.events.publish({ type: 'tasks.changed', unitId: task.unitId });
  return oneWithRequirements(deps.db, unit.release, task);
}

const keptTask = () =>
  new AppError(
    'CONFLICT',
    "This task cannot be deleted: students have submitted evidence against it. Archive it instead: it leaves students' lists, and every record stays.",
  );

/** As for units (units.ts `removeUnit`): a task with evidence is archived, never deleted. */
export async function removeTask(deps: Deps, taskId: string) {
  const { db, events } = deps;
  const task = await requireTask(db, taskId);
  if ((await countTaskSubmissions(db, task.id)) > 0) throw keptTask();
  const unit = await requireUnit(db, task.unitId);
  try {
    await db.transaction(async (tx) => {
      await deleteTask(tx, task.id);
      await auditCurriculum(tx, deps, 'task.delete', { unit, task });
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw keptTask();
    throw error;
  }
  await events.publish({ type: 'tasks.changed', unitId: task.unitId });
  return { ok: true as const };
}

/** Archives a task (or restores it): it leaves students' lists; its records stay. Twice changes nothing. */
export async function archiveTask(deps: Deps, taskId: string, archived: boolean) {
  const { db, events } = deps;
  const task = await requireTask(db, taskId);
  const unit = await requireUnit(db, task.unitId);
  if ((task.archivedAt !== null) === archived) return oneWithRequirements(db, unit.release, task);
  const changed = await db.transaction(async (tx) => {
    const row = await setTaskArchived(tx, { id: task.id, archivedBy: archived ? deps.realUserId : null });
    await auditCurriculum(tx, deps, archived ? 'task.archive' : 'task.unarchive', { unit, task });
    // A task back in the unit is one no standing outcome judged, as a new one is.
    if (!archived)
      await reopenUnitOutcomes(tx, { unitId: unit.id, reason: supersededReasons.newTask(task.title) });
    return row;
  });
  if (!changed) throw new AppError('NOT_FOUND', 'Task not found');
  await events.publish({ type: 'tasks.changed', unitId: task.unitId });
  return oneWithRequirements(db, unit.release, changed);
}

export async function reorderTasks(deps: Deps, input: z.output<typeof reorderTasksInput>) {
  const { db, events } = deps;
  const unit = await requireUnit(db, input.unitId);
  const current = await listUnitTasks(db, input.unitId);
  const same =
    current.length === input.taskIds.length &&
    new Set(input.taskIds).size === current.length &&
    current.every((task) => input.taskIds.includes(task.id));
  if (!same) throw new AppError('BAD_REQUEST', 'taskIds must list every task of the unit exactly once');
  const moved = current.some((task, index) => task.id !== input.taskIds[index]);
  await db.transaction(async (tx) => {
    await reorderUnitTasks(tx, { unitId: input.unitId, orderedIds: input.taskIds });
    // The new order, by title, as the row must read after tasks are renamed or deleted.
    const titles = input.taskIds.map((id) => current.find((task) => task.id === id)?.title ?? id);
    if (moved) await auditCurriculum(tx, deps, 'task.reorder', { unit, detail: { order: titles } });
  });
  await events.publish({ type: 'tasks.changed', unitId: input.unitId });
  return withRequirements(db, unit.release, await listUnitTasks(db, input.unitId));
}
