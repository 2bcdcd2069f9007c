import {
  forgotPasswordInput,
  loginInput,
  registerInput,
  resetPasswordInput,
} from '@evident/core/auth-schemas';
import { shapeCheckedInTests } from '../../database-json';
import { publicProcedure, router } from '../../trpc';
import { okOutput } from '../../views/common-outputs';
import { currentUserOutput, messageOutput, signedInOutput, signInOptionsOutput } from './outputs';
import { forgotPassword, resetPassword } from './password-reset';
import { login, logout, register } from './sign-in';

export const authRouter = router({
  session: router({
    get: publicProcedure
      .meta({
        rest: { method: 'GET', path: '/api/auth/user', whenNull: { status: 401, text: 'Not signed in' } },
      })
      // Every screen asks it: the context's user is answered as built, checked in tests (database-json.ts).
      .output(shapeCheckedInTests(currentUserOutput))
      .query(({ ctx }) => ctx.user),
    login: publicProcedure
      .meta({ rest: { method: 'POST', path: '/api/auth/login' } })
      .input(loginInput)
      .output(signedInOutput)
      .mutation(({ ctx, input }) => login(ctx, input)),
    logout: publicProcedure
      .meta({ rest: { method: 'POST', path: '/api/auth/logout' } })
      .output(okOutput)
      .mutation(({ ctx }) => logout(ctx)),
  }),
  accounts: router({
    register: publicProcedure
      .meta({ rest: { method: 'POST', path: '/api/auth/register' } })
      .input(registerInput)
      .output(signedInOutput)
      .mutation(({ ctx, input }) => register(ctx, input)),
  }),
  password: router({
    requestReset: publicProcedure
      .meta({ rest: { method: 'POST', path: '/api/auth/forgot-password' } })
      .input(forgotPasswordInput)
      .output(messageOutput)
      .mutation(({ ctx, input }) => forgotPassword(ctx, input)),
    reset: publicProcedure
      .meta({ rest: { method: 'POST', path: '/api/auth/reset-password' } })
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
