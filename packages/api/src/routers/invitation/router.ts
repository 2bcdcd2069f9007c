import { inviteCodeInput } from '@evident/core/classes';
import { publicProcedure, router, studentProcedure } from '../../trpc';
import { describeInvitation, invitationOutput, joinByInvitation, joinedOutput } from './class-invitation';

/** The class invitation link, `/join/<code>`: read by anyone holding it, accepted by a signed-in student. */
export const invitationRouter = router({
  classes: router({
    get: publicProcedure
      .input(inviteCodeInput)
      .output(invitationOutput)
      .query(({ ctx, input }) => describeInvitation(ctx, input.inviteCode)),
    join: studentProcedure
      .input(inviteCodeInput)
      .output(joinedOutput)
      .mutation(({ ctx, input }) => joinByInvitation(ctx, input.inviteCode)),
  }),
});
