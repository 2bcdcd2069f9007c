import {
  completeUploadInput,
  recordEvidenceInput,
  taskEvidenceInput,
  uploadPartsInput,
  uploadUrlInput,
} from '../evidence/evidence-inputs';
import { recordEvidence } from '../evidence/record-evidence';
import { getTaskEvidence } from '../evidence/task-evidence';
import { completeUpload, listUploadParts } from '../evidence/upload-in-parts';
import { issueUploadUrl } from '../evidence/upload-url';
import { studentProcedure } from '../trpc';

/** The student's evidence procedures; student.ts spreads them into the student router. */
export const studentEvidenceProcedures = {
  uploadUrl: studentProcedure.input(uploadUrlInput).mutation(async ({ ctx, input }) => {
    await ctx.rateLimits.consume('uploadUrlUser', ctx.user.id);
    return issueUploadUrl(ctx, ctx.user.id, input);
  }),

  uploadParts: studentProcedure
    .input(uploadPartsInput)
    .query(({ ctx, input }) => listUploadParts(ctx, ctx.user.id, input)),

  completeUpload: studentProcedure
    .input(completeUploadInput)
    .mutation(({ ctx, input }) => completeUpload(ctx, ctx.user.id, input)),

  recordEvidence: studentProcedure
    .input(recordEvidenceInput)
    .mutation(({ ctx, input }) => recordEvidence(ctx, ctx.user.id, input)),

  evidence: studentProcedure
    .input(taskEvidenceInput)
    .query(({ ctx, input }) => getTaskEvidence(ctx, ctx.user.id, input.taskId)),
};
