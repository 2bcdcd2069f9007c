import { idSchema, taskInput } from '@evident/core/curriculum-inputs';
import { AppError } from '@evident/core/errors';
import {
  countTaskSubmissions,
  deleteTask,
  findTask,
  insertTask,
  listUnitTasks,
  reorderUnitTasks,
  updateTask,
} from '@evident/db/queries/tasks';
import { z } from 'zod';
import { adminProcedure, router } from '../../trpc';
import { requireUnit } from './units';

const taskId = z.object({ taskId: idSchema('Task id') });
const unitId = z.object({ unitId: idSchema('Unit id') });

async function requireTask(ctx: { db: Parameters<typeof findTask>[0] }, id: string) {
  const task = await findTask(ctx.db, id);
  if (!task) throw new AppError('NOT_FOUND', 'Task not found');
  return task;
}

export const adminTasksRouter = router({
  list: adminProcedure.input(unitId).query(async ({ ctx, input }) => {
    const unit = await requireUnit(ctx.db, input.unitId);
    return { unit, tasks: await listUnitTasks(ctx.db, unit.id) };
  }),

  create: adminProcedure.input(taskInput.extend(unitId.shape)).mutation(async ({ ctx, input }) => {
    const { unitId: id, ...fields } = input;
    await requireUnit(ctx.db, id);
    const task = await insertTask(ctx.db, id, { ...fields, occasion: fields.occasion ?? null });
    await ctx.events.publish({ type: 'tasks.changed', unitId: id });
    return task;
  }),

  update: adminProcedure.input(taskInput.extend(taskId.shape)).mutation(async ({ ctx, input }) => {
    const { taskId: id, ...fields } = input;
    const existing = await requireTask(ctx, id);
    const task = await updateTask(ctx.db, id, {
      ...fields,
      occasion: fields.occasion === undefined ? existing.occasion : fields.occasion,
      performanceEvidenceMapping: fields.performanceEvidenceMapping ?? existing.performanceEvidenceMapping,
    });
    if (!task) throw new AppError('NOT_FOUND', 'Task not found');
    await ctx.events.publish({ type: 'tasks.changed', unitId: task.unitId });
    return task;
  }),

  delete: adminProcedure.input(taskId).mutation(async ({ ctx, input }) => {
    const task = await requireTask(ctx, input.taskId);
    if ((await countTaskSubmissions(ctx.db, task.id)) > 0) {
      throw new AppError(
        'CONFLICT',
        'This task cannot be deleted: students have submitted evidence against it',
      );
    }
    await deleteTask(ctx.db, task.id);
    await ctx.events.publish({ type: 'tasks.changed', unitId: task.unitId });
    return { ok: true as const };
  }),

  reorder: adminProcedure
    .input(unitId.extend({ taskIds: z.array(idSchema('Task id')).max(500) }))
    .mutation(async ({ ctx, input }) => {
      await requireUnit(ctx.db, input.unitId);
      const current = await listUnitTasks(ctx.db, input.unitId);
      const same =
        current.length === input.taskIds.length &&
        new Set(input.taskIds).size === current.length &&
        current.every((task) => input.taskIds.includes(task.id));
      if (!same) throw new AppError('BAD_REQUEST', 'taskIds must list every task of the unit exactly once');
      await ctx.db.transaction((tx) => reorderUnitTasks(tx, input.unitId, input.taskIds));
      await ctx.events.publish({ type: 'tasks.changed', unitId: input.unitId });
      return listUnitTasks(ctx.db, input.unitId);
    }),
});
