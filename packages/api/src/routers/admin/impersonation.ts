import { AppError } from '@evident/core/errors';
import { findUserById } from '@evident/db/queries/users';
import { z } from 'zod';
import type { AuthedContext } from '../../context';

export const impersonateInput = z.object({ userId: z.uuid({ error: 'userId must be a user id' }) });

/** Viewing as someone belongs to a browser session; an API token always acts as its own user. */
function requireSession(ctx: AuthedContext) {
  if (!ctx.session)
    throw new AppError('FORBIDDEN', 'Viewing the app as someone else needs a signed-in session');
  return ctx.session;
}

export async function impersonate(ctx: AuthedContext, input: z.output<typeof impersonateInput>) {
  const session = requireSession(ctx);
  const target = await findUserById(ctx.db, input.userId);
  if (!target) throw new AppError('NOT_FOUND', 'User not found');
  if (target.role === 'rto_admin') throw new AppError('FORBIDDEN', 'Administrators cannot be impersonated');
  if (target.deactivatedAt) throw new AppError('FORBIDDEN', 'A deactivated user cannot be viewed as');
  await ctx.sessions.actAs(session, target.id);
  return { ok: true as const };
}

export async function stopImpersonation(ctx: AuthedContext) {
  await ctx.sessions.actAs(requireSession(ctx), null);
  return { ok: true as const };
}
