import { assessmentRecordOutput } from '@evident/core/assessment-record';
import { databaseJsonAnswer, databaseJsonOutput, shapeCheckedInTests } from '../../database-json';
import { router, staffProcedure } from '../../trpc';
import { assessmentRecordInput, getAssessmentRecord } from './assessment-record';
import { exportAssessmentRecordPdf, recordPdfOutput } from './assessment-record-pdf';
import { classFilterOutput, getClassFilter, setClassFilter, setClassFilterInput } from './class-filter';
import {
  emailOutstanding,
  emailOutstandingInput,
  outstandingEmailedOutput,
  outstandingPreviewOutput,
  previewOutstandingReminders,
} from './email-outstanding';
import {
  type EvidenceMatrixView,
  evidenceMatrixInput,
  evidenceMatrixOutput,
  getEvidenceMatrixJson,
} from './evidence-matrix';
import { evidenceMatrixCsvInput, exportEvidenceMatrixCsv, matrixCsvOutput } from './evidence-matrix-csv';
import { gradingSubmissionsOutput } from './grading-submission-output';
import { gradingSubmissionsInput, listGradingSubmissions } from './list-submissions';
import {
  listLtiCourses,
  ltiCourseInput,
  ltiCoursesOutput,
  rosterSyncOutput,
  syncLtiCourse,
} from './lti-courses';
import { getMatrixSubmission, matrixSubmissionInput, matrixSubmissionOutput } from './matrix-submission';
import { listSubmissionObservations, observationListInput, observationListOutput } from './observations';
import { listReportSubjects, reportSubjectsOutput } from './report-subjects';
import {
  listSubmissionOutcomes,
  submissionOutcomesInput,
  submissionOutcomesOutput,
} from './submission-outcomes';
import {
  listUnitOutcomesFor,
  listUnitProgressFor,
  unitOutcomesInput,
  unitOutcomesOutput,
  unitProgressInput,
  unitProgressOutput,
} from './unit-outcomes';
import { staffValidationActionsRouter } from './validation-actions-router';
import { staffValidationRoundsRouter } from './validation-router';

/**
 * Staff: assessors (once approved) and admins, as themselves or viewing the app as an assessor. They
 * read students' work (the grading queue, the Evidence Matrix, records) and run its reports and LMS
 * rosters; the decision itself is the assessor router's.
 */
export const staffRouter = router({
  validationRounds: staffValidationRoundsRouter,
  validationActions: staffValidationActionsRouter,
  evidenceMatrix: router({
    // The database writes the answer's JSON; over HTTP it is sent as written (database-json.ts).
    get: staffProcedure
      .meta({ rest: { method: 'GET', path: '/api/reports/evidence-matrix' } })
      .input(evidenceMatrixInput)
      .output(databaseJsonOutput(evidenceMatrixOutput))
      .query(async ({ ctx, input }) =>
        databaseJsonAnswer<EvidenceMatrixView>(ctx, await getEvidenceMatrixJson(ctx, input)),
      ),
    exportCsv: staffProcedure
      .meta({
        rest: {
          method: 'GET',
          path: '/api/reports/evidence-matrix.csv',
          download: { mediaType: 'text/csv' },
        },
      })
      .input(evidenceMatrixCsvInput)
      .output(matrixCsvOutput)
      .query(({ ctx, input }) => exportEvidenceMatrixCsv(ctx, input)),
  }),
  submissions: router({
    list: staffProcedure
      .meta({ rest: { method: 'GET', path: '/api/assessor/submissions' } })
      .input(gradingSubmissionsInput)
      // Shaped by its resolver, checked in tests rather than on every read (database-json.ts).
      .output(shapeCheckedInTests(gradingSubmissionsOutput))
      .query(({ ctx, input }) => listGradingSubmissions(ctx, input)),
    // Read by the grading screen when a card it shows was graded elsewhere.
    listOutcomes: staffProcedure
      .input(submissionOutcomesInput)
      .output(submissionOutcomesOutput)
      .query(({ ctx, input }) => listSubmissionOutcomes(ctx, input)),
    get: staffProcedure
      .meta({ rest: { method: 'GET', path: '/api/reports/evidence-matrix/submission' } })
      .input(matrixSubmissionInput)
      .output(matrixSubmissionOutput)
      .query(({ ctx, input }) => getMatrixSubmission(ctx, input)),
  }),
  // The unit outcomes recorded by `assessor.unitOutcomes.record`, scoped as grading is.
  unitOutcomes: router({
    list: staffProcedure
      .meta({ rest: { method: 'GET', path: '/api/assessor/unit-outcomes' } })
      .input(unitOutcomesInput)
      .output(unitOutcomesOutput)
      .query(({ ctx, input }) => listUnitOutcomesFor(ctx, input)),
    // Read by the grading screen after its decisions: is the unit now ready for its outcome?
    listProgress: staffProcedure
      .input(unitProgressInput)
      .output(unitProgressOutput)
      .query(({ ctx, input }) => listUnitProgressFor(ctx, input)),
  }),
  // The observation checklists recorded on submissions (`assessor.observations.record`).
  observations: router({
    list: staffProcedure
      .meta({ rest: { method: 'GET', path: '/api/assessor/observations' } })
      .input(observationListInput)
      .output(observationListOutput)
      .query(({ ctx, input }) => listSubmissionObservations(ctx, input)),
  }),
  outstanding: router({
    list: staffProcedure
      .meta({ rest: { method: 'GET', path: '/api/reports/outstanding-reminders' } })
      .input(emailOutstandingInput)
      .output(outstandingPreviewOutput)
      .query(({ ctx, input }) => previewOutstandingReminders(ctx, input)),
    email: staffProcedure
      .meta({ rest: { method: 'POST', path: '/api/reports/email-outstanding' } })
      .input(emailOutstandingInput)
      .output(outstandingEmailedOutput)
      .mutation(({ ctx, input }) => emailOutstanding(ctx, input)),
  }),
  classFilter: router({
    get: staffProcedure.output(classFilterOutput).query(({ ctx }) => getClassFilter(ctx)),
    set: staffProcedure
      .input(setClassFilterInput)
      .output(classFilterOutput)
      .mutation(({ ctx, input }) => setClassFilter(ctx, input)),
  }),
  records: router({
    listSubjects: staffProcedure.output(reportSubjectsOutput).query(({ ctx }) => listReportSubjects(ctx)),
    get: staffProcedure
      .input(assessmentRecordInput)
      .output(assessmentRecordOutput)
      .query(({ ctx, input }) => getAssessmentRecord(ctx, input)),
    exportPdf: staffProcedure
      .meta({
        rest: {
          method: 'GET',
          path: '/api/assessor/reports/{studentId}/{unitId}.pdf',
          download: { mediaType: 'application/pdf', encoding: 'base64', cacheControl: 'private, no-store' },
        },
      })
      .input(assessmentRecordInput)
      .output(recordPdfOutput)
      .query(({ ctx, input }) => exportAssessmentRecordPdf(ctx, input)),
  }),
  // LMS courses the assessor launched into (an admin: every one), and their roster sync.
  lmsCourses: router({
    list: staffProcedure
      .meta({ rest: { method: 'GET', path: '/api/assessor/lti/courses' } })
      .output(ltiCoursesOutput)
      .query(({ ctx }) =>
        listLtiCourses(ctx.db, { userId: ctx.user.id, anyCourse: ctx.user.role === 'rto_admin' }),
      ),
    syncRoster: staffProcedure
      .meta({ rest: { method: 'POST', path: '/api/assessor/lti/courses/{courseId}/sync' } })
      .input(ltiCourseInput)
      .output(rosterSyncOutput)
      .mutation(({ ctx, input }) =>
        syncLtiCourse(
          ctx,
          { userId: ctx.user.id, anyCourse: ctx.user.role === 'rto_admin', actorId: ctx.realUserId },
          input.courseId,
        ),
      ),
  }),
});
