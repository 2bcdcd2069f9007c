import { unitCodeInput } from '@evident/core/curriculum-inputs';
import { declareEvidenceInput } from '@evident/core/declarations';
import { currentDeclarationText } from '@evident/db/queries/declarations';
import { listStudentTasks } from '@evident/db/queries/tasks';
import { listStandingOutcomesOfStudent } from '@evident/db/queries/unit-outcomes';
import { shapeCheckedInTests } from '../../database-json';
import { router, studentProcedure } from '../../trpc';
import { declarationTextOutput } from '../../views/declaration-outputs';
import {
  declaredEvidenceOutput,
  declareEvidence,
  listUndeclared,
  undeclaredFilesInput,
  undeclaredFilesOutput,
} from './declare-evidence';
import {
  completeUploadInput,
  recordEvidenceInput,
  taskEvidenceInput,
  uploadPartsInput,
  uploadUrlInput,
} from './evidence-inputs';
import { listOwnObservations, studentObservationsInput, studentObservationsOutput } from './observations';
import {
  completedUploadOutput,
  setUpOptionsOutput,
  setUpOutput,
  studentOutcomesOutput,
  studentTasksOutput,
  uploadedPartsOutput,
} from './outputs';
import { recordEvidence, recordedEvidenceOutput } from './record-evidence';
import { setUpUnit } from './set-up-unit';
import { getTaskEvidence, taskEvidenceOutput } from './task-evidence';
import { completeUpload, listUploadParts } from './upload-in-parts';
import { issueUploadUrl, uploadUrlOutput } from './upload-url';
import { withdrawEvidence, withdrawEvidenceInput, withdrawnEvidenceOutput } from './withdraw-evidence';

export const studentRouter = router({
  tasks: router({
    list: studentProcedure
      .meta({ rest: { method: 'GET', path: '/api/student/tasks' } })
      // Shaped by its query, checked in tests rather than on every read (database-json.ts).
      .output(shapeCheckedInTests(studentTasksOutput))
      .query(({ ctx }) => listStudentTasks(ctx.db, ctx.user.id)),
  }),
  // The outcome standing in each of the student's units: the dashboard's Competent banner.
  unitOutcomes: router({
    list: studentProcedure
      .output(studentOutcomesOutput)
      .query(({ ctx }) => listStandingOutcomesOfStudent(ctx.db, ctx.user.id)),
  }),
  /** The authenticity declaration in force, shown in full before an upload (issue 29). */
  declarations: router({
    get: studentProcedure
      .meta({ rest: { method: 'GET', path: '/api/student/declaration' } })
      .output(declarationTextOutput)
      .query(({ ctx }) => currentDeclarationText(ctx.db, 'student')),
    /** One declaration for files recorded without one (the task's prompt, the reminder mail's link). */
    record: studentProcedure
      .meta({ rest: { method: 'POST', path: '/api/evidence/declare' } })
      .input(declareEvidenceInput)
      .output(declaredEvidenceOutput)
      .mutation(({ ctx, input }) =>
        declareEvidence(ctx, { studentId: ctx.user.id, actorId: ctx.realUserId ?? ctx.user.id }, input),
      ),
  }),
  units: router({
    /** Whether Setup Unit takes a unit code (`SELF_ENROL`), so the screen can say so before anyone types. */
    getSetUpOptions: studentProcedure
      .output(setUpOptionsOutput)
      .query(({ ctx }) => ({ selfEnrol: ctx.selfEnrol })),
    setUp: studentProcedure
      .meta({ rest: { method: 'POST', path: '/api/units/generate-tasks' } })
      .input(unitCodeInput)
      .output(setUpOutput)
      .mutation(({ ctx, input }) => setUpUnit(ctx, ctx.user.id, input.unitCode)),
  }),
  // What assessors observed of the student at work on a task (View Evidence).
  observations: router({
    list: studentProcedure
      .meta({ rest: { method: 'GET', path: '/api/student/tasks/{taskId}/observations' } })
      .input(studentObservationsInput)
      .output(studentObservationsOutput)
      .query(({ ctx, input }) => listOwnObservations(ctx.db, ctx.user.id, input.taskId)),
  }),
  evidence: router({
    list: studentProcedure
      .meta({ rest: { method: 'GET', path: '/api/student/tasks/{taskId}/evidence' } })
      .input(taskEvidenceInput)
      .output(taskEvidenceOutput)
      .query(({ ctx, input }) => getTaskEvidence(ctx, ctx.user.id, input.taskId)),
    requestUploadUrl: studentProcedure
      .meta({ rest: { method: 'POST', path: '/api/evidence/upload-url' } })
      .input(uploadUrlInput)
      .output(uploadUrlOutput)
      .mutation(({ ctx, input }) => issueUploadUrl(ctx, ctx.user.id, input)),
    listUploadedParts: studentProcedure
      .input(uploadPartsInput)
      .output(uploadedPartsOutput)
      .query(({ ctx, input }) => listUploadParts(ctx, ctx.user.id, input)),
    completeUpload: studentProcedure
      .input(completeUploadInput)
      .output(completedUploadOutput)
      .mutation(({ ctx, input }) => completeUpload(ctx, ctx.user.id, input)),
    record: studentProcedure
      .meta({ rest: { method: 'POST', path: '/api/evidence' } })
      .input(recordEvidenceInput)
      .output(recordedEvidenceOutput)
      .mutation(({ ctx, input }) =>
        recordEvidence(ctx, { studentId: ctx.user.id, recordedBy: ctx.realUserId }, input),
      ),
    listUndeclared: studentProcedure
      .meta({ rest: { method: 'GET', path: '/api/student/evidence/undeclared' } })
      .input(undeclaredFilesInput)
      .output(undeclaredFilesOutput)
      .query(({ ctx, input }) => listUndeclared(ctx, ctx.user.id, input?.taskId)),
    withdraw: studentProcedure
      .meta({ rest: { method: 'POST', path: '/api/evidence/{fileId}/withdraw' } })
      .input(withdrawEvidenceInput)
      .output(withdrawnEvidenceOutput)
      .mutation(({ ctx, input }) =>
        withdrawEvidence(ctx, { studentId: ctx.user.id, actorId: ctx.realUserId ?? ctx.user.id }, input),
      ),
  }),
});
