import type { unitInput } from '@evident/core/curriculum-inputs';
import { AppError } from '@evident/core/errors';
import { lookupIdSchema } from '@evident/core/lookup-id';
import type { EventBus } from '@evident/core/ports/events';
import type { TrainingRegister } from '@evident/core/ports/register';
import type { Database } from '@evident/db/client';
import { isForeignKeyViolation, isUniqueViolation } from '@evident/db/errors';
import { recordAudit } from '@evident/db/queries/audit';
import {
  countUnitSubmissions,
  deleteUnit,
  insertUnit,
  setUnitArchived,
  updateUnit,
} from '@evident/db/queries/units';
import { z } from 'zod';
import { requireUnit } from '../../rules/units';

/** The unit a REST path names: an id that cannot be one is simply not found. */
export const unitIdInput = z.object({ id: lookupIdSchema('Unit') });

type UnitFields = z.output<typeof unitInput>;
/** Unit changes tell open screens through `unit.changed`. */
type Deps = { db: Database; events: EventBus };

const duplicateCode = (code: string) => new AppError('CONFLICT', `A unit with code ${code} already exists`);

export async function createUnit({ db, events }: Deps, input: UnitFields) {
  const unit = await insertUnit(db, input);
  if (!unit) throw duplicateCode(input.unitCode);
  await events.publish({ type: 'unit.changed', unitId: unit.id });
  return unit;
}

export async function changeUnit({ db, events }: Deps, input: UnitFields & { id: string }) {
  const { id, ...fields } = input;
  await requireUnit(db, id);
  let unit: Awaited<ReturnType<typeof updateUnit>>;
  try {
    unit = await updateUnit(db, { id, fields });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateCode(fields.unitCode);
    throw error;
  }
  if (!unit) throw new AppError('NOT_FOUND', 'Unit not found');
  await events.publish({ type: 'unit.changed', unitId: unit.id });
  return unit;
}

/** An admin acting on curriculum: changes tell open screens, and deletions and archiving are audited. */
type ActingDeps = Deps & { realUserId: string };

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
export async function removeUnit({ db, events, realUserId }: ActingDeps, id: string) {
  const unit = await requireUnit(db, id);
  const submitted = await countUnitSubmissions(db, unit.id);
  if (submitted > 0) throw keptUnit(unit.unitCode, submitted);
  try {
    await db.transaction(async (tx) => {
      await deleteUnit(tx, unit.id);
      await recordAudit(tx, {
        actorId: realUserId,
        action: 'unit.delete',
        subjectId: unit.id,
        detail: { unitCode: unit.unitCode, title: unit.title },
      });
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
export async function archiveUnit({ db, events, realUserId }: ActingDeps, id: string, archived: boolean) {
  const unit = await requireUnit(db, id);
  if ((unit.archivedAt !== null) === archived) return unit;
  const changed = await db.transaction(async (tx) => {
    const row = await setUnitArchived(tx, { id: unit.id, archivedBy: archived ? realUserId : null });
    await recordAudit(tx, {
      actorId: realUserId,
      action: archived ? 'unit.archive' : 'unit.unarchive',
      subjectId: unit.id,
      detail: { unitCode: unit.unitCode },
    });
    return row;
  });
  if (!changed) throw new AppError('NOT_FOUND', 'Unit not found');
  await events.publish({ type: 'unit.changed', unitId: unit.id });
  return changed;
}

/** What the register holds for a unit code, for the admin's unit form to fill itself from. */
export async function fetchFromRegister(register: TrainingRegister, unitCode: string) {
  const unit = await register.fetchUnit(unitCode);
  return {
    code: unit.code,
    title: unit.title,
    performanceEvidence: unit.performanceEvidence,
    note: unit.note ?? null,
  };
}
