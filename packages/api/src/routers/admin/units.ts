import { idSchema, unitCodeInput, unitInput } from '@evident/core/curriculum-inputs';
import { AppError } from '@evident/core/errors';
import type { Database } from '@evident/db/client';
import { isUniqueViolation } from '@evident/db/errors';
import {
  countUnitSubmissions,
  deleteUnit,
  findUnit,
  insertUnit,
  listUnits,
  updateUnit,
} from '@evident/db/queries/units';
import { z } from 'zod';
import { regenerateUnitTasks } from '../../curriculum/generate-tasks';
import { adminProcedure, router } from '../../trpc';

const unitId = z.object({ id: idSchema('Unit id') });

export async function requireUnit(db: Database, id: string) {
  const unit = await findUnit(db, id);
  if (!unit) throw new AppError('NOT_FOUND', 'Unit not found');
  return unit;
}

const duplicateCode = (code: string) => new AppError('CONFLICT', `A unit with code ${code} already exists`);

export const adminUnitsRouter = router({
  list: adminProcedure.query(({ ctx }) => listUnits(ctx.db)),

  get: adminProcedure.input(unitId).query(({ ctx, input }) => requireUnit(ctx.db, input.id)),

  create: adminProcedure.input(unitInput).mutation(async ({ ctx, input }) => {
    const unit = await insertUnit(ctx.db, input);
    if (!unit) throw duplicateCode(input.unitCode);
    await ctx.events.publish({ type: 'unit.changed', unitId: unit.id });
    return unit;
  }),

  update: adminProcedure.input(unitInput.extend(unitId.shape)).mutation(async ({ ctx, input }) => {
    const { id, ...fields } = input;
    await requireUnit(ctx.db, id);
    try {
      const unit = await updateUnit(ctx.db, id, fields);
      if (!unit) throw new AppError('NOT_FOUND', 'Unit not found');
      await ctx.events.publish({ type: 'unit.changed', unitId: unit.id });
      return unit;
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicateCode(fields.unitCode);
      throw error;
    }
  }),

  delete: adminProcedure.input(unitId).mutation(async ({ ctx, input }) => {
    const unit = await requireUnit(ctx.db, input.id);
    // Evidence is a student's work and an RTO's audit record: never destroyed as a side effect.
    const submitted = await countUnitSubmissions(ctx.db, unit.id);
    if (submitted > 0) {
      throw new AppError(
        'CONFLICT',
        `Unit ${unit.unitCode} cannot be deleted: students have submitted evidence against ${submitted} of its tasks`,
      );
    }
    await deleteUnit(ctx.db, unit.id);
    await ctx.events.publish({ type: 'unit.changed', unitId: unit.id });
    return { ok: true as const };
  }),

  generateTasks: adminProcedure.input(unitId).mutation(async ({ ctx, input }) => {
    const unit = await requireUnit(ctx.db, input.id);
    const taskCount = await regenerateUnitTasks(ctx, unit);
    await ctx.events.publish({ type: 'tasks.generated', unitId: unit.id });
    return { message: `Generated ${taskCount} tasks from Performance Evidence`, taskCount };
  }),

  fetchFromRegister: adminProcedure.input(unitCodeInput).mutation(async ({ ctx, input }) => {
    const unit = await ctx.register.fetchUnit(input.unitCode);
    return { code: unit.code, title: unit.title, performanceEvidence: unit.performanceEvidence };
  }),
});
