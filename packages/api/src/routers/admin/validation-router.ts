import { idSchema } from '@evident/core/curriculum-inputs';
import {
  createValidationRoundInput,
  credentialInput,
  validationActionInput,
  validationPlanInput,
} from '@evident/core/validation';
import { z } from 'zod';
import { adminProcedure, router } from '../../trpc';
import { addAction, closeRound, completeAction } from '../../validation/round-close';
import { exportValidationReport } from '../../validation/round-report-pdf';
import { recordPdfOutput } from '../staff/assessment-record-pdf';
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

const closedRoundOutput = z.object({
  id: z.string(),
  closedAt: z.date(),
  lastValidatedOn: z.string().describe("The unit's plan: validated the day the round closed"),
  nextDueOn: z.string().describe("The unit's plan: next due by its risk rating"),
  missing: z
    .array(z.object({ validatorName: z.string(), studentName: z.string().nullable() }))
    .describe("Reviews not recorded when it closed; a null student is the tool's review"),
});

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
  close: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/validation-rounds/{id}/close' } })
    .input(z.object({ id: idSchema('id') }))
    .output(closedRoundOutput)
    .mutation(({ ctx, input }) => closeRound(ctx, input.id)),
  exportReport: adminProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/api/admin/validation-rounds/{id}/report.pdf',
        download: { mediaType: 'application/pdf', encoding: 'base64', cacheControl: 'private, no-store' },
      },
    })
    .input(z.object({ id: idSchema('id') }))
    .output(recordPdfOutput)
    .query(({ ctx, input }) => exportValidationReport(ctx, input.id)),
});

/** `admin.validationActions.*`: what a round asks to be done, each with an owner, tracked to done. */
export const adminValidationActionsRouter = router({
  add: adminProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/admin/validation-rounds/{id}/actions',
        pathFields: { id: 'roundId' },
        status: 201,
      },
    })
    .input(validationActionInput)
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) => addAction(ctx, input)),
  complete: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/validation-actions/{id}/done' } })
    .input(z.object({ id: idSchema('id') }))
    .output(z.object({ id: z.string(), doneAt: z.date() }))
    .mutation(({ ctx, input }) => completeAction(ctx, input.id, { asOwner: false })),
});
