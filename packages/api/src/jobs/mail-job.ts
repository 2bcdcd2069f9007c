import type { JobQueue } from '@evident/core/ports/jobs';
import type { Mailer, MailMessage } from '@evident/core/ports/mailer';
import type { Database } from '@evident/db/client';
import { enqueueJob, type NewJob } from '@evident/db/queries/jobs';
import type { JobHandler } from './job-worker';

/** A mail to send: retried with backoff for about a day of SMTP trouble before it is given up. */
export const mailJob = (message: MailMessage): NewJob => ({
  kind: 'mail',
  payload: message,
  maxAttempts: 12,
});

/** Sends `mail` jobs through the configured mailer (SMTP or the outbox folder). */
export function createMailJob(mailer: Mailer): JobHandler {
  return {
    run: (payload) => mailer.send(payload as MailMessage),
    // A few at once: one slow SMTP exchange does not hold up a class's reminders.
    concurrency: 4,
  };
}

/**
 * The mailer requests use: `send` queues the message and returns, so a failing or slow SMTP
 * server neither fails nor blocks the request, and a message is never lost to it. Pass a
 * transaction as `db` to queue the mail with the rows that caused it.
 */
export function createQueuedMailer(deps: { db: Database; jobs: JobQueue }): Mailer & {
  sendWith(db: Database, message: MailMessage): Promise<void>;
} {
  async function sendWith(db: Database, message: MailMessage) {
    await enqueueJob(db, mailJob(message));
  }
  return {
    sendWith,
    async send(message) {
      await sendWith(deps.db, message);
      deps.jobs.wake();
    },
  };
}
