import { AppError } from '@evident/core/errors';
import type { ThirdPartyLinkPrincipal } from '@evident/core/principal';
import {
  supervisorDeclaration,
  thirdPartyLinkRefusals,
  type thirdPartyReportInput,
} from '@evident/core/third-party';
import { fullName } from '@evident/core/user';
import { recordAudit } from '@evident/db/queries/audit';
import { listTaskChecklist } from '@evident/db/queries/observations';
import {
  findThirdPartyRequest,
  insertThirdPartyReport,
  listRequestTasks,
  markThirdPartyOpened,
  spendThirdPartyLink,
} from '@evident/db/queries/third-party';
import { findUserById } from '@evident/db/queries/users';
import type { z } from 'zod';
import type { Context } from '../../context';
import { openSubmissionForEvidence } from '../../rules/evidence-submission';
import { publishSubmissionCreated } from '../../rules/submission-events';
import type { SupervisorPageView } from './outputs';

/**
 * The link's principal through the one seam, or the page's reason it admits nobody: a forged link
 * 404, an expired, revoked or spent one 410. Each call counts against the caller's address first, so
 * guessing links is as slow as guessing passwords.
 */
async function linkPrincipal(ctx: Context, token: string): Promise<ThirdPartyLinkPrincipal> {
  await ctx.rateLimits.consume('thirdPartyLinkIp', ctx.ip);
  const { principal, refusal } = await ctx.authenticator.authenticateLink(token);
  if (principal) return principal;
  throw new AppError(refusal === 'invalid' ? 'NOT_FOUND' : 'GONE', thirdPartyLinkRefusals[refusal]);
}

/**
 * `thirdParty.reports.get` / `GET /api/third-party/{token}`: what the supervisor's page shows. The
 * first open marks the request opened (audited); nothing of any other request or student is read.
 */
export async function getSupervisorPage(
  ctx: Context,
  token: string,
  at: Date = new Date(),
): Promise<SupervisorPageView> {
  const link = await linkPrincipal(ctx, token);
  const request = await findThirdPartyRequest(ctx.db, link.requestId);
  if (!request) throw new AppError('NOT_FOUND', thirdPartyLinkRefusals.invalid);
  if (!link.opened && (await markThirdPartyOpened(ctx.db, request.id, at))) {
    await recordAudit(ctx.db, {
      actorId: null,
      action: 'third-party.opened',
      subjectId: request.studentId,
      detail: { requestId: request.id, supervisorName: request.supervisorName },
    });
  }
  const [student, asker, tasks] = await Promise.all([
    findUserById(ctx.db, request.studentId),
    request.requestedBy ? findUserById(ctx.db, request.requestedBy) : undefined,
    listRequestTasks(ctx.db, [request.id]),
  ]);
  const requirements = await Promise.all(tasks.map((task) => listTaskChecklist(ctx.db, task.taskId)));
  const studentName = student ? fullName(student) : 'The student';
  return {
    studentName,
    askedBy: asker ? fullName(asker) : studentName,
    askedAs: !asker || asker.id === request.studentId ? 'student' : 'assessor',
    supervisorName: request.supervisorName,
    workplace: request.workplace,
    relationship: request.relationship,
    expiresAt: request.expiresAt,
    tasks: tasks.map((task, index) => ({
      id: task.taskId,
      title: task.title,
      description: task.description,
      unitCode: task.unitCode,
      unitTitle: task.unitTitle,
      requirements: (requirements[index] ?? []).map(({ key, text }) => ({ key, text })),
    })),
    declaration: { ...supervisorDeclaration },
  };
}

/**
 * `thirdParty.reports.record` / `POST /api/third-party/{token}`: the report, once. The link is spent
 * in the same transaction that writes the report, by an update only a live link passes: a replay, or
 * two sends at once, finds it spent and writes nothing (410). Each task reported observed goes before
 * the assessors as a submission (issue 30 §1: the assessor still judges).
 */
export async function recordSupervisorReport(
  ctx: Context,
  input: z.output<typeof thirdPartyReportInput>,
  at: Date = new Date(),
): Promise<{ id: string; submittedAt: Date }> {
  const link = await linkPrincipal(ctx, input.token);
  if (input.declarationVersion !== supervisorDeclaration.version)
    throw new AppError(
      'BAD_REQUEST',
      'declarationVersion: The declaration has changed since the page opened. Reload the page and confirm it again.',
    );
  const tasks = await listRequestTasks(ctx.db, [link.requestId]);
  const asked = new Map(tasks.map((task) => [task.taskId, task]));
  const answered = new Set(input.items.map((item) => item.taskId));
  if (
    answered.size !== input.items.length ||
    answered.size !== asked.size ||
    ![...answered].every((id) => asked.has(id))
  )
    throw new AppError('BAD_REQUEST', 'items: Answer once for each task you were asked about, and no other.');
  const today = at.toISOString().slice(0, 10);
  for (const item of input.items) {
    if (item.observed && item.dates.length === 0)
      throw new AppError(
        'BAD_REQUEST',
        `items: Give at least one date you observed "${asked.get(item.taskId)?.title}".`,
      );
    if (item.dates.some((date) => date > today))
      throw new AppError('BAD_REQUEST', 'items: A date observed cannot be later than today.');
  }
  const report = await ctx.db.transaction(async (tx) => {
    if (!(await spendThirdPartyLink(tx, link.requestId, at))) return null;
    const row = await insertThirdPartyReport(tx, {
      requestId: link.requestId,
      supervisorRole: input.supervisorRole,
      supervisedFor: input.supervisedFor,
      experience: input.experience,
      items: input.items.map((item) => ({
        taskId: item.taskId,
        taskTitle: asked.get(item.taskId)?.title ?? '',
        observed: item.observed,
        dates: item.observed ? [...new Set(item.dates)].sort() : [],
        comment: item.comment,
      })),
      declarationVersion: supervisorDeclaration.version,
      declarationText: supervisorDeclaration.text,
      signedName: input.signedName,
      submittedAt: at,
    });
    // A task the supervisor saw done waits for the assessor's judgement, even with no upload of the
    // student's: the report is the evidence to judge (supplementary; the assessor verifies it).
    const opened: string[] = [];
    for (const item of input.items.filter((answer) => answer.observed)) {
      const submission = await openSubmissionForEvidence(tx, {
        studentId: link.studentId,
        taskId: item.taskId,
        at,
      });
      if (submission) opened.push(submission.id);
    }
    await recordAudit(tx, {
      actorId: null,
      action: 'third-party.submitted',
      subjectId: link.studentId,
      detail: {
        requestId: link.requestId,
        reportId: row.id,
        signedName: input.signedName,
        submissionIds: opened,
      },
    });
    return { row, opened };
  });
  if (!report) throw new AppError('GONE', thirdPartyLinkRefusals.spent);
  for (const submissionId of report.opened) await publishSubmissionCreated(ctx, submissionId);
  return { id: report.row.id, submittedAt: report.row.submittedAt };
}
