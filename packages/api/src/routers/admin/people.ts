import { AppError } from '@evident/core/errors';
import { assignableRoles, USERS_PAGE_SIZE, type UserSearch } from '@evident/core/people';
import { fullName } from '@evident/core/user';
import { recordAudit } from '@evident/db/queries/audit';
import { deactivateUser, reactivateUser, searchPeople, setRole } from '@evident/db/queries/people';
import { findUserById, type UserRow } from '@evident/db/queries/users';
import { z } from 'zod';
import type { AuthedContext } from '../../context';

const userId = z.uuid({ error: 'userId must be a user id' });
export const personInput = z.object({ userId });
export const changeRoleInput = z.object({
  userId,
  role: z.enum(assignableRoles, { error: 'role must be student, assessor or validator' }),
});

export const findPeople = (ctx: AuthedContext, input: UserSearch) =>
  searchPeople(ctx.db, input, USERS_PAGE_SIZE);

async function requirePerson(ctx: AuthedContext, id: string): Promise<UserRow> {
  const target = await findUserById(ctx.db, id);
  if (!target) throw new AppError('NOT_FOUND', 'User not found');
  return target;
}

/** Who did it, and to whom, by name: the row must still read after either person is gone. */
function names(ctx: AuthedContext, target: UserRow) {
  const actor = ctx.user.isImpersonating ? ctx.user.originalUser : ctx.user;
  return {
    actorName: actor ? fullName(actor) : null,
    subjectName: fullName(target),
    subjectEmail: target.email,
  };
}

/** `PUT /api/admin/users/{id}/role`: between student, assessor and validator; admins stay admins. */
export async function changeRole(ctx: AuthedContext, input: z.output<typeof changeRoleInput>) {
  const target = await requirePerson(ctx, input.userId);
  if (target.role === 'rto_admin')
    throw new AppError('FORBIDDEN', 'An administrator’s role cannot be changed');
  if (target.role === input.role) return { userId: target.id, role: target.role };
  await ctx.db.transaction(async (tx) => {
    await setRole(tx, { userId: target.id, role: input.role, by: ctx.realUserId, at: new Date() });
    await recordAudit(tx, {
      actorId: ctx.realUserId,
      action: 'user.role-change',
      subjectId: target.id,
      detail: { ...names(ctx, target), from: target.role, to: input.role },
    });
  });
  await ctx.events.publish({ type: 'user.changed', userId: target.id });
  return { userId: target.id, role: input.role };
}

/**
 * `POST /api/admin/users/{id}/deactivate`: the person signs in by no route again, every session
 * they hold ends (a live stream re-checks its session and ends with it) and every API token is
 * revoked, so reactivating them brings none back; what they recorded and decided stays, under
 * their name. Deactivating someone already deactivated changes nothing.
 */
export async function deactivate(ctx: AuthedContext, input: z.output<typeof personInput>) {
  const target = await requirePerson(ctx, input.userId);
  if (target.id === ctx.realUserId)
    throw new AppError('BAD_REQUEST', 'You cannot deactivate your own account');
  const at = new Date();
  const row = await ctx.db.transaction(async (tx) => {
    const changed = await deactivateUser(tx, { userId: target.id, by: ctx.realUserId, at });
    if (changed) {
      await recordAudit(tx, {
        actorId: ctx.realUserId,
        action: 'user.deactivate',
        subjectId: target.id,
        detail: names(ctx, target),
      });
    }
    return changed;
  });
  if (row) await ctx.events.publish({ type: 'user.changed', userId: target.id });
  return {
    userId: target.id,
    deactivatedAt: (row?.deactivatedAt ?? target.deactivatedAt ?? at).toISOString(),
  };
}

/** `POST /api/admin/users/{id}/reactivate`: they may sign in again (no session comes back). */
export async function reactivate(ctx: AuthedContext, input: z.output<typeof personInput>) {
  const target = await requirePerson(ctx, input.userId);
  const row = await ctx.db.transaction(async (tx) => {
    const changed = await reactivateUser(tx, { userId: target.id });
    if (changed) {
      await recordAudit(tx, {
        actorId: ctx.realUserId,
        action: 'user.reactivate',
        subjectId: target.id,
        detail: names(ctx, target),
      });
    }
    return changed;
  });
  if (row) await ctx.events.publish({ type: 'user.changed', userId: target.id });
  return { userId: target.id, deactivatedAt: null };
}
