import { inviteCodeInput } from '@evident/core/classes';
import { publicProcedure, router, studentProcedure } from '../../trpc';
import { messageOutput } from '../auth/outputs';
import { describeInvitation, invitationOutput, joinByInvitation, joinedOutput } from './class-invitation';
import {
  describeWelcome,
  requestWelcomeLink,
  setWelcomePassword,
  setWelcomePasswordInput,
  welcomedOutput,
  welcomeOutput,
  welcomeTokenInput,
} from './welcome';

/**
 * The class invitation link, `/join/<code>`: read by anyone holding it, accepted by a signed-in
 * student. And the invitation mailed to a new student, `/welcome?token=`: read and accepted by
 * whoever holds its token, which signs them in.
 */
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
  welcome: router({
    get: publicProcedure
      .input(welcomeTokenInput)
      .output(welcomeOutput)
      .query(({ ctx, input }) => describeWelcome(ctx, input.token)),
    setPassword: publicProcedure
      .input(setWelcomePasswordInput)
      .output(welcomedOutput)
      .mutation(({ ctx, input }) => setWelcomePassword(ctx, input)),
    requestLink: publicProcedure
      .input(welcomeTokenInput)
      .output(messageOutput)
      .mutation(({ ctx, input }) => requestWelcomeLink(ctx, input.token)),
  }),
});
