import { unitCodeInput, type unitInput } from '@evident/core/curriculum-inputs';
import { AppError } from '@evident/core/errors';
import { lookupIdSchema } from '@evident/core/lookup-id';
import type { EventBus } from '@evident/core/ports/events';
import type { TrainingRegister } from '@evident/core/ports/register';
import { requirementSections } from '@evident/core/requirements';
import type { Database } from '@evident/db/client';
import { isForeignKeyViolation, isUniqueViolation } from '@evident/db/errors';
import {
  countUnitSubmissions,
  deleteUnit,
  findUnit,
  insertUnit,
  setUnitArchived,
  updateUnit,
} from '@evident/db/queries/units';
import { z } from 'zod';
import { auditCurriculum, type CurriculumActor, changedFields } from '../../rules/curriculum-audit';
import {
  applyRequirements,
  derivePerformanceEvidence,
  type RequirementsChange,
} from '../../rules/unit-requirements';
import { requireUnit } from '../../rules/units';

/** The unit a REST path names: an id that cannot be one is simply not found. */
export const unitIdInput = z.object({ id: lookupIdSchema('Unit') });

type UnitFields = z.output<typeof unitInput>;
/**
 * An admin changing curriculum: each change is audited in its own transaction, with the real and
 * acting person, and tells open screens through `unit.changed`.
 */
type Deps = CurriculumActor & { db: Database; events: EventBus };

const duplicateCode = (code: string) => new AppError('CONFLICT', `A unit with code ${code} already exists`);

/** The requirements sent, or Performance Evidence items from the typed text when the unit has none yet. */
function saveRequirements(
  tx: Database,
  unitId: string,
  input: UnitFields,
): Promise<RequirementsChange | null> {
  return input.requirements
    ? applyRequirements(tx, unitId, input.requirements)
    : derivePerformanceEvidence(tx, unitId, input.performanceEvidence);
}

const requirementsDetail = (change: RequirementsChange | null) => (change ? { requirements: change } : {});

export async function createUnit(deps: Deps, input: UnitFields) {
  const { requirements: _, ...fields } = input;
  const unit = await deps.db.transaction(async (tx) => {
    const row = await insertUnit(tx, fields);
    if (!row) return row;
    const change = await saveRequirements(tx, row.id, input);
    const saved = change ? ((await findUnit(tx, row.id)) ?? row) : row;
    await auditCurriculum(tx, deps, 'unit.create', { unit: saved, detail: requirementsDetail(change) });
    return saved;
  });
  if (!unit) throw duplicateCode(input.unitCode);
  await deps.events.publish({ type: 'unit.changed', unitId: unit.id });
  return unit;
}

export async function changeUnit(deps: Deps, input: UnitFields & { id: string }) {
  const { id, requirements: _, ...fields } = input;
  const existing = await requireUnit(deps.db, id);
  let unit: Awaited<ReturnType<typeof updateUnit>>;
  try {
    unit = await deps.db.transaction(async (tx) => {
      const updated = await updateUnit(tx, { id, fields });
      if (!updated) return updated;
      const change = await saveRequirements(tx, id, input);
      const row = change ? ((await findUnit(tx, id)) ?? updated) : updated;
      const changed = [...changedFields(existing, fields), ...(change ? ['requirements'] : [])];
      // Saved as it was: nothing changed, nothing to record.
      if (changed.length > 0) {
        const renamed =
          existing.unitCode !== row.unitCode ? { from: existing.unitCode, to: row.unitCode } : {};
        await auditCurriculum(tx, deps, 'unit.update', {
          unit: row,
          detail: { changed, ...renamed, ...requirementsDetail(change) },
        });
      }
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateCode(fields.unitCode);
    throw error;
  }
  if (!unit) throw new AppError('NOT_FOUND', 'Unit not found');
  await deps.events.publish({ type: 'unit.changed', unitId: unit.id });
  return unit;
}

const keptUnit = (unitCode: string, submitted: number | null) =>
  new AppError(
    'CONFLICT',
    `Unit ${unitCode} cannot be deleted: students have submitted evidence against ${
      submitted === null ? 'its tasks' : `${submitted} of its tasks`
    }. Archive it instead: it leaves set-up and students' lists, and every record stays.`,
  );

/**
 * Deletes a unit and its tasks, unless students have submitted evidence against it: evidence and
 * decisions are an RTO's records, kept for years, so such a unit can only be archived. A student
 * recording evidence meanwhile makes the database refuse the delete (submissions restrict their task):
 * that answers the same 409, never a 500.
 */
export async function removeUnit(deps: Deps, id: string) {
  const { db, events } = deps;
  const unit = await requireUnit(db, id);
  const submitted = await countUnitSubmissions(db, unit.id);
  if (submitted > 0) throw keptUnit(unit.unitCode, submitted);
  try {
    await db.transaction(async (tx) => {
      await deleteUnit(tx, unit.id);
      await auditCurriculum(tx, deps, 'unit.delete', { unit });
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw keptUnit(unit.unitCode, null);
    throw error;
  }
  await events.publish({ type: 'unit.changed', unitId: unit.id });
  return { ok: true as const };
}

/**
 * Archives a unit (or restores it, `archived: false`): it leaves set-up, students' lists and the
 * matrix's unit choice, while its records, files and PDFs stay reachable. Doing it twice changes nothing.
 */
export async function archiveUnit(deps: Deps, id: string, archived: boolean) {
  const { db, events } = deps;
  const unit = await requireUnit(db, id);
  if ((unit.archivedAt !== null) === archived) return unit;
  const changed = await db.transaction(async (tx) => {
    const row = await setUnitArchived(tx, { id: unit.id, archivedBy: archived ? deps.realUserId : null });
    await auditCurriculum(tx, deps, archived ? 'unit.archive' : 'unit.unarchive', { unit });
    return row;
  });
  if (!changed) throw new AppError('NOT_FOUND', 'Unit not found');
  await events.publish({ type: 'unit.changed', unitId: unit.id });
  return changed;
}

/** A unit code to look up; `fresh` (the unit form fetching a saved unit again) skips the kept copy. */
export const fetchUnitInput = unitCodeInput.extend({
  fresh: z.boolean({ error: 'fresh must be true or false' }).optional(),
});

/** What the register holds for a unit code, for the admin's unit form to fill itself from. */
export async function fetchFromRegister(
  register: TrainingRegister,
  unitCode: string,
  options: { fresh?: boolean } = {},
) {
  const unit = await register.fetchUnit(unitCode, { fresh: options.fresh === true });
  return {
    code: unit.code,
    title: unit.title,
    performanceEvidence: unit.performanceEvidence,
    note: unit.note ?? null,
    fallbackReason: unit.fallbackReason ?? null,
    release: unit.release ?? null,
    requirements: unit.requirements ?? [],
    missingSections: requirementSections.filter(
      (section) => !unit.requirements?.some((item) => item.section === section),
    ),
  };
}
