import { AppError } from '@evident/core/errors';
import { recordAudit } from '@evident/db/queries/audit';
import { setActingAs } from '@evident/db/queries/sessions';
import { countAdminStats } from '@evident/db/queries/stats';
import { findUserById, listUsers } from '@evident/db/queries/users';
import { z } from 'zod';
import { adminProcedure } from '../../trpc';

export const adminPeopleProcedures = {
  stats: adminProcedure.query(({ ctx }) => countAdminStats(ctx.db)),

  users: adminProcedure.query(({ ctx }) => listUsers(ctx.db)),

  impersonate: adminProcedure
    .input(z.object({ userId: z.uuid({ error: 'userId must be a user id' }) }))
    .mutation(async ({ ctx, input }) => {
      const target = await findUserById(ctx.db, input.userId);
      if (!target) throw new AppError('NOT_FOUND', 'User not found');
      if (target.role === 'rto_admin')
        throw new AppError('FORBIDDEN', 'Administrators cannot be impersonated');
      await ctx.db.transaction(async (tx) => {
        await setActingAs(tx, ctx.session.sessionId, target.id);
        await recordAudit(tx, {
          actorId: ctx.realUserId,
          action: 'impersonation.start',
          subjectId: target.id,
        });
      });
      return { ok: true as const };
    }),

  stopImpersonation: adminProcedure.mutation(async ({ ctx }) => {
    const subjectId = ctx.session.actingAsUserId;
    if (!subjectId) return { ok: true as const };
    await ctx.db.transaction(async (tx) => {
      await setActingAs(tx, ctx.session.sessionId, null);
      await recordAudit(tx, { actorId: ctx.realUserId, action: 'impersonation.stop', subjectId });
    });
    return { ok: true as const };
  }),
};
