import { setWaitingWorkDigest, wantsWaitingWorkDigest } from '@evident/db/queries/waiting-work';
import { z } from 'zod';
import { authedProcedure, router } from '../../trpc';

export const digestMailSetting = z.object({ on: z.boolean({ error: 'on must be true or false' }) });

/**
 * `account.digestMail.*`: whether the signed-in assessor is mailed each morning that evidence waits
 * for their decision. Always their own setting: an admin viewing as an assessor changes nothing of theirs.
 */
export const digestMailRouter = router({
  get: authedProcedure
    .output(digestMailSetting)
    .query(async ({ ctx }) => ({ on: await wantsWaitingWorkDigest(ctx.db, ctx.principal.realUser.id) })),
  set: authedProcedure
    .input(digestMailSetting)
    .output(digestMailSetting)
    .mutation(async ({ ctx, input }) => {
      await setWaitingWorkDigest(ctx.db, { userId: ctx.principal.realUser.id, on: input.on });
      return { on: input.on };
    }),
});
