import { rawJsonOutput } from '../../rest/raw-json';
import { reportsProcedure, router } from '../../trpc';
import { classFilterOutput, getClassFilter, setClassFilter, setClassFilterInput } from './class-filter';
import {
  emailOutstanding,
  emailOutstandingInput,
  outstandingEmailedOutput,
  outstandingPreviewOutput,
  previewOutstandingReminders,
} from './email-outstanding';
import {
  evidenceMatrixInput,
  evidenceMatrixOutput,
  getEvidenceMatrix,
  getEvidenceMatrixJson,
} from './evidence-matrix';
import { evidenceMatrixCsvInput, exportEvidenceMatrixCsv, matrixCsvOutput } from './evidence-matrix-csv';
import { getMatrixSubmission, matrixSubmissionInput, matrixSubmissionOutput } from './matrix-submission';

export const reportsRouter = router({
  evidenceMatrix: router({
    get: reportsProcedure
      .input(evidenceMatrixInput)
      .output(evidenceMatrixOutput)
      .query(({ ctx, input }) => getEvidenceMatrix(ctx, input)),
    /** The same answer as JSON text straight from the database, for `GET /api/reports/evidence-matrix`. */
    getJson: reportsProcedure
      .input(evidenceMatrixInput)
      .output(rawJsonOutput(evidenceMatrixOutput))
      .query(async ({ ctx, input }) => ({ rawJson: await getEvidenceMatrixJson(ctx, input) })),
    exportCsv: reportsProcedure
      .input(evidenceMatrixCsvInput)
      .output(matrixCsvOutput)
      .query(({ ctx, input }) => exportEvidenceMatrixCsv(ctx, input)),
  }),
  submissions: router({
    get: reportsProcedure
      .input(matrixSubmissionInput)
      .output(matrixSubmissionOutput)
      .query(({ ctx, input }) => getMatrixSubmission(ctx, input)),
  }),
  outstanding: router({
    list: reportsProcedure
      .input(emailOutstandingInput)
      .output(outstandingPreviewOutput)
      .query(({ ctx, input }) => previewOutstandingReminders(ctx, input)),
    email: reportsProcedure
      .input(emailOutstandingInput)
      .output(outstandingEmailedOutput)
      .mutation(({ ctx, input }) => emailOutstanding(ctx, input)),
  }),
  classFilter: router({
    get: reportsProcedure.output(classFilterOutput).query(({ ctx }) => getClassFilter(ctx)),
    set: reportsProcedure
      .input(setClassFilterInput)
      .output(classFilterOutput)
      .mutation(({ ctx, input }) => setClassFilter(ctx, input)),
  }),
});
