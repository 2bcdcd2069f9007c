import { idSchema } from '@evident/core/curriculum-inputs';
import { validationReviewInput } from '@evident/core/validation';
import { z } from 'zod';
import { router, staffProcedure } from '../../trpc';
import { exportValidationReport } from '../../validation/round-report-pdf';
import { recordPdfOutput } from './assessment-record-pdf';
import {
  listRounds,
  recordReview,
  validationRoundListOutput,
  validationRoundOutput,
  viewRound,
} from './validation-rounds';

/**
 * The validator's side of a validation round (issue 30 §2). Validators are assessors or admins in
 * this slice: each sees the rounds they were named in, and reviews records they did not judge.
 */
export const staffValidationRoundsRouter = router({
  list: staffProcedure
    .meta({ rest: { method: 'GET', path: '/api/validation-rounds' } })
    .output(validationRoundListOutput)
    .query(({ ctx }) => listRounds(ctx, ctx.user.id)),
  get: staffProcedure
    .meta({ rest: { method: 'GET', path: '/api/validation-rounds/{id}' } })
    .input(z.object({ id: idSchema('id') }))
    .output(validationRoundOutput)
    .query(({ ctx, input }) => viewRound(ctx, input.id)),
  recordReview: staffProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/validation-rounds/{id}/reviews',
        pathFields: { id: 'roundId' },
        status: 201,
      },
    })
    .input(validationReviewInput)
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) => recordReview(ctx, input)),
  // The round's report (PDF), as the admin downloads it: a validator their own rounds' only.
  exportReport: staffProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/api/validation-rounds/{id}/report.pdf',
        download: { mediaType: 'application/pdf', encoding: 'base64', cacheControl: 'private, no-store' },
      },
    })
    .input(z.object({ id: idSchema('id') }))
    .output(recordPdfOutput)
    .query(({ ctx, input }) => exportValidationReport(ctx, input.id)),
});
