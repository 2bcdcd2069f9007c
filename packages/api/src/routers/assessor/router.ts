import { gradeInput } from '@evident/core/grading';
import { assessorProcedure, router } from '../../trpc';
import { assessmentRecordInput, getAssessmentRecord } from './assessment-record';
import { gradeSubmissions } from './grade-submissions';
import { gradingSubmissionsOutput } from './grading-submission-output';
import { listGradingSubmissions } from './list-submissions';
import { listReportSubjects } from './report-subjects';
import {
  listSubmissionOutcomes,
  submissionOutcomesInput,
  submissionOutcomesOutput,
} from './submission-outcomes';

export const assessorRouter = router({
  submissions: assessorProcedure
    .output(gradingSubmissionsOutput)
    .query(({ ctx }) => listGradingSubmissions(ctx)),
  submissionOutcomes: assessorProcedure
    .input(submissionOutcomesInput)
    .output(submissionOutcomesOutput)
    .query(({ ctx, input }) => listSubmissionOutcomes(ctx, input)),
  grade: assessorProcedure.input(gradeInput).mutation(({ ctx, input }) => gradeSubmissions(ctx, input)),
  reportSubjects: assessorProcedure.query(({ ctx }) => listReportSubjects(ctx)),
  assessmentRecord: assessorProcedure
    .input(assessmentRecordInput)
    .query(({ ctx, input }) => getAssessmentRecord(ctx, input)),
});
