import { gradeInput } from '@evident/core/grading';
import { assessorProcedure, reportsProcedure, router } from '../../trpc';
import { assessmentRecordInput, getAssessmentRecord } from './assessment-record';
import { gradeSubmissions } from './grade-submissions';
import { gradingSubmissionsOutput } from './grading-submission-output';
import { listGradingSubmissions } from './list-submissions';
import { listLtiCourses, ltiCourseInput, syncLtiCourse } from './lti-courses';
import { listReportSubjects } from './report-subjects';

export const assessorRouter = router({
  submissions: assessorProcedure
    .output(gradingSubmissionsOutput)
    .query(({ ctx }) => listGradingSubmissions(ctx)),
  grade: assessorProcedure.input(gradeInput).mutation(({ ctx, input }) => gradeSubmissions(ctx, input)),
  reportSubjects: assessorProcedure.query(({ ctx }) => listReportSubjects(ctx)),
  assessmentRecord: assessorProcedure
    .input(assessmentRecordInput)
    .query(({ ctx, input }) => getAssessmentRecord(ctx, input)),
  // LMS courses the assessor launched into (an admin: every one), and their roster sync.
  ltiCourses: reportsProcedure.query(({ ctx }) =>
    listLtiCourses(ctx.db, { userId: ctx.user.id, anyCourse: ctx.user.role === 'rto_admin' }),
  ),
  syncLtiRoster: reportsProcedure
    .input(ltiCourseInput)
    .mutation(({ ctx, input }) =>
      syncLtiCourse(
        ctx,
        { userId: ctx.user.id, anyCourse: ctx.user.role === 'rto_admin', actorId: ctx.realUserId },
        input.courseId,
      ),
    ),
});
