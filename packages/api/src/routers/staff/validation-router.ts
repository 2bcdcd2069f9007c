import { idSchema } from '@evident/core/curriculum-inputs';
import { validationReviewInput } from '@evident/core/validation';
import { z } from 'zod';
import { router, validationProcedure } from '../../trpc';
import { exportValidationReport } from '../../validation/round-report-pdf';
import { recordPdfOutput } from './assessment-record-pdf';
import {
  exportSampledRecordPdf,
  getSampledRecord,
  sampledRecordInput,
  sampledRecordOutput,
} from './validation-records';
import {
  listRounds,
  recordReview,
  validationRoundListOutput,
  validationRoundOutput,
  viewRound,
} from './validation-rounds';

/**
 * The validator's side of a validation round (issue 30 §2): assessors, admins and validators (the
 * role of validators who are not assessors). Each sees the rounds they were named in, opens the
 * records sampled in them, and reviews records they did not judge; an admin sees every round.
 */
export const staffValidationRoundsRouter = router({
  list: validationProcedure
    .meta({ rest: { method: 'GET', path: '/api/validation-rounds' } })
    .output(validationRoundListOutput)
    .query(({ ctx }) => listRounds(ctx, ctx.user.id)),
  get: validationProcedure
    .meta({ rest: { method: 'GET', path: '/api/validation-rounds/{id}' } })
    .input(z.object({ id: idSchema('id') }))
    .output(validationRoundOutput)
    .query(({ ctx, input }) => viewRound(ctx, input.id)),
  getRecord: validationProcedure
    .meta({ rest: { method: 'GET', path: '/api/validation-rounds/{id}/records/{studentId}' } })
    .input(sampledRecordInput)
    .output(sampledRecordOutput)
    .query(({ ctx, input }) => getSampledRecord(ctx, input)),
  exportRecordPdf: validationProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/api/validation-rounds/{id}/records/{studentId}.pdf',
        download: { mediaType: 'application/pdf', encoding: 'base64', cacheControl: 'private, no-store' },
      },
    })
    .input(sampledRecordInput)
    .output(recordPdfOutput)
    .query(({ ctx, input }) => exportSampledRecordPdf(ctx, input)),
  recordReview: validationProcedure
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
  exportReport: validationProcedure
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
