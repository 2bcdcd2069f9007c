import { idSchema } from '@evident/core/curriculum-inputs';
import { AppError } from '@evident/core/errors';
import { unitOutcomeView } from '@evident/core/unit-outcomes';
import {
  listStandingOutcomeViews,
  listUnitOutcomes,
  listUnitProgress,
} from '@evident/db/queries/unit-outcomes';
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

/** A grading screen asks about the students and units it has just judged: a few at a time. */
export const unitProgressInput = z.object({
  pairs: z
    .array(z.object({ studentId: idSchema('studentId'), unitId: idSchema('unitId') }))
    .min(1, 'Name at least one student and unit')
    .max(50, 'Ask about at most 50 students and units at once'),
});

export const unitProgressOutput = z.array(
  z.object({
    studentId: z.string(),
    unitId: z.string(),
    /** The unit's tasks, archived ones aside, and how many of them are satisfactory for the student. */
    total: z.number(),
    satisfied: z.number(),
    undeclared: z
      .boolean()
      .describe("Some of the student's files in the unit are not declared: Competent waits"),
    standing: unitOutcomeView.nullable(),
  }),
);

/**
 * `staff.unitOutcomes.listProgress`: for each student and unit asked about (enrolled, in the reader's
 * classes; others are left out), where the student stands in the unit's tasks and the outcome standing,
 * if any. The grading screen offers 'Record unit outcome' from it once every task is satisfactory.
 */
export async function listUnitProgressFor(
  ctx: ScopeReader,
  input: z.infer<typeof unitProgressInput>,
): Promise<z.infer<typeof unitProgressOutput>> {
  const scope = await scopeFor(ctx, null);
  const progress = await listUnitProgress(ctx.db, { pairs: input.pairs, scope });
  const standing = await listStandingOutcomeViews(ctx.db, progress);
  return progress.map((row) => ({
    ...row,
    undeclared: Boolean(row.undeclared),
    standing: standing.find((o) => o.studentId === row.studentId && o.unitId === row.unitId) ?? null,
  }));
}
