import { AppError } from '@evident/core/errors';
import type { GradeRequest } from '@evident/core/grade-input';
import { gradeStatuses } from '@evident/core/grading';
import { supersededReasons } from '@evident/core/unit-outcomes';
import { fullName } from '@evident/core/user';
import type { Database } from '@evident/db/client';
import { recordAudit } from '@evident/db/queries/audit';
import { findStudentsOutOfScope } from '@evident/db/queries/class-scope';
import {
  findUserNames,
  lockSubmissionsForGrading,
  recordGradingDecisions,
} from '@evident/db/queries/grading';
import { enqueueJobs } from '@evident/db/queries/jobs';
import { queueLtiScores } from '@evident/db/queries/lti-passbacks';
import { supersedeStandingOutcomes } from '@evident/db/queries/unit-outcomes';
import { z } from 'zod';
import type { AuthedContext } from '../../context';
import { gradedMailJob } from '../../jobs/graded-mail-job';
import { declareIfGiven, requireDeclarationVersion } from '../../rules/declarations';

type Locked = Awaited<ReturnType<typeof lockSubmissionsForGrading>>[number];

function listOf(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** "Wear PPE for Jordan Lee was already graded by Priya Nair": who decided, never a silent re-grade. */
async function alreadyGraded(db: Database, rows: Locked[]): Promise<AppError> {
  const names = await findUserNames(db, {
    userIds: rows.flatMap((row) => (row.gradedBy ? [row.gradedBy] : [])),
  });
  const lines = rows.map((row) => {
    const by = (row.gradedBy && names.get(row.gradedBy)) || 'another assessor';
    return `“${row.taskTitle}” for ${row.studentName} was already graded by ${by}`;
  });
  return new AppError(
    'CONFLICT',
    `${listOf(lines)}. Nothing was graded; reload the list to see what is still waiting.`,
  );
}

/** One mail per student the request decided for, naming each of their tasks it decided. */
function gradedMails(rows: Locked[], input: GradeRequest, decidedAt: Date) {
  const tasksByStudent = new Map<string, string[]>();
  for (const row of rows)
    tasksByStudent.set(row.studentId, [...(tasksByStudent.get(row.studentId) ?? []), row.taskId]);
  return [...tasksByStudent].map(([studentId, taskIds]) =>
    gradedMailJob({
      studentId,
      taskIds,
      outcome: input.status,
      comment: input.comment,
      strategies: input.strategiesForReassessment,
      decidedAt: decidedAt.toISOString(),
    }),
  );
}

/** What a grading request decided: the outcome, for which submissions, how many. */
export const gradedOutput = z.object({
  status: z.enum(gradeStatuses),
  submissionIds: z.array(z.string()),
  count: z.number(),
});

/**
 * `assessor.submissions.grade` / `POST /api/assessor/grade`: one decision on every listed submission, all or none.
 * The rows are locked first, so of two assessors grading the same submission at once the second is
 * told who got there first. Each decision joins the append-only history with the files it judged
 * and, when an admin is acting as the assessor, the admin too.
 */
export async function gradeSubmissions(ctx: AuthedContext, input: GradeRequest, now: Date = new Date()) {
  const { submissionIds, status } = input;
  // An unknown version is the caller's mistake whatever the submissions: said first, nothing locked.
  if (input.declarationVersion !== undefined)
    await requireDeclarationVersion(ctx.db, 'assessor', input.declarationVersion);
  const graded = await ctx.db.transaction(async (tx) => {
    const rows = await lockSubmissionsForGrading(tx, { submissionIds });
    const found = new Set(rows.map((row) => row.id));
    const missing = submissionIds.filter((id) => !found.has(id));
    if (missing.length > 0) {
      throw new AppError(
        'NOT_FOUND',
        `${missing.length === 1 ? 'Submission' : 'Submissions'} not found: ${missing.join(', ')}. Nothing was graded.`,
      );
    }
    // First, as the class check below would give another, wrong reason for one's own work.
    const self = new Set([ctx.user.id, ctx.realUserId]);
    if (rows.some((row) => self.has(row.studentId)))
      throw new AppError('FORBIDDEN', 'You cannot grade your own work');
    // Only a class's own assessors grade its students (students in no class: any assessor).
    const outside = await findStudentsOutOfScope(tx, {
      studentIds: rows.map((row) => row.studentId),
      scope: { assessorId: ctx.user.id },
    });
    if (outside.length > 0) {
      const count = rows.filter((row) => outside.includes(row.studentId)).length;
      throw new AppError(
        'FORBIDDEN',
        `${count === 1 ? 'One submission belongs' : `${count} submissions belong`} to a student in a class you do not assess; their class’s assessors grade it. Nothing was graded.`,
      );
    }
    const decided = rows.filter((row) => row.status !== 'submitted');
    if (decided.length > 0) throw await alreadyGraded(tx, decided);
    // One declaration covers every decision of the request (a bulk grade is one judgement, one confirm).
    const declarationId = await declareIfGiven(tx, {
      kind: 'assessor',
      version: input.declarationVersion,
      userId: ctx.user.id,
      actingAdminId: ctx.user.isImpersonating ? ctx.realUserId : null,
      now,
    });
    await recordGradingDecisions(tx, {
      submissionIds,
      declarationId,
      status,
      comment: input.comment,
      strategiesForReassessment: input.strategiesForReassessment,
      assessorId: ctx.user.id,
      actingAdminId: ctx.user.isImpersonating ? ctx.realUserId : null,
      at: now,
    });
    // The decision's own history lives in grading_decisions; the trail says who decided, as whom.
    for (const row of rows) {
      await recordAudit(tx, {
        actorId: ctx.realUserId,
        actingAsId: ctx.user.isImpersonating ? ctx.user.id : null,
        action: 'submission.graded',
        subjectId: row.studentId,
        detail: {
          submissionId: row.id,
          taskId: row.taskId,
          status,
          actorName: fullName(
            ctx.user.isImpersonating && ctx.user.originalUser ? ctx.user.originalUser : ctx.user,
          ),
        },
      });
    }
    // A task not yet satisfactory reopens the unit: its outcome stays in the record, superseded.
    const reopened =
      status === 'not_yet_satisfactory'
        ? await supersedeStandingOutcomes(
            tx,
            rows.map((row) => ({ ...row, reason: supersededReasons.notYetSatisfactory(row.taskTitle) })),
            now,
          )
        : [];
    // Grade passback to an LMS rides on the job table: a platform that is down never holds up grading.
    const scores = await queueLtiScores(
      tx,
      rows.map((row) => ({ studentId: row.studentId, unitId: row.unitId })),
    );
    const mails = await enqueueJobs(tx, gradedMails(rows, input, now));
    return Object.assign(rows, { scores, mails: mails.length, reopened });
  });
  if (graded.scores > 0 || graded.mails > 0) ctx.jobs.wake();
  await ctx.events.publish({
    type: 'submission.graded',
    status,
    submissions: graded.map((row) => ({
      submissionId: row.id,
      studentId: row.studentId,
      taskId: row.taskId,
      unitId: row.unitId,
    })),
  });
  for (const pair of graded.reopened) await ctx.events.publish({ type: 'unitOutcome.changed', ...pair });
  return { status, submissionIds, count: graded.length };
}
