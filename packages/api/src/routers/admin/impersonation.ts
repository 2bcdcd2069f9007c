import { AppError } from '@evident/core/errors';
import { findUserById } from '@evident/db/queries/users';
import { z } from 'zod';
import type { AuthedContext } from '../../context';

export const impersonateInput = z.object({ userId: z.uuid({ error: 'userId must be a user id' }) });

export async function impersonate(ctx: AuthedContext, input: z.output<typeof impersonateInput>) {
  const target = await findUserById(ctx.db, input.userId);
  if (!target) throw new AppError('NOT_FOUND', 'User not found');
  if (target.role === 'rto_admin') throw new AppError('FORBIDDEN', 'Administrators cannot be impersonated');
  if (target.deactivatedAt) throw new AppError('FORBIDDEN', 'A deactivated user cannot be viewed as');
  await ctx.sessions.actAs(ctx.session, target.id);
  return { ok: true as const };
}

export async function stopImpersonation(ctx: AuthedContext) {
  await ctx.sessions.actAs(ctx.session, null);
  return { ok: true as const };
}
