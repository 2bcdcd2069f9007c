import { idSchema } from '@evident/core/curriculum-inputs';
import { AppError } from '@evident/core/errors';
import { unitOutcomeView } from '@evident/core/unit-outcomes';
import { listUnitOutcomes } from '@evident/db/queries/unit-outcomes';
import { findUnit } from '@evident/db/queries/units';
import { z } from 'zod';
import { classIdInput, type ScopeReader, scopeFor } from '../../rules/class-scope';

/** `?unitId=&classId=`: one unit's outcomes, for the students in the reader's classes (or one class). */
export const unitOutcomesInput = z.object({ unitId: idSchema('unitId'), classId: classIdInput });

/** Newest first, standing and superseded alike: the record keeps both. */
export const unitOutcomesOutput = z.array(unitOutcomeView);

/**
 * `staff.unitOutcomes.list` / `GET /api/assessor/unit-outcomes`: the unit's outcomes for the students
 * the reader assesses, scoped as grading is (an admin: everyone), each with who recorded it, the
 * declaration they made and, once reopened, when and why.
 */
export async function listUnitOutcomesFor(ctx: ScopeReader, input: z.infer<typeof unitOutcomesInput>) {
  const [unit, scope] = await Promise.all([findUnit(ctx.db, input.unitId), scopeFor(ctx, input.classId)]);
  if (!unit) throw new AppError('NOT_FOUND', 'Unit not found');
  return listUnitOutcomes(ctx.db, { unitId: input.unitId, scope });
}
