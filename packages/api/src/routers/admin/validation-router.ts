import { idSchema } from '@evident/core/curriculum-inputs';
import { createValidationRoundInput, credentialInput, validationPlanInput } from '@evident/core/validation';
import { z } from 'zod';
import { adminProcedure, router } from '../../trpc';
import {
  listRounds,
  validationRoundListOutput,
  validationRoundOutput,
  viewRound,
} from '../staff/validation-rounds';
import { addCredential, createRound, credentialsOf, getPlan, setPlan } from './validation';

const credentialOutput = z.object({
  id: z.string(),
  userId: z.string(),
  code: z.string(),
  title: z.string(),
  heldOn: z.string(),
  meetsCredentialPolicy: z.boolean().describe('One of the codes the Credential Policy names'),
});

const planOutput = z
  .object({
    unitId: z.string(),
    lastValidatedOn: z.string().nullable(),
    nextDueOn: z.string(),
    risk: z.enum(['low', 'medium', 'high']),
    riskReason: z.string().nullable(),
  })
  .nullable();

/** `admin.credentials.*`: people's credentials, what a validator must have recorded (issue 30 §2). */
export const adminCredentialsRouter = router({
  add: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/users/{userId}/credentials', status: 201 } })
    .input(credentialInput)
    .output(credentialOutput)
    .mutation(({ ctx, input }) => addCredential(ctx, input)),
  list: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/users/{userId}/credentials' } })
    .input(z.object({ userId: idSchema('userId') }))
    .output(z.array(credentialOutput))
    .query(({ ctx, input }) => credentialsOf(ctx, input.userId)),
});

/** `admin.validationPlans.*`: each unit's last and next validation, and its risk rating. */
export const adminValidationPlansRouter = router({
  get: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/units/{unitId}/validation-plan' } })
    .input(z.object({ unitId: idSchema('unitId') }))
    .output(planOutput)
    .query(({ ctx, input }) => getPlan(ctx, input.unitId)),
  set: adminProcedure
    .meta({ rest: { method: 'PUT', path: '/api/admin/units/{unitId}/validation-plan' } })
    .input(validationPlanInput)
    .output(planOutput)
    .mutation(({ ctx, input }) => setPlan(ctx, input)),
});

/** `admin.validationRounds.*`: make a round (unit, sample, validators) and follow its progress. */
export const adminValidationRoundsRouter = router({
  create: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/validation-rounds', status: 201 } })
    .input(createValidationRoundInput)
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) => createRound(ctx, input)),
  get: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/validation-rounds/{id}' } })
    .input(z.object({ id: idSchema('id') }))
    .output(validationRoundOutput)
    .query(({ ctx, input }) => viewRound(ctx, input.id)),
  list: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/validation-rounds' } })
    .output(validationRoundListOutput)
    .query(({ ctx }) => listRounds(ctx)),
});
