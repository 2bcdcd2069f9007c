import type { JobPayload } from '@evident/core/job-kinds';
import type { JobQueue } from '@evident/core/ports/jobs';
import type { Mailer, MailMessage } from '@evident/core/ports/mailer';
import type { Database } from '@evident/db/client';
import { enqueueJob, type NewJob } from '@evident/db/queries/jobs';
import type { JobHandler } from './job-worker';

/** A mail to send: retried with backoff (10 s doubling to hourly) through about a day of SMTP trouble. */
export const mailJob = (message: MailMessage): NewJob<'mail'> => ({
  kind: 'mail',
  payload: message,
  maxAttempts: 30,
});

/** Sends `mail` jobs through the configured mailer (SMTP or the outbox folder). */
export function createMailJob(mailer: Mailer): JobHandler<JobPayload<'mail'>> {
  return {
    run: (payload) => mailer.send(payload),
    // A few at once: one slow SMTP exchange does not hold up a class's reminders.
    concurrency: 4,
    // A password reset mail carries a live token: once sent, the job keeps no copy of it.
    sensitive: true,
  };
}

/**
 * The mailer requests use: `send` queues the message and returns, so a failing or slow SMTP server
 * neither fails nor blocks the request, and the message waits in the job table until it is taken.
 * (Email Outstanding queues its mails with `mailJob` in its own transaction instead.)
 */
export function createQueuedMailer(deps: { db: Database; jobs: JobQueue }): Mailer {
  return {
    async send(message) {
      await enqueueJob(deps.db, mailJob(message));
      deps.jobs.wake();
    },
  };
}
