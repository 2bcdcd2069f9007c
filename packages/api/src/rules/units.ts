import { AppError } from '@evident/core/errors';
import type { Database } from '@evident/db/client';
import { findUnit } from '@evident/db/queries/units';

export async function requireUnit(db: Database, id: string) {
  const unit = await findUnit(db, id);
  if (!unit) throw new AppError('NOT_FOUND', 'Unit not found');
  return unit;
}
