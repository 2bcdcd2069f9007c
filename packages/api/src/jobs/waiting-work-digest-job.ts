import type { JobPayload, WaitingWorkDigestPayload } from '@evident/core/job-kinds';
import { formatDate } from '@evident/core/time-zone';
import { fullName } from '@evident/core/user';
import type { Database } from '@evident/db/client';
import { enqueueJobsOnce, type NewJob } from '@evident/db/queries/jobs';
import { listDigestAssessors, listWaitingWork } from '@evident/db/queries/waiting-work';
import { z } from 'zod';
import { orgTimeZone } from '../rules/org-time-zone';
import { nextDigest } from './digest-schedule';
import type { JobHandler } from './job-worker';
import { mailJob } from './mail-job';

const payloadSchema: z.ZodType<WaitingWorkDigestPayload> = z.object({
  day: z.iso.date(),
  dueAt: z.iso.datetime(),
});

/** A digest this late (its server was down through the morning) is skipped: the next comes tomorrow. */
const staleAfterMs = 12 * 60 * 60 * 1000;

/**
 * One `waiting-work-digest` job per day of the organisation's calendar, keyed by the day
 * (`digest:2026-11-27`) and due at its morning hour. Queued with `enqueueJobsOnce`, so of several
 * servers asking (each at start-up, and each day's run asking for the next) one queues it, and a day
 * already done is not queued again; the worker's FOR UPDATE SKIP LOCKED claim runs it once.
 */
export const waitingWorkDigestJob = (digest: { day: string; dueAt: Date }) =>
  ({
    kind: 'waiting-work-digest',
    payload: { day: digest.day, dueAt: digest.dueAt.toISOString() },
    dedupeKey: `digest:${digest.day}`,
    runAfter: digest.dueAt,
    maxAttempts: 10,
  }) satisfies NewJob<'waiting-work-digest'> & { dedupeKey: string };

/**
 * Queues the next morning's digest (at start-up, and from each day's run), in the organisation's zone
 * unless told another; answers whether it was new.
 */
export async function scheduleWaitingWorkDigest(
  db: Database,
  { now, timeZone }: { now: Date; timeZone?: string },
): Promise<boolean> {
  const zone = timeZone ?? (await orgTimeZone(db)).timeZone;
  const queued = await enqueueJobsOnce(db, [waitingWorkDigestJob(nextDigest(now, zone))]);
  return queued.length > 0;
}

/**
 * Queues the day's mails in one transaction: one per assessor with evidence waiting (their classes'
 * students and, unless they see their classes only, those in no class), none to anyone else. Each
 * mail's key names the day and the assessor, so a rerun after a crash mails nobody twice.
 */
export async function queueWaitingWorkDigests(
  db: Database,
  { day, timeZone, appUrl }: { day: string; timeZone: string; appUrl: string },
): Promise<number> {
  const origin = appUrl.replace(/\/+$/, '');
  const date = (at: Date) => formatDate(at, timeZone);
  return db.transaction(async (tx) => {
    const mails: (NewJob<'mail'> & { dedupeKey: string })[] = [];
    for (const assessor of await listDigestAssessors(tx)) {
      const work = await listWaitingWork(tx, assessor.id);
      if (!work) continue;
      mails.push({
        ...mailJob({
          kind: 'waiting-work-digest',
          to: assessor.email,
          firstName: assessor.firstName,
          total: work.units.reduce((sum, unit) => sum + unit.count, 0),
          units: work.units.map((unit) => ({
            unitCode: unit.unitCode,
            title: unit.title,
            count: unit.count,
            oldestSince: date(unit.oldestAt),
          })),
          oldest: {
            studentName: fullName(work.oldest),
            taskTitle: work.oldest.taskTitle,
            unitCode: work.oldest.unitCode,
            since: date(work.oldest.submittedAt),
          },
          gradingUrl: `${origin}/grading`,
          accountUrl: `${origin}/account`,
        }),
        dedupeKey: `digest:${day}:${assessor.id}`,
      });
    }
    return (await enqueueJobsOnce(tx, mails)).length;
  });
}

/**
 * Runs a day's digest: first queues tomorrow's (so a failing run still leaves the next one), then,
 * unless it is running half a day late, the mails. Preferences and scope are read now, not when the
 * job was queued. The worker wakes itself after a job, and so takes the mails at once.
 */
export function createWaitingWorkDigestJob(deps: {
  db: Database;
  publicUrl: string;
  now?: () => Date;
}): JobHandler<JobPayload<'waiting-work-digest'>> {
  return {
    async run(raw) {
      const payload = payloadSchema.parse(raw);
      const now = deps.now?.() ?? new Date();
      // Read at each run, as every document's is: an admin may have changed it since.
      const { timeZone } = await orgTimeZone(deps.db);
      await scheduleWaitingWorkDigest(deps.db, { now, timeZone });
      if (now.getTime() - Date.parse(payload.dueAt) > staleAfterMs) return;
      await queueWaitingWorkDigests(deps.db, { day: payload.day, timeZone, appUrl: deps.publicUrl });
    },
  };
}
