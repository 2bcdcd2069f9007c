import { hasOidcIdentity } from '@evident/db/queries/identities';
import { z } from 'zod';
import { authedProcedure, router } from '../../trpc';

export const singleSignOnStatus = z.object({
  /** The provider's name (OIDC_NAME) when single sign-on is configured; null when it is not. */
  provider: z.string().nullable(),
  /** An identity at the provider is linked to the person: they can sign in through it. */
  linked: z.boolean(),
  /**
   * This session began with the person's own password (not single sign-on, an LMS, or an admin
   * viewing as them): what linking a staff account's identity asks for (routers/auth/single-sign-on.ts).
   */
  signedInWithPassword: z.boolean(),
});

/**
 * `account.singleSignOn.get`: whether the account page offers to link the provider's sign-in, or says
 * it is linked. Always the signed-in person's own, as the callback links to them.
 */
export const singleSignOnRouter = router({
  get: authedProcedure.output(singleSignOnStatus).query(async ({ ctx }) => {
    const { principal } = ctx;
    const self = principal.realUser.id === principal.actingAs.id;
    return {
      provider: ctx.singleSignOn?.displayName ?? null,
      linked: ctx.singleSignOn ? await hasOidcIdentity(ctx.db, principal.realUser.id) : false,
      signedInWithPassword:
        self && principal.proof.kind === 'session' && principal.proof.method === 'password',
    };
  }),
});
