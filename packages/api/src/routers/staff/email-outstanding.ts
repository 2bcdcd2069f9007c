import { AppError } from '@evident/core/errors';
import { matrixCell, outstandingTasks } from '@evident/core/evidence-matrix';
import { taskStatusLabels } from '@evident/core/student-progress';
import { listUndeclaredInUnit } from '@evident/db/queries/evidence-declarations';
import { readEvidenceMatrix } from '@evident/db/queries/evidence-matrix';
import { enqueueJobs } from '@evident/db/queries/jobs';
import {
  listRemindedSince,
  lockReminders,
  type ReminderRecord,
  recordReminders,
} from '@evident/db/queries/reminders';
import { findUnit } from '@evident/db/queries/units';
import { z } from 'zod';
import type { Context } from '../../context';
import { mailJob } from '../../jobs/mail-job';
import { classIdInput, type ScopeReader, scopeFor } from '../../rules/class-scope';

export const emailOutstandingInput = z.object({
  unitId: z.uuid({ error: 'unitId must be a unit id' }),
  // Only the reader's students, or one class of them (issue 19).
  classId: classIdInput,
});
type Input = z.infer<typeof emailOutstandingInput>;

/** What the confirm says before anything is sent. */
export const outstandingPreviewOutput = z.object({
  incomplete: z.number(),
  toEmail: z.number(),
  recentlyReminded: z.number(),
});
/** What pressing Email Outstanding did; `failed` stays for clients, queued mail no longer fails here. */
export const outstandingEmailedOutput = z.object({
  sent: z.number(),
  skipped: z.number(),
  failed: z.number(),
});

/** A student is reminded at most once in this long, whoever presses the button. */
export const REMINDER_INTERVAL_MS = 60 * 60 * 1000;

type Deps = Pick<Context, 'db' | 'jobs' | 'log' | 'publicUrl'>;

/**
 * Who in the unit (and class) still has something to do, in matrix order, each with those tasks (none
 * submitted and waiting for the assessor: a student whose every open task waits is not reminded),
 * and the files they sent without their declaration (issue 29): those alone are reason to remind.
 */
async function outstandingStudents(ctx: ScopeReader, { unitId, classId }: Input) {
  const { db } = ctx;
  const unit = await findUnit(db, unitId);
  if (!unit) throw new AppError('NOT_FOUND', 'Unit not found');
  const matrix = await readEvidenceMatrix(db, { unitId, scope: await scopeFor(ctx, classId) });
  const students = matrix.students.map((student) => ({
    ...student,
    tasks: outstandingTasks(matrix.submissions, student.id, matrix.tasks).map((task) => ({
      id: task.id,
      title: task.title,
      status: taskStatusLabels[matrixCell(matrix.submissions, student.id, task.id)?.status ?? 'pending'],
    })),
  }));
  const undeclared = await listUndeclaredInUnit(db, { unitId, studentIds: students.map((s) => s.id) });
  const withFiles = students.map((student) => ({ ...student, undeclared: undeclared.get(student.id) ?? [] }));
  return {
    unit,
    students: withFiles.filter((student) => student.tasks.length > 0 || student.undeclared.length > 0),
  };
}

/** What the confirm says before anything is sent. */
export async function previewOutstandingReminders(ctx: ScopeReader, input: Input, now = new Date()) {
  const { students } = await outstandingStudents(ctx, input);
  const reminded = await listRemindedSince(ctx.db, {
    studentIds: students.map((student) => student.id),
    since: new Date(now.getTime() - REMINDER_INTERVAL_MS),
  });
  return {
    incomplete: students.length,
    toEmail: students.length - reminded.size,
    recentlyReminded: reminded.size,
  };
}

/**
 * Email Outstanding: each student of the unit who is not complete gets their outstanding tasks by
 * mail, unless someone reminded them in the last hour. The reminders are recorded (under a lock, so
 * two presses at once cannot both mail a student) and their mails queued in the same transaction:
 * a `mail` job is retried until the mail server takes it, so a reminder recorded is a reminder sent.
 */
export async function emailOutstanding(
  ctx: Deps & ScopeReader & { realUserId: string; rateLimits: Context['rateLimits'] },
  input: Input,
  now = new Date(),
) {
  await ctx.rateLimits.consume('remindersUser', ctx.realUserId);
  const { unit, students } = await outstandingStudents(ctx, input);
  const { sent, skipped } = await ctx.db.transaction(async (tx) => {
    await lockReminders(tx);
    const reminded = await listRemindedSince(tx, {
      studentIds: students.map((student) => student.id),
      since: new Date(now.getTime() - REMINDER_INTERVAL_MS),
    });
    const due = students.filter((student) => !reminded.has(student.id));
    const actingAs = ctx.user.id === ctx.realUserId ? undefined : ctx.user.id;
    const reminders: ReminderRecord[] = due.map((student) => ({
      studentId: student.id,
      unitId: unit.id,
      taskIds: student.tasks.map((t) => t.id),
    }));
    await recordReminders(tx, { actorId: ctx.realUserId, reminders, at: now, actingAs });
    const queued = await enqueueJobs(
      tx,
      due.map((student) =>
        mailJob({
          kind: 'outstanding-tasks',
          to: student.email,
          firstName: student.firstName,
          unit: { unitCode: unit.unitCode, title: unit.title },
          tasks: student.tasks.map((task) => ({ title: task.title, status: task.status })),
          ...(student.undeclared.length > 0 ? { undeclared: student.undeclared } : {}),
          appUrl: ctx.publicUrl,
        }),
      ),
    );
    return { sent: queued.length, skipped: reminded.size };
  });
  ctx.jobs.wake();
  // `failed` stays in the answer for the client: queued mail no longer fails here.
  return { sent, skipped, failed: 0 };
}
