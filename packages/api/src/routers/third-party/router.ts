import {
  thirdPartyReportInput,
  thirdPartyRequestIdInput,
  thirdPartyTokenInput,
  thirdPartyVerificationInput,
} from '@evident/core/third-party';
import { z } from 'zod';
import {
  gradeProcedure,
  publicProcedure,
  router,
  staffProcedure,
  studentOrStaffProcedure,
  studentProcedure,
} from '../../trpc';
import {
  reportSubmittedOutput,
  requestChangedOutput,
  supervisorPageOutput,
  thirdPartyReportOutput,
  thirdPartyRequestOutput,
} from './outputs';
import { listStaffReports, recordVerification, reportsFor, staffReportListInput } from './reports';
import {
  createThirdPartyRequest,
  listRequests,
  resendRequest,
  revokeRequest,
  thirdPartyRequestInput,
  thirdPartyRequestListInput,
} from './requests';
import { getSupervisorPage, recordSupervisorReport } from './supervisor';

/**
 * Third-party reports (issue 30 §1). Requests are shared by a student (their own) and staff (a
 * student in their scope): each procedure decides whose it may touch. The supervisor's two calls
 * take no sign-in: the link in the path is their principal (packages/auth/src/authenticate.ts).
 */
export const thirdPartyRouter = router({
  requests: router({
    create: studentOrStaffProcedure
      .meta({ rest: { method: 'POST', path: '/api/third-party-requests', status: 201 } })
      .input(thirdPartyRequestInput)
      .output(requestChangedOutput)
      .mutation(async ({ ctx, input }) => {
        await ctx.rateLimits.consume('thirdPartyRequestUser', ctx.realUserId);
        return createThirdPartyRequest(ctx, input);
      }),
    list: studentOrStaffProcedure
      .meta({ rest: { method: 'GET', path: '/api/third-party-requests' } })
      .input(thirdPartyRequestListInput)
      .output(z.array(thirdPartyRequestOutput))
      .query(({ ctx, input }) => listRequests(ctx, input)),
    revoke: studentOrStaffProcedure
      .meta({ rest: { method: 'POST', path: '/api/third-party-requests/{id}/revoke' } })
      .input(thirdPartyRequestIdInput)
      .output(requestChangedOutput)
      .mutation(({ ctx, input }) => revokeRequest(ctx, input.id)),
    resend: studentOrStaffProcedure
      .meta({ rest: { method: 'POST', path: '/api/third-party-requests/{id}/resend' } })
      .input(thirdPartyRequestIdInput)
      .output(requestChangedOutput)
      .mutation(async ({ ctx, input }) => {
        await ctx.rateLimits.consume('thirdPartyRequestUser', ctx.realUserId);
        return resendRequest(ctx, input.id);
      }),
  }),
  // The supervisor's side: the mailed link's page and its one report.
  supervisorReports: router({
    get: publicProcedure
      .meta({ rest: { method: 'GET', path: '/api/third-party/{token}' } })
      .input(thirdPartyTokenInput)
      .output(supervisorPageOutput)
      .query(({ ctx, input }) => getSupervisorPage(ctx, input.token)),
    record: publicProcedure
      .meta({ rest: { method: 'POST', path: '/api/third-party/{token}', status: 201 } })
      .input(thirdPartyReportInput)
      .output(reportSubmittedOutput)
      .mutation(({ ctx, input }) => recordSupervisorReport(ctx, input)),
  }),
  // Submitted reports, labelled supplementary: staff on the grading card, the student in View Evidence.
  reports: router({
    list: staffProcedure
      .meta({ rest: { method: 'GET', path: '/api/assessor/third-party-reports' } })
      .input(staffReportListInput)
      .output(z.array(thirdPartyReportOutput))
      .query(({ ctx, input }) => listStaffReports(ctx, input)),
    listOwn: studentProcedure
      .meta({ rest: { method: 'GET', path: '/api/student/tasks/{taskId}/third-party-reports' } })
      .input(z.object({ taskId: z.uuid({ error: 'taskId must be a task id' }) }))
      .output(z.array(thirdPartyReportOutput))
      .query(({ ctx, input }) => reportsFor(ctx.db, ctx.user.id, [input.taskId])),
  }),
  // How the assessor checked a report: only an assessor (or an admin viewing as one) records it.
  verifications: router({
    record: gradeProcedure
      .meta({
        rest: {
          method: 'POST',
          path: '/api/assessor/third-party-reports/{reportId}/verifications',
          status: 201,
        },
      })
      .input(thirdPartyVerificationInput)
      .output(thirdPartyReportOutput)
      .mutation(({ ctx, input }) => recordVerification(ctx, input)),
  }),
});
