import {
  listVisibleClasses,
  readClassFilter,
  saveClassFilter,
  type VisibleClass,
} from '@evident/db/queries/class-scope';
import { z } from 'zod';
import { boundingAssessorId, type ScopeReader, scopeFor } from '../../rules/class-scope';

export const setClassFilterInput = z.object({
  /** Null: every student the person sees. */
  classId: z.uuid({ error: 'classId must be a class id' }).nullable(),
});

export const classFilterOutput = z.object({
  classes: z.array(z.object({ id: z.string(), name: z.string() })),
  classId: z.string().nullable(),
});

export type ClassFilterView = {
  /** What the filter offers: an assessor's own classes, or every class for an admin; by name. */
  classes: VisibleClass[];
  /** The remembered choice; null for all (also when the class is no longer theirs or was archived). */
  classId: string | null;
};

/**
 * `staff.classFilter.get`: the class filter the grading queue, the Evidence Matrix and Email
 * Outstanding share, remembered per person (as the app acts: an admin viewing as an assessor sees
 * and sets the assessor's).
 */
export async function getClassFilter(ctx: ScopeReader): Promise<ClassFilterView> {
  const [classes, saved] = await Promise.all([
    listVisibleClasses(ctx.db, { assessorId: boundingAssessorId(ctx.user) }),
    readClassFilter(ctx.db, { userId: ctx.user.id }),
  ]);
  const classId = saved && classes.some((visible) => visible.id === saved) ? saved : null;
  return { classes, classId };
}

/** `staff.classFilter.set`: remembers the choice; a class the person may not see is not found. */
export async function setClassFilter(
  ctx: ScopeReader,
  input: z.infer<typeof setClassFilterInput>,
): Promise<ClassFilterView> {
  if (input.classId) await scopeFor(ctx, input.classId);
  await saveClassFilter(ctx.db, { userId: ctx.user.id, classId: input.classId });
  return getClassFilter(ctx);
}
