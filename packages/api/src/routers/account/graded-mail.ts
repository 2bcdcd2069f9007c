import { setGradedMail, wantsGradedMail } from '@evident/db/queries/graded-mail';
import { z } from 'zod';
import { authedProcedure, router } from '../../trpc';

export const gradedMailSetting = z.object({ on: z.boolean({ error: 'on must be true or false' }) });

/**
 * `account.gradedMail.*`: whether the signed-in person is mailed when their work is graded. Always
 * their own setting: an admin viewing as a student changes nothing of the student's.
 */
export const gradedMailRouter = router({
  get: authedProcedure
    .output(gradedMailSetting)
    .query(async ({ ctx }) => ({ on: await wantsGradedMail(ctx.db, ctx.principal.realUser.id) })),
  set: authedProcedure
    .input(gradedMailSetting)
    .output(gradedMailSetting)
    .mutation(async ({ ctx, input }) => {
      await setGradedMail(ctx.db, { userId: ctx.principal.realUser.id, on: input.on });
      return { on: input.on };
    }),
});
