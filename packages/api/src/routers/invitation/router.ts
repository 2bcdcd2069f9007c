import { inviteCodeInput } from '@evident/core/classes';
import { publicProcedure, router, studentProcedure } from '../../trpc';
import { describeInvitation, joinByInvitation } from './class-invitation';

/** The class invitation link, `/join/<code>`: read by anyone holding it, accepted by a signed-in student. */
export const invitationRouter = router({
  classes: router({
    get: publicProcedure
      .input(inviteCodeInput)
      .query(({ ctx, input }) => describeInvitation(ctx, input.inviteCode)),
    join: studentProcedure
      .input(inviteCodeInput)
      .mutation(({ ctx, input }) => joinByInvitation(ctx, input.inviteCode)),
  }),
});
