import { AppError } from '@evident/core/errors';
import type { GeneratedTasks } from '@evident/core/ports/task-generator';
import type { Database } from '@evident/db/client';
import { countUnitTasks, replaceUnitTasks } from '@evident/db/queries/tasks';
import {
  countUnitSubmissions,
  enrol,
  findUnitByCode,
  insertUnit,
  lockUnitCode,
  type UnitRow,
  updateUnit,
} from '@evident/db/queries/units';
import type { Services } from '../context';

type Deps = Pick<Services, 'db' | 'register' | 'taskGenerator'>;

async function generateFor(deps: Deps, unit: Pick<UnitRow, 'unitCode' | 'title' | 'performanceEvidence'>) {
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
async function storeGenerated(tx: Database, unitId: string, generated: GeneratedTasks): Promise<number> {
  const count = await replaceUnitTasks(tx, unitId, generated.tasks);
  await updateUnit(tx, unitId, { mappingDocument: generated.mappingDocument });
  return count;
}

/** Admin: regenerate a unit's tasks from its Performance Evidence. Never over evidence already submitted. */
export async function regenerateUnitTasks(deps: Deps, unit: UnitRow): Promise<number> {
  const generated = await generateFor(deps, unit);
  return deps.db.transaction(async (tx) => {
    await lockUnitCode(tx, unit.unitCode);
    if ((await countUnitSubmissions(tx, unit.id)) > 0) {
      throw new AppError(
        'CONFLICT',
        `Students have already submitted evidence against ${unit.unitCode}; edit its tasks by hand instead`,
      );
    }
    return storeGenerated(tx, unit.id, generated);
  });
}

/**
 * Student unit setup: enrol in the unit, creating it from the register and generating its tasks the
 * first time anyone asks for it. The slow calls (register, generator) run outside the transaction;
 * inside it, a lock on the code makes two students racing for a new unit end up with one task set.
 */
export async function setUpUnitForStudent(deps: Deps, studentId: string, unitCode: string) {
  const existing = await findUnitByCode(deps.db, unitCode);
  const ready = existing ? await enrolIfHasTasks(deps.db, studentId, existing) : null;
  if (ready) return ready;

  // An admin may have created the unit by hand; its own Performance Evidence wins over the register's.
  const fromRegister = existing?.performanceEvidence?.trim() ? null : await deps.register.fetchUnit(unitCode);
  const title = existing?.title ?? fromRegister?.title ?? unitCode;
  const performanceEvidence = existing?.performanceEvidence ?? fromRegister?.performanceEvidence ?? null;
  const generated = await generateFor(deps, { unitCode, title, performanceEvidence });

  return deps.db.transaction(async (tx) => {
    await lockUnitCode(tx, unitCode);
    const unit =
      (await findUnitByCode(tx, unitCode)) ??
      (await insertUnit(tx, { unitCode, title, performanceEvidence }));
    if (!unit) throw new Error(`unit ${unitCode} vanished while locked`);
    const raced = await enrolIfHasTasks(tx, studentId, unit);
    if (raced) return raced;
    if (!unit.performanceEvidence) await updateUnit(tx, unit.id, { performanceEvidence });
    const taskCount = await storeGenerated(tx, unit.id, generated);
    await enrol(tx, studentId, unit.id);
    return { unitId: unit.id, unitCode, taskCount, created: true };
  });
}

async function enrolIfHasTasks(db: Database, studentId: string, unit: UnitRow) {
  const taskCount = await countUnitTasks(db, unit.id);
  if (taskCount === 0) return null;
  await enrol(db, studentId, unit.id);
  return { unitId: unit.id, unitCode: unit.unitCode, taskCount, created: false };
}
