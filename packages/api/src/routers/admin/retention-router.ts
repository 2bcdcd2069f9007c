import {
  disposalOutput,
  disposeInput,
  legalHoldInput,
  legalHoldOutput,
  releaseHoldInput,
  retentionOverviewOutput,
  retentionPeriodInput,
  retentionPeriodOutput,
} from '@evident/core/retention';
import { adminProcedure, router } from '../../trpc';
import {
  disposeRecords,
  liftLegalHold,
  placeLegalHold,
  retentionOverview,
  retentionPeriod,
  setRetentionPeriod,
} from './retention';

/** Records kept for their period (issue 30 §4): what is past it, and disposal with a tombstone. */
export const adminRetentionRouter = router({
  get: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/retention' } })
    .output(retentionOverviewOutput)
    .query(({ ctx }) => retentionOverview(ctx.db)),
  getPeriod: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/retention/period' } })
    .output(retentionPeriodOutput)
    .query(({ ctx }) => retentionPeriod(ctx.db)),
  setPeriod: adminProcedure
    .meta({ rest: { method: 'PUT', path: '/api/admin/retention/period' } })
    .input(retentionPeriodInput)
    .output(retentionPeriodOutput)
    .mutation(({ ctx, input }) => setRetentionPeriod(ctx, input)),
  // Disposal: the one deletion of assessment records in the product.
  removeRecords: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/retention/dispose' } })
    .input(disposeInput)
    .output(disposalOutput)
    .mutation(({ ctx, input }) => disposeRecords(ctx, input)),
});

export const adminLegalHoldsRouter = router({
  create: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/legal-holds', status: 201 } })
    .input(legalHoldInput)
    .output(legalHoldOutput)
    .mutation(({ ctx, input }) => placeLegalHold(ctx, input)),
  // Lifting a hold: the hold stays on record with who lifted it, when and why.
  end: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/legal-holds/{id}/release' } })
    .input(releaseHoldInput)
    .output(legalHoldOutput)
    .mutation(({ ctx, input }) => liftLegalHold(ctx, input)),
});
