import { outsideYourClassesMessage } from '@evident/core/class-filter';
import { AppError } from '@evident/core/errors';
import type { Role } from '@evident/core/roles';
import { findStudentsOutOfScope, isClassVisible, type StudentScope } from '@evident/db/queries/class-scope';
import { z } from 'zod';
import type { Context } from '../context';

/** `?classId=`: a class the reader may see; empty (as a cleared form sends it) means every student in scope. */
export const classIdInput = z
  .union([z.uuid({ error: 'classId must be a class id' }), z.literal('')])
  .optional()
  .transform((value) => value || undefined);

/** Who is reading: the person the app acts as (an admin viewing as an assessor reads as the assessor). */
export type ScopeReader = Pick<Context, 'db'> & { user: { id: string; role: Role } };

/** The assessor whose classes bound what the reader sees; null for an admin, who sees everyone. */
export function boundingAssessorId(user: ScopeReader['user']): string | null {
  return user.role === 'assessor' ? user.id : null;
}

/**
 * The reader's scope, narrowed to a class when one is named; check the class with `refuseHiddenClass`.
 * Never the reader's own work.
 */
export function readerScope(ctx: ScopeReader, classId?: string | null): StudentScope {
  return { assessorId: boundingAssessorId(ctx.user), classId: classId ?? null, readerId: ctx.user.id };
}

/**
 * A class the reader may not see (not theirs, archived, or none at all) answers not found, so ids of
 * other classes reveal nothing. Hot paths run it alongside their reads (one round trip, not two) and
 * discard what those read when it refuses.
 */
export async function refuseHiddenClass(ctx: ScopeReader, classId?: string | null): Promise<void> {
  if (!classId) return;
  if (!(await isClassVisible(ctx.db, { classId, assessorId: boundingAssessorId(ctx.user) }))) {
    throw new AppError('NOT_FOUND', 'Class not found');
  }
}

/** The reader's scope, the class checked first. */
export async function scopeFor(ctx: ScopeReader, classId?: string | null): Promise<StudentScope> {
  await refuseHiddenClass(ctx, classId);
  return readerScope(ctx, classId);
}

/** Refuses, with the reason, when any of these students is outside the reader's classes. */
export async function refuseStudentsOutOfScope(
  ctx: ScopeReader,
  studentIds: string[],
  message = outsideYourClassesMessage,
): Promise<void> {
  const assessorId = boundingAssessorId(ctx.user);
  if (!assessorId) return;
  const outside = await findStudentsOutOfScope(ctx.db, { studentIds, scope: { assessorId } });
  if (outside.length > 0) throw new AppError('FORBIDDEN', message);
}
