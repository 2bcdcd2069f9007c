import { idSchema } from '@evident/core/curriculum-inputs';
import { z } from 'zod';
import { router, validationProcedure } from '../../trpc';
import { completeAction, myOpenActions } from '../../validation/round-close';

/**
 * `staff.validationActions.*`: a validation round's actions as their owner sees them (issue 30 §2):
 * those not yet done, and marking one's own done. An admin sees and marks any on the round's page.
 * An owner may be a validator (the role), so these admit validators as the rounds do.
 */
export const staffValidationActionsRouter = router({
  list: validationProcedure
    .meta({ rest: { method: 'GET', path: '/api/validation-actions' } })
    .output(
      z.array(
        z.object({
          id: z.string(),
          roundId: z.string(),
          text: z.string(),
          createdAt: z.date(),
          unitCode: z.string(),
          unitTitle: z.string(),
        }),
      ),
    )
    .query(({ ctx }) => myOpenActions(ctx)),
  complete: validationProcedure
    .meta({ rest: { method: 'POST', path: '/api/validation-actions/{id}/done' } })
    .input(z.object({ id: idSchema('id') }))
    .output(z.object({ id: z.string(), doneAt: z.date() }))
    .mutation(({ ctx, input }) => completeAction(ctx, input.id, { asOwner: true })),
});
