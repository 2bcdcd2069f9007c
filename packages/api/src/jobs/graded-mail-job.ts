import type { GradedMailPayload, JobPayload } from '@evident/core/job-kinds';
import type { Mailer } from '@evident/core/ports/mailer';
import type { Database } from '@evident/db/client';
import { findGradedMailDetails, wantsGradedMail } from '@evident/db/queries/graded-mail';
import type { NewJob } from '@evident/db/queries/jobs';
import { z } from 'zod';
import { orgTimeZone } from '../rules/org-time-zone';
import type { JobHandler } from './job-worker';

const gradedMailPayload: z.ZodType<GradedMailPayload> = z.object({
  studentId: z.uuid(),
  taskIds: z.array(z.uuid()).min(1),
  outcome: z.enum(['satisfactory', 'not_yet_satisfactory']),
  comment: z.string().nullable(),
  strategies: z.string().nullable(),
  decidedAt: z.iso.datetime({ offset: true }).optional(),
});

/**
 * One `graded-mail` job per student a grading request decided for (not per file or per task), queued
 * in the grading transaction. Retried like any mail: SMTP trouble never holds up or fails grading.
 */
export const gradedMailJob = (payload: GradedMailPayload): NewJob<'graded-mail'> => ({
  kind: 'graded-mail',
  payload,
  maxAttempts: 30,
});

/** The student's dashboard on the task's unit, scrolled to the task. */
export function taskUrl(publicUrl: string, task: { unitId: string; id: string }): string {
  const url = new URL(`${publicUrl.replace(/\/+$/, '')}/`);
  url.searchParams.set('unit', task.unitId);
  url.searchParams.set('task', task.id);
  return url.toString();
}

/**
 * Sends the mail through the real mailer. The student's preference is read when the job runs, not
 * when grading queued it, so turning the mails off also stops those still waiting.
 */
export function createGradedMailJob(deps: {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
}): JobHandler<JobPayload<'graded-mail'>> {
  return {
    async run(raw) {
      const payload = gradedMailPayload.parse(raw);
      if (!(await wantsGradedMail(deps.db, payload.studentId))) return;
      const details = await findGradedMailDetails(deps.db, payload);
      if (!details || details.tasks.length === 0) return;
      // The zone when the mail goes, like every other document's: a changed setting applies at once.
      const { timeZone } = await orgTimeZone(deps.db);
      await deps.mailer.send({
        kind: 'work-graded',
        to: details.student.email,
        firstName: details.student.firstName,
        tasks: details.tasks.map((task) => ({
          title: task.title,
          unitCode: task.unitCode,
          url: taskUrl(deps.publicUrl, { unitId: task.unitId, id: task.id }),
        })),
        outcome: payload.outcome,
        comment: payload.comment,
        strategies: payload.outcome === 'not_yet_satisfactory' ? payload.strategies : null,
        ...(payload.decidedAt ? { decided: { at: payload.decidedAt, timeZone } } : {}),
      });
    },
    concurrency: 4,
  };
}
