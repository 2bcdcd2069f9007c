import { gradeInput } from '@evident/core/grade-input';
import { gradeProcedure, reportsProcedure, router } from '../../trpc';
import { assessmentRecordInput, assessmentRecordOutput, getAssessmentRecord } from './assessment-record';
import { gradedOutput, gradeSubmissions } from './grade-submissions';
import { gradingSubmissionsOutput } from './grading-submission-output';
import { gradingSubmissionsInput, listGradingSubmissions } from './list-submissions';
import {
  listLtiCourses,
  ltiCourseInput,
  ltiCoursesOutput,
  rosterSyncOutput,
  syncLtiCourse,
} from './lti-courses';
import { listReportSubjects, reportSubjectsOutput } from './report-subjects';
import {
  listSubmissionOutcomes,
  submissionOutcomesInput,
  submissionOutcomesOutput,
} from './submission-outcomes';

export const assessorRouter = router({
  submissions: router({
    // Admins read the queue and the records too (issue 19); only an assessor grades.
    list: reportsProcedure
      .input(gradingSubmissionsInput)
      .output(gradingSubmissionsOutput)
      .query(({ ctx, input }) => listGradingSubmissions(ctx, input)),
    // Read by the grading screen when a card it shows was graded elsewhere, so admins reading it too.
    listOutcomes: reportsProcedure
      .input(submissionOutcomesInput)
      .output(submissionOutcomesOutput)
      .query(({ ctx, input }) => listSubmissionOutcomes(ctx, input)),
    grade: gradeProcedure
      .input(gradeInput)
      .output(gradedOutput)
      .mutation(({ ctx, input }) => gradeSubmissions(ctx, input)),
  }),
  records: router({
    listSubjects: reportsProcedure.output(reportSubjectsOutput).query(({ ctx }) => listReportSubjects(ctx)),
    get: reportsProcedure
      .input(assessmentRecordInput)
      .output(assessmentRecordOutput)
      .query(({ ctx, input }) => getAssessmentRecord(ctx, input)),
  }),
  // LMS courses the assessor launched into (an admin: every one), and their roster sync.
  lmsCourses: router({
    list: reportsProcedure
      .output(ltiCoursesOutput)
      .query(({ ctx }) =>
        listLtiCourses(ctx.db, { userId: ctx.user.id, anyCourse: ctx.user.role === 'rto_admin' }),
      ),
    syncRoster: reportsProcedure
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
