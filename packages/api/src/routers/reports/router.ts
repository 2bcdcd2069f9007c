import { reportsProcedure, router } from '../../trpc';
import { getClassFilter, setClassFilter, setClassFilterInput } from './class-filter';
import { emailOutstanding, emailOutstandingInput, previewOutstandingReminders } from './email-outstanding';
import { evidenceMatrixInput, getEvidenceMatrix, getEvidenceMatrixJson } from './evidence-matrix';
import { evidenceMatrixCsvInput, exportEvidenceMatrixCsv, matrixCsvOutput } from './evidence-matrix-csv';
import { getMatrixSubmission, matrixSubmissionInput } from './matrix-submission';

export const reportsRouter = router({
  evidenceMatrix: router({
    get: reportsProcedure.input(evidenceMatrixInput).query(({ ctx, input }) => getEvidenceMatrix(ctx, input)),
    /** The same answer as JSON text straight from the database, for `GET /api/reports/evidence-matrix`. */
    getJson: reportsProcedure
      .input(evidenceMatrixInput)
      .query(async ({ ctx, input }) => ({ rawJson: await getEvidenceMatrixJson(ctx, input) })),
    exportCsv: reportsProcedure
      .input(evidenceMatrixCsvInput)
      .output(matrixCsvOutput)
      .query(({ ctx, input }) => exportEvidenceMatrixCsv(ctx, input)),
  }),
  submissions: router({
    get: reportsProcedure
      .input(matrixSubmissionInput)
      .query(({ ctx, input }) => getMatrixSubmission(ctx, input)),
  }),
  outstanding: router({
    list: reportsProcedure
      .input(emailOutstandingInput)
      .query(({ ctx, input }) => previewOutstandingReminders(ctx, input)),
    email: reportsProcedure
      .input(emailOutstandingInput)
      .mutation(({ ctx, input }) => emailOutstanding(ctx, input)),
  }),
  classFilter: router({
    get: reportsProcedure.query(({ ctx }) => getClassFilter(ctx)),
    set: reportsProcedure.input(setClassFilterInput).mutation(({ ctx, input }) => setClassFilter(ctx, input)),
  }),
});
