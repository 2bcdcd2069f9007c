import type { unitInput } from '@evident/core/curriculum-inputs';
import { AppError } from '@evident/core/errors';
import { lookupIdSchema } from '@evident/core/lookup-id';
import type { EventBus } from '@evident/core/ports/events';
import type { TrainingRegister } from '@evident/core/ports/register';
import type { Database } from '@evident/db/client';
import { isUniqueViolation } from '@evident/db/errors';
import { countUnitSubmissions, deleteUnit, insertUnit, updateUnit } from '@evident/db/queries/units';
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

export async function removeUnit({ db, events }: Deps, id: string) {
  const unit = await requireUnit(db, id);
  // Evidence is a student's work and an RTO's audit record: never destroyed as a side effect.
  const submitted = await countUnitSubmissions(db, unit.id);
  if (submitted > 0) {
    throw new AppError(
      'CONFLICT',
      `Unit ${unit.unitCode} cannot be deleted: students have submitted evidence against ${submitted} of its tasks`,
    );
  }
  await deleteUnit(db, unit.id);
  await events.publish({ type: 'unit.changed', unitId: unit.id });
  return { ok: true as const };
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
