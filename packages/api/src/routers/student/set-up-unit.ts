import type { Database } from '@evident/db/client';
import { countUnitTasks } from '@evident/db/queries/tasks';
import {
  enrol,
  findUnitByCode,
  insertUnit,
  lockUnitCode,
  type UnitRow,
  updateUnit,
} from '@evident/db/queries/units';
import type { Services } from '../../context';
import { type GenerationDeps, generateFor, storeGenerated } from '../../rules/generated-tasks';

/** `student.setUpUnit` / `POST /api/units/generate-tasks`: rate-limited per student. */
export async function setUpUnit(
  deps: GenerationDeps & Pick<Services, 'rateLimits' | 'events'>,
  studentId: string,
  unitCode: string,
) {
  await deps.rateLimits.consume('unitSetupUser', studentId);
  const result = await setUpUnitForStudent(deps, studentId, unitCode);
  if (result.created) await deps.events.publish({ type: 'tasks.generated', unitId: result.unitId });
  await deps.events.publish({ type: 'enrolment.created', studentId, unitId: result.unitId });
  return { taskCount: result.taskCount, unitId: result.unitId, unitCode: result.unitCode };
}

/**
 * Student unit setup: enrol in the unit, creating it from the register and generating its tasks the
 * first time anyone asks for it. The slow calls (register, generator) run outside the transaction;
 * inside it, a lock on the code makes two students racing for a new unit end up with one task set.
 */
export async function setUpUnitForStudent(deps: GenerationDeps, studentId: string, unitCode: string) {
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
    if (!unit.performanceEvidence) await updateUnit(tx, { id: unit.id, fields: { performanceEvidence } });
    const taskCount = await storeGenerated(tx, unit.id, generated);
    await enrol(tx, { studentId, unitId: unit.id });
    return { unitId: unit.id, unitCode, taskCount, created: true };
  });
}

async function enrolIfHasTasks(db: Database, studentId: string, unit: UnitRow) {
  const taskCount = await countUnitTasks(db, unit.id);
  if (taskCount === 0) return null;
  await enrol(db, { studentId, unitId: unit.id });
  return { unitId: unit.id, unitCode: unit.unitCode, taskCount, created: false };
}
