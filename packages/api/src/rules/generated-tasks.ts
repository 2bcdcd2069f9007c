import { AppError } from '@evident/core/errors';
import type { GeneratedTasks } from '@evident/core/ports/task-generator';
import { supersededReasons } from '@evident/core/unit-outcomes';
import type { Database } from '@evident/db/client';
import { replaceUnitTasks } from '@evident/db/queries/tasks';
import { type UnitRow, updateUnit } from '@evident/db/queries/units';
import type { Services } from '../context';
import { reopenUnitOutcomes } from './unit-outcomes';

export type GenerationDeps = Pick<Services, 'db' | 'register' | 'taskGenerator'>;

/** Asks the generator for a unit's tasks; refuses a unit with no Performance Evidence to work from. */
export async function generateFor(
  deps: GenerationDeps,
  unit: Pick<UnitRow, 'unitCode' | 'title' | 'performanceEvidence'>,
) {
  if (!unit.performanceEvidence?.trim()) {
    throw new AppError(
      'UNPROCESSABLE',
      `Unit ${unit.unitCode} has no Performance Evidence to generate tasks from`,
    );
  }
  return deps.taskGenerator.generate({
    unitCode: unit.unitCode,
    title: unit.title,
    performanceEvidence: unit.performanceEvidence,
  });
}

/** Writes a generated task set and its mapping document together, so a failure leaves the unit as it was. */
export async function storeGenerated(
  tx: Database,
  unitId: string,
  generated: GeneratedTasks,
): Promise<number> {
  const count = await replaceUnitTasks(tx, { unitId, drafts: generated.tasks });
  await updateUnit(tx, { id: unitId, fields: { mappingDocument: generated.mappingDocument } });
  // New tasks no standing outcome judged (set-up refuses a unit with evidence, so this is rare).
  await reopenUnitOutcomes(tx, { unitId, reason: supersededReasons.newTasks(count) });
  return count;
}
