import {
  forgotPasswordInput,
  loginInput,
  registerInput,
  resetPasswordInput,
} from '@evident/core/auth-schemas';
import { publicProcedure, router } from '../../trpc';
import { forgotPassword, resetPassword } from './password-reset';
import { login, logout, register } from './sign-in';

export const authRouter = router({
  session: router({
    get: publicProcedure.query(({ ctx }) => ctx.user),
    login: publicProcedure.input(loginInput).mutation(({ ctx, input }) => login(ctx, input)),
    logout: publicProcedure.mutation(({ ctx }) => logout(ctx)),
  }),
  accounts: router({
    register: publicProcedure.input(registerInput).mutation(({ ctx, input }) => register(ctx, input)),
  }),
  password: router({
    requestReset: publicProcedure
      .input(forgotPasswordInput)
      .mutation(({ ctx, input }) => forgotPassword(ctx, input)),
    reset: publicProcedure.input(resetPasswordInput).mutation(({ ctx, input }) => resetPassword(ctx, input)),
  }),
  /** Whether 'Continue with' single sign-on is offered, and the provider's name for its button. */
  signInOptions: router({
    get: publicProcedure.query(({ ctx }) => ({
      singleSignOn: ctx.singleSignOn ? { name: ctx.singleSignOn.displayName } : null,
    })),
  }),
});
