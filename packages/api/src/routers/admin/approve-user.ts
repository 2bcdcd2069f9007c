import { AppError } from '@evident/core/errors';
import { recordAudit } from '@evident/db/queries/audit';
import { approveAssessor, findUserById } from '@evident/db/queries/users';
import { z } from 'zod';
import type { Context } from '../../context';

export const approveUserInput = z.object({ userId: z.uuid({ error: 'userId must be a user id' }) });

type AdminContext = Context & { realUserId: string };

/**
 * Lets a self-registered assessor see and grade students' evidence. The approval is recorded with
 * the admin who gave it (never the person they may be viewing as) and audited; approving an
 * already approved assessor changes nothing and answers the same.
 */
export async function approveUser(ctx: AdminContext, input: z.infer<typeof approveUserInput>) {
  const target = await findUserById(ctx.db, input.userId);
  if (!target) throw new AppError('NOT_FOUND', 'User not found');
  if (target.role !== 'assessor') throw new AppError('BAD_REQUEST', 'Only assessor accounts need approval');
  if (target.approvedAt) return { userId: target.id, approvedAt: target.approvedAt.toISOString() };

  const approved = await ctx.db.transaction(async (tx) => {
    const row = await approveAssessor(tx, { userId: target.id, approvedBy: ctx.realUserId, at: new Date() });
    if (!row) return undefined;
    await recordAudit(tx, { actorId: ctx.realUserId, action: 'assessor.approve', subjectId: row.id });
    return row;
  });
  // Someone else approved them a moment before us: their approval stands.
  const current = approved ?? (await findUserById(ctx.db, target.id));
  if (approved) await ctx.events.publish({ type: 'user.changed', userId: approved.id });
  return { userId: target.id, approvedAt: current?.approvedAt?.toISOString() ?? null };
}
