import { AppError } from '@evident/core/errors';
import { dayIn } from '@evident/core/observations';
import { thirdPartyEvidenceLabel, type thirdPartyVerificationInput } from '@evident/core/third-party';
import { fullName } from '@evident/core/user';
import type { Database } from '@evident/db/client';
import { recordAudit } from '@evident/db/queries/audit';
import {
  findThirdPartyReport,
  insertThirdPartyVerification,
  listReportsForTasks,
  type ThirdPartyReportWithRequest,
} from '@evident/db/queries/third-party';
import { z } from 'zod';
import type { AuthedContext } from '../../context';
import { refuseStudentsOutOfScope, type ScopeReader } from '../../rules/class-scope';
import { orgTimeZone } from '../../rules/org-time-zone';
import type { ThirdPartyReportView } from './outputs';

export function toThirdPartyReportView(report: ThirdPartyReportWithRequest): ThirdPartyReportView {
  return {
    id: report.id,
    requestId: report.requestId,
    label: thirdPartyEvidenceLabel,
    supervisorName: report.request.supervisorName,
    supervisorEmail: report.request.supervisorEmail,
    workplace: report.request.workplace,
    relationship: report.request.relationship,
    supervisorRole: report.supervisorRole,
    supervisedFor: report.supervisedFor,
    experience: report.experience,
    signedName: report.signedName,
    declarationVersion: report.declarationVersion,
    declarationText: report.declarationText,
    submittedAt: report.submittedAt,
    items: report.items,
    verifications: report.verifications.map((check) => ({
      id: check.id,
      method: check.method,
      verifiedOn: check.verifiedOn,
      note: check.note,
      assessorName: check.assessorName,
      createdAt: check.createdAt,
    })),
  };
}

/** The reports answering for a student's tasks (all their tasks when none are named). */
export async function reportsFor(db: Database, studentId: string, taskIds?: string[]) {
  return (await listReportsForTasks(db, { studentId, taskIds })).map(toThirdPartyReportView);
}

const taskIdsMessage = 'taskIds must be task ids, separated by commas';

/** `?studentId=&taskIds=a,b` over REST, a list over tRPC: a grading card asks for its student's task. */
export const staffReportListInput = z.object({
  studentId: z.uuid({ error: 'studentId must be a student id' }),
  taskIds: z
    .preprocess(
      (value) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value),
      z
        .array(z.uuid({ error: taskIdsMessage }), { error: taskIdsMessage })
        .max(100)
        .optional(),
    )
    .optional(),
});

/** `staff.thirdPartyReports.list` / `GET /api/assessor/third-party-reports`: only students in scope. */
export async function listStaffReports(ctx: ScopeReader, input: z.output<typeof staffReportListInput>) {
  await refuseStudentsOutOfScope(ctx, [input.studentId]);
  return reportsFor(ctx.db, input.studentId, input.taskIds);
}

/**
 * `assessor.thirdPartyReports.recordVerification` / `POST /api/assessor/third-party-reports/{reportId}/verifications`:
 * how the assessor checked the report (a phone call: date and note), appended and audited.
 */
export async function recordVerification(
  ctx: AuthedContext,
  input: z.output<typeof thirdPartyVerificationInput>,
  at: Date = new Date(),
) {
  const found = await findThirdPartyReport(ctx.db, input.reportId);
  if (!found) throw new AppError('NOT_FOUND', 'Report not found');
  await refuseStudentsOutOfScope(ctx, [found.studentId]);
  const { timeZone } = await orgTimeZone(ctx.db);
  if (input.verifiedOn > dayIn(at, timeZone))
    throw new AppError('BAD_REQUEST', 'The date verified cannot be later than today. Nothing was recorded.');
  if (input.verifiedOn < found.report.submittedAt.toISOString().slice(0, 10))
    throw new AppError(
      'BAD_REQUEST',
      'The date verified cannot be before the report was submitted. Nothing was recorded.',
    );
  await ctx.db.transaction(async (tx) => {
    const row = await insertThirdPartyVerification(tx, {
      reportId: input.reportId,
      method: input.method,
      verifiedOn: input.verifiedOn,
      note: input.note,
      assessorId: ctx.user.id,
      actingAdminId: ctx.user.isImpersonating ? ctx.realUserId : null,
      createdAt: at,
    });
    await recordAudit(tx, {
      actorId: ctx.realUserId,
      actingAsId: ctx.user.isImpersonating ? ctx.user.id : null,
      action: 'third-party.verified',
      subjectId: found.studentId,
      detail: {
        reportId: input.reportId,
        verificationId: row.id,
        method: input.method,
        actorName: fullName(ctx.user),
      },
    });
  });
  const [view] = (await reportsFor(ctx.db, found.studentId)).filter((report) => report.id === input.reportId);
  if (!view) throw new Error('report vanished after it was verified');
  return view;
}
