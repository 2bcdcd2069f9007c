import { z } from 'zod';
import { userSummaryOutput } from '../../views/common-outputs';

// What the `auth.*` procedures answer.

/** The signed-in user (`CurrentUser`), or null for a visitor. */
export const currentUserOutput = userSummaryOutput
  .extend({
    isImpersonating: z.boolean(),
    /** The admin behind the session while they view the app as this person. */
    originalUser: userSummaryOutput.nullable(),
    /** A self-registered assessor an administrator has not approved yet. */
    awaitingApproval: z.boolean(),
  })
  .nullable();

/** Signing in or registering answers who is now signed in. */
export const signedInOutput = z.object({ user: userSummaryOutput });

/** A sentence for the screen to show. */
export const messageOutput = z.object({ message: z.string() });

export const signInOptionsOutput = z.object({
  singleSignOn: z.object({ name: z.string() }).nullable(),
});
