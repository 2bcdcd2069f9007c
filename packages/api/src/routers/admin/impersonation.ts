import { AppError } from '@evident/core/errors';
import { recordAudit } from '@evident/db/queries/audit';
import { setActingAs } from '@evident/db/queries/sessions';
import { findUserById } from '@evident/db/queries/users';
import { z } from 'zod';
import type { AuthedContext } from '../../context';

export const impersonateInput = z.object({ userId: z.uuid({ error: 'userId must be a user id' }) });

export async function impersonate(ctx: AuthedContext, input: z.output<typeof impersonateInput>) {
  const target = await findUserById(ctx.db, input.userId);
  if (!target) throw new AppError('NOT_FOUND', 'User not found');
  if (target.role === 'rto_admin') throw new AppError('FORBIDDEN', 'Administrators cannot be impersonated');
  await ctx.db.transaction(async (tx) => {
    await setActingAs(tx, ctx.session.sessionId, target.id);
    await recordAudit(tx, {
      actorId: ctx.realUserId,
      action: 'impersonation.start',
      subjectId: target.id,
    });
  });
  return { ok: true as const };
}

export async function stopImpersonation(ctx: AuthedContext) {
  const subjectId = ctx.session.actingAsUserId;
  if (!subjectId) return { ok: true as const };
  await ctx.db.transaction(async (tx) => {
    await setActingAs(tx, ctx.session.sessionId, null);
    await recordAudit(tx, { actorId: ctx.realUserId, action: 'impersonation.stop', subjectId });
  });
  return { ok: true as const };
}
