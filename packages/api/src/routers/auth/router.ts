import {
  forgotPasswordInput,
  loginInput,
  registerInput,
  resetPasswordInput,
} from '@evident/core/auth-schemas';
import { publicProcedure, router } from '../../trpc';
import { okOutput } from '../../views/common-outputs';
import { currentUserOutput, messageOutput, signedInOutput, signInOptionsOutput } from './outputs';
import { forgotPassword, resetPassword } from './password-reset';
import { login, logout, register } from './sign-in';

export const authRouter = router({
  session: router({
    get: publicProcedure.output(currentUserOutput).query(({ ctx }) => ctx.user),
    login: publicProcedure
      .input(loginInput)
      .output(signedInOutput)
      .mutation(({ ctx, input }) => login(ctx, input)),
    logout: publicProcedure.output(okOutput).mutation(({ ctx }) => logout(ctx)),
  }),
  accounts: router({
    register: publicProcedure
      .input(registerInput)
      .output(signedInOutput)
      .mutation(({ ctx, input }) => register(ctx, input)),
  }),
  password: router({
    requestReset: publicProcedure
      .input(forgotPasswordInput)
      .output(messageOutput)
      .mutation(({ ctx, input }) => forgotPassword(ctx, input)),
    reset: publicProcedure
      .input(resetPasswordInput)
      .output(messageOutput)
      .mutation(({ ctx, input }) => resetPassword(ctx, input)),
  }),
  /** Whether 'Continue with' single sign-on is offered, and the provider's name for its button. */
  signInOptions: router({
    get: publicProcedure.output(signInOptionsOutput).query(({ ctx }) => ({
      singleSignOn: ctx.singleSignOn ? { name: ctx.singleSignOn.displayName } : null,
    })),
  }),
});
