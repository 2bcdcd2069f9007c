import { unitCodeInput } from '@evident/core/curriculum-inputs';
import { listStudentTasks } from '@evident/db/queries/tasks';
import { router, studentProcedure } from '../../trpc';
import {
  completeUploadInput,
  recordEvidenceInput,
  taskEvidenceInput,
  uploadPartsInput,
  uploadUrlInput,
} from './evidence-inputs';
import { recordEvidence } from './record-evidence';
import { setUpUnit } from './set-up-unit';
import { getTaskEvidence } from './task-evidence';
import { completeUpload, listUploadParts } from './upload-in-parts';
import { issueUploadUrl } from './upload-url';
import { withdrawEvidence, withdrawEvidenceInput } from './withdraw-evidence';

export const studentRouter = router({
  tasks: router({
    list: studentProcedure.query(({ ctx }) => listStudentTasks(ctx.db, ctx.user.id)),
  }),
  units: router({
    /** Whether Setup Unit takes a unit code (`SELF_ENROL`), so the screen can say so before anyone types. */
    getSetUpOptions: studentProcedure.query(({ ctx }) => ({ selfEnrol: ctx.selfEnrol })),
    setUp: studentProcedure
      .input(unitCodeInput)
      .mutation(({ ctx, input }) => setUpUnit(ctx, ctx.user.id, input.unitCode)),
  }),
  evidence: router({
    list: studentProcedure
      .input(taskEvidenceInput)
      .query(({ ctx, input }) => getTaskEvidence(ctx, ctx.user.id, input.taskId)),
    requestUploadUrl: studentProcedure
      .input(uploadUrlInput)
      .mutation(({ ctx, input }) => issueUploadUrl(ctx, ctx.user.id, input)),
    listUploadedParts: studentProcedure
      .input(uploadPartsInput)
      .query(({ ctx, input }) => listUploadParts(ctx, ctx.user.id, input)),
    completeUpload: studentProcedure
      .input(completeUploadInput)
      .mutation(({ ctx, input }) => completeUpload(ctx, ctx.user.id, input)),
    record: studentProcedure
      .input(recordEvidenceInput)
      .mutation(({ ctx, input }) =>
        recordEvidence(ctx, { studentId: ctx.user.id, recordedBy: ctx.realUserId }, input),
      ),
    withdraw: studentProcedure
      .input(withdrawEvidenceInput)
      .mutation(({ ctx, input }) =>
        withdrawEvidence(ctx, { studentId: ctx.user.id, actorId: ctx.realUserId ?? ctx.user.id }, input),
      ),
  }),
});
