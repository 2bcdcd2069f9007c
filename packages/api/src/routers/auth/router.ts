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
  user: publicProcedure.query(({ ctx }) => ctx.user),
  /** Whether 'Continue with' single sign-on is offered, and the provider's name for its button. */
  signInOptions: publicProcedure.query(({ ctx }) => ({
    singleSignOn: ctx.singleSignOn ? { name: ctx.singleSignOn.displayName } : null,
  })),
  register: publicProcedure.input(registerInput).mutation(({ ctx, input }) => register(ctx, input)),
  login: publicProcedure.input(loginInput).mutation(({ ctx, input }) => login(ctx, input)),
  logout: publicProcedure.mutation(({ ctx }) => logout(ctx)),
  forgotPassword: publicProcedure
    .input(forgotPasswordInput)
    .mutation(({ ctx, input }) => forgotPassword(ctx, input)),
  resetPassword: publicProcedure
    .input(resetPasswordInput)
    .mutation(({ ctx, input }) => resetPassword(ctx, input)),
});
