import { AppError } from '@evident/core/errors';
import {
  type ThirdPartyRequestInput,
  thirdPartyRequestInput,
  thirdPartyStateAt,
} from '@evident/core/third-party';
import { fullName } from '@evident/core/user';
import type { Database } from '@evident/db/client';
import { recordAudit } from '@evident/db/queries/audit';
import { enqueueJob } from '@evident/db/queries/jobs';
import {
  findEnrolledTasks,
  findThirdPartyRequest,
  insertThirdPartyRequest,
  listRequestTasks,
  listThirdPartyRequestsOf,
  replaceThirdPartyLink,
  revokeThirdPartyRequest,
  type ThirdPartyRequestRow,
} from '@evident/db/queries/third-party';
import { findUserById } from '@evident/db/queries/users';
import { z } from 'zod';
import type { AuthedContext } from '../../context';
import { mailJob } from '../../jobs/mail-job';
import { refuseStudentsOutOfScope } from '../../rules/class-scope';
import type { ThirdPartyRequestView } from './outputs';

export { thirdPartyRequestInput };

const forbidden = () => new AppError('FORBIDDEN', 'You do not have permission to do that');

/**
 * Whose requests the caller may make and read: a student their own (a studentId naming anyone else
 * is refused); an approved assessor the students in their classes; an admin anyone. The student
 * must exist and be a student.
 */
async function studentFor(ctx: AuthedContext, studentId: string | undefined): Promise<string> {
  const { user } = ctx;
  if (user.role === 'student') {
    if (studentId && studentId !== user.id) throw forbidden();
    return user.id;
  }
  if (user.role !== 'assessor' && user.role !== 'rto_admin') throw forbidden();
  if (user.awaitingApproval) throw forbidden();
  if (!studentId) throw new AppError('BAD_REQUEST', 'studentId: Name the student the report is about');
  const student = await findUserById(ctx.db, studentId);
  if (student?.role !== 'student') throw new AppError('NOT_FOUND', 'Student not found');
  await refuseStudentsOutOfScope(ctx, [studentId]);
  return studentId;
}

const actorOf = (ctx: AuthedContext) => ({
  actorId: ctx.realUserId,
  actingAsId: ctx.user.isImpersonating ? ctx.user.id : null,
});

/** A new link for the request and the mail carrying it, queued in the caller's transaction. */
async function queueLinkMail(
  ctx: AuthedContext,
  tx: Database,
  request: ThirdPartyRequestRow,
  token: string,
): Promise<void> {
  const [student, tasks] = await Promise.all([
    findUserById(tx, request.studentId),
    listRequestTasks(tx, [request.id]),
  ]);
  if (!student) throw new AppError('NOT_FOUND', 'Student not found');
  const base = ctx.publicUrl.replace(/\/+$/, '');
  await enqueueJob(
    tx,
    mailJob({
      kind: 'third-party-request',
      to: request.supervisorEmail,
      supervisorName: request.supervisorName,
      studentName: fullName(student),
      askedBy: ctx.user.id === student.id ? fullName(student) : `${fullName(ctx.user)}, their assessor,`,
      workplace: request.workplace,
      tasks: tasks.map((task) => `${task.title} (${task.unitCode})`),
      reportUrl: `${base}/third-party/${token}`,
      expiresInDays: ctx.thirdPartyLinkDays,
    }),
  );
}

const expiryFrom = (ctx: AuthedContext, at: Date) =>
  new Date(at.getTime() + ctx.thirdPartyLinkDays * 86_400_000);

/**
 * `thirdParty.requests.create` / `POST /api/third-party-requests`: one request, its tasks and the
 * supervisor's mail (a job) in one transaction. Every task must be in a unit the student is enrolled
 * in; the refusal names none of another's.
 */
export async function createThirdPartyRequest(
  ctx: AuthedContext,
  input: z.output<typeof thirdPartyRequestInput>,
  at: Date = new Date(),
): Promise<{ id: string; status: 'sent' }> {
  const studentId = await studentFor(ctx, input.studentId);
  const enrolled = await findEnrolledTasks(ctx.db, { studentId, taskIds: input.taskIds });
  if (enrolled.length !== input.taskIds.length)
    throw new AppError(
      'BAD_REQUEST',
      'taskIds: Each task must be a current task of a unit the student is enrolled in. Nothing was sent.',
    );
  const { token, tokenHash } = ctx.authenticator.newLinkSecret();
  const request = await ctx.db.transaction(async (tx) => {
    const row = await insertThirdPartyRequest(
      tx,
      {
        studentId,
        supervisorName: input.supervisorName,
        supervisorEmail: input.supervisorEmail,
        workplace: input.workplace,
        relationship: input.relationship,
        requestedBy: ctx.user.id,
        actingAdminId: ctx.user.isImpersonating ? ctx.realUserId : null,
        tokenHash,
        expiresAt: expiryFrom(ctx, at),
        createdAt: at,
        lastSentAt: at,
      },
      input.taskIds,
    );
    await queueLinkMail(ctx, tx, row, token);
    await recordAudit(tx, {
      ...actorOf(ctx),
      action: 'third-party.requested',
      subjectId: studentId,
      detail: { requestId: row.id, taskIds: input.taskIds, supervisorEmail: input.supervisorEmail },
    });
    return row;
  });
  ctx.jobs.wake();
  return { id: request.id, status: 'sent' };
}

/** A request the caller may act on, or 404 (never saying it exists for someone else). */
async function requestFor(ctx: AuthedContext, id: string): Promise<ThirdPartyRequestRow> {
  const request = await findThirdPartyRequest(ctx.db, id);
  if (!request) throw new AppError('NOT_FOUND', 'Request not found');
  try {
    await studentFor(ctx, request.studentId);
  } catch (error) {
    if (error instanceof AppError && error.code === 'FORBIDDEN' && ctx.user.role === 'student')
      throw new AppError('NOT_FOUND', 'Request not found');
    throw error;
  }
  return request;
}

const notLive = (request: ThirdPartyRequestRow, at: Date) =>
  new AppError(
    'CONFLICT',
    `This request is ${thirdPartyStateAt(request, at)}; only a sent or opened request can be changed.`,
  );

/** `POST /api/third-party-requests/{id}/revoke`: the link stops working at once. */
export async function revokeRequest(ctx: AuthedContext, id: string, at: Date = new Date()) {
  const request = await requestFor(ctx, id);
  const revoked = await ctx.db.transaction(async (tx) => {
    const row = await revokeThirdPartyRequest(tx, { id, by: ctx.user.id, at });
    if (!row) return null;
    await recordAudit(tx, {
      ...actorOf(ctx),
      action: 'third-party.revoked',
      subjectId: request.studentId,
      detail: { requestId: id },
    });
    return row;
  });
  if (!revoked) throw notLive(request, at);
  return { id, status: 'revoked' as const };
}

/**
 * `POST /api/third-party-requests/{id}/resend`: a new link mailed, the old one dead (its hash is
 * replaced), and a new expiry. An expired request may be re-sent; a submitted or revoked one not.
 */
export async function resendRequest(ctx: AuthedContext, id: string, at: Date = new Date()) {
  const request = await requestFor(ctx, id);
  const { token, tokenHash } = ctx.authenticator.newLinkSecret();
  const resent = await ctx.db.transaction(async (tx) => {
    const row = await replaceThirdPartyLink(tx, { id, tokenHash, expiresAt: expiryFrom(ctx, at), at });
    if (!row) return null;
    await queueLinkMail(ctx, tx, row, token);
    await recordAudit(tx, {
      ...actorOf(ctx),
      action: 'third-party.resent',
      subjectId: request.studentId,
      detail: { requestId: id, sendCount: row.sendCount },
    });
    return row;
  });
  if (!resent) throw notLive(request, at);
  ctx.jobs.wake();
  return { id, status: 'sent' as const };
}

export const thirdPartyRequestListInput = z.object({
  studentId: z.uuid({ error: 'studentId must be a student id' }).optional(),
});

/** `GET /api/third-party-requests?studentId=`: the student's requests with their state, newest first. */
export async function listRequests(
  ctx: AuthedContext,
  input: z.output<typeof thirdPartyRequestListInput>,
  at: Date = new Date(),
): Promise<ThirdPartyRequestView[]> {
  const studentId = await studentFor(ctx, input.studentId);
  const rows = await listThirdPartyRequestsOf(ctx.db, studentId);
  const tasks = await listRequestTasks(
    ctx.db,
    rows.map((row) => row.request.id),
  );
  return rows.map(({ request, reportId }) => ({
    id: request.id,
    studentId: request.studentId,
    supervisorName: request.supervisorName,
    supervisorEmail: request.supervisorEmail,
    workplace: request.workplace,
    relationship: request.relationship,
    status: thirdPartyStateAt(request, at),
    createdAt: request.createdAt,
    lastSentAt: request.lastSentAt,
    expiresAt: request.expiresAt,
    sendCount: request.sendCount,
    reportId,
    tasks: tasks
      .filter((task) => task.requestId === request.id)
      .map((task) => ({ id: task.taskId, title: task.title, unitCode: task.unitCode })),
  }));
}

export type { ThirdPartyRequestInput };
