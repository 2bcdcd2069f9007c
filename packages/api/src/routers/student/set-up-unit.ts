import { AppError } from '@evident/core/errors';
import type { RegisterAnswer } from '@evident/core/ports/register';
import { UNKNOWN_RELEASE } from '@evident/core/requirement-text';
import { SELF_ENROL_CLOSED_MESSAGE } from '@evident/core/self-enrol';
import type { Database } from '@evident/db/client';
import { countUnitTasks } from '@evident/db/queries/tasks';
import {
  enrol,
  findUnitByCode,
  insertUnit,
  lockUnitCode,
  type UnitRow,
  updateUnit,
  whileGeneratingUnit,
} from '@evident/db/queries/units';
import type { Services } from '../../context';
import {
  type AuditActor,
  auditActorOf,
  auditCurriculum,
  type CurriculumActor,
} from '../../rules/curriculum-audit';
import {
  type GenerationDeps,
  generateFor,
  requirementsForGeneration,
  storeGenerated,
} from '../../rules/generated-tasks';
import { applyRequirements, derivePerformanceEvidence } from '../../rules/unit-requirements';

/**
 * `student.units.setUp` / `POST /api/units/generate-tasks`: rate-limited per student. With
 * `SELF_ENROL=invitation` a code alone joins nothing: students join through a class invitation link.
 */
export async function setUpUnit(
  deps: GenerationDeps & CurriculumActor & Pick<Services, 'rateLimits' | 'events' | 'selfEnrol'>,
  studentId: string,
  unitCode: string,
) {
  if (deps.selfEnrol === 'invitation') throw new AppError('FORBIDDEN', SELF_ENROL_CLOSED_MESSAGE);
  await deps.rateLimits.consume('unitSetupUser', studentId);
  const result = await setUpUnitForStudent(deps, studentId, unitCode, auditActorOf(deps));
  if (result.created) await deps.events.publish({ type: 'tasks.generated', unitId: result.unitId });
  await deps.events.publish({ type: 'enrolment.created', studentId, unitId: result.unitId });
  // `created`: this set-up generated the unit's tasks; false when the student joined tasks that existed.
  return {
    taskCount: result.taskCount,
    unitId: result.unitId,
    unitCode: result.unitCode,
    created: result.created,
  };
}

type SetUp = { unitId: string; unitCode: string; taskCount: number; created: boolean };

/** Set-ups of new units under way in this process, per database and unit code. */
const generating = new WeakMap<Database, Map<string, Promise<unknown>>>();

/**
 * Runs `work` after any set-up of the same unit code already under way here has settled, so ten
 * students asking for one new unit at once cause one generation (a paid API call when a key is set):
 * the first generates, the others then find its tasks and enrol. Other server processes sharing a
 * PostgreSQL database are held back by a lock in the database (see `whileGeneratingUnit`).
 */
async function oneAtATime<T>(db: Database, unitCode: string, work: () => Promise<T>): Promise<T> {
  let queue = generating.get(db);
  if (!queue) {
    queue = new Map();
    generating.set(db, queue);
  }
  const before = queue.get(unitCode) ?? Promise.resolve();
  const mine = before.catch(() => undefined).then(work);
  const settled = mine.catch(() => undefined);
  queue.set(unitCode, settled);
  try {
    return await mine;
  } finally {
    if (queue.get(unitCode) === settled) queue.delete(unitCode);
  }
}

/**
 * Student unit setup: enrol in the unit, creating it from the register and generating its tasks the
 * first time anyone asks for it. Only one set-up of a new unit generates at a time (see
 * `oneAtATime`); the register and the generator are asked only after checking, under that lock,
 * that no one else has made the tasks meanwhile. A unit it creates, and the tasks it generates, are
 * audited as the `actor`'s doing (the student, or an admin viewing as them; the demo seed names none).
 */
export async function setUpUnitForStudent(
  deps: GenerationDeps,
  studentId: string,
  unitCode: string,
  actor: AuditActor = { actorId: studentId, actingAsId: null, actorName: null },
): Promise<SetUp> {
  const ready = await enrolIfReady(deps.db, studentId, unitCode);
  if (ready) return ready;
  return oneAtATime(deps.db, unitCode, () =>
    whileGeneratingUnit(deps.db, unitCode, async (db) => {
      const raced = await enrolIfReady(db, studentId, unitCode);
      if (raced) return raced;
      return createAndEnrol({ ...deps, db }, { studentId, unitCode, actor });
    }),
  );
}

async function createAndEnrol(
  deps: GenerationDeps,
  { studentId, unitCode, actor }: { studentId: string; unitCode: string; actor: AuditActor },
): Promise<SetUp> {
  const existing = await findUnitByCode(deps.db, unitCode);
  if (existing) refuseArchived(existing);
  // An admin may have created the unit by hand; its own Performance Evidence wins over the register's.
  const fromRegister = existing?.performanceEvidence?.trim() ? null : await deps.register.fetchUnit(unitCode);
  const title = existing?.title ?? fromRegister?.title ?? unitCode;
  const performanceEvidence = existing?.performanceEvidence ?? fromRegister?.performanceEvidence ?? null;
  // The items the unit will hold (the register's, or those it holds already), so tasks name their keys.
  const requirements = existing?.release
    ? await requirementsForGeneration(deps.db, existing.id)
    : fromRegister?.requirements;
  const generated = await generateFor(deps, { unitCode, title, performanceEvidence }, requirements);

  return deps.db.transaction(async (tx) => {
    // Orders us against an admin creating or regenerating the unit meanwhile.
    await lockUnitCode(tx, unitCode);
    const found = await findUnitByCode(tx, unitCode);
    const unit = found ?? (await insertUnit(tx, { unitCode, title, performanceEvidence }));
    if (!unit) throw new Error(`unit ${unitCode} vanished while locked`);
    const raced = await enrolIfHasTasks(tx, studentId, unit);
    if (raced) return raced;
    if (!found) await auditCurriculum(tx, actor, 'unit.create', { unit, detail: { via: 'student set-up' } });
    if (!unit.performanceEvidence) await updateUnit(tx, { id: unit.id, fields: { performanceEvidence } });
    // The unit's requirements before its tasks, so the generated tasks map to items it holds.
    await keepRequirements(tx, unit, fromRegister);
    const taskCount = await storeGenerated(tx, unit.id, generated);
    await auditCurriculum(tx, actor, 'task.generate', {
      unit,
      detail: { taskCount, replaced: 0, generator: generated.generator, via: 'student set-up' },
    });
    await enrol(tx, { studentId, unitId: unit.id });
    return { unitId: unit.id, unitCode, taskCount, created: true };
  });
}

/** The register's whole unit when it answered and the unit holds none yet; else PE items from its text. */
async function keepRequirements(tx: Database, unit: UnitRow, fromRegister: RegisterAnswer | null) {
  if (unit.release !== null) return;
  if (fromRegister?.requirements?.length)
    await applyRequirements(tx, unit.id, {
      release: fromRegister.release ?? UNKNOWN_RELEASE,
      items: fromRegister.requirements,
    });
  else
    await derivePerformanceEvidence(
      tx,
      unit.id,
      unit.performanceEvidence ?? fromRegister?.performanceEvidence ?? null,
    );
}

async function enrolIfReady(db: Database, studentId: string, unitCode: string): Promise<SetUp | null> {
  const existing = await findUnitByCode(db, unitCode);
  return existing ? enrolIfHasTasks(db, studentId, existing) : null;
}

/** An archived unit has left set-up: its records stay, but no one joins it any more. */
function refuseArchived(unit: UnitRow): void {
  if (unit.archivedAt) {
    throw new AppError('CONFLICT', `Unit ${unit.unitCode} has been archived and is closed to new students`);
  }
}

async function enrolIfHasTasks(db: Database, studentId: string, unit: UnitRow): Promise<SetUp | null> {
  refuseArchived(unit);
  const taskCount = await countUnitTasks(db, unit.id);
  if (taskCount === 0) return null;
  await enrol(db, { studentId, unitId: unit.id });
  return { unitId: unit.id, unitCode: unit.unitCode, taskCount, created: false };
}
