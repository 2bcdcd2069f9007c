import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** `queued` until a worker claims it, `running` while one holds its lock, then `done` or `failed`. */
export const jobStatusEnum = pgEnum('job_status', ['queued', 'running', 'done', 'failed']);

/**
 * Background work as rows (packages/api/src/jobs/job-worker.ts): a thumbnail, a video conversion, a
 * mail, an event to publish again. Queued in the transaction that needs it, claimed with
 * FOR UPDATE SKIP LOCKED by one worker among any number of servers, retried with backoff.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Which handler runs it: one of the kinds in packages/core/src/job-kinds.ts ('thumbnail', 'mail' ...). */
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull().default({}),
    status: jobStatusEnum('status').notNull().default('queued'),
    /** Claims so far, counted when claimed: a run cut short by a crash counts too. */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    /** Not claimed before this: the backoff after a failure, or a deliberately later start. */
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /**
     * The worker running it (a row in `job_workers`), and until when its claim holds. Taken over once
     * the claim expires, or sooner once that worker stops beating (a killed process).
     */
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** The same work is queued once: at most one queued or running job per key. */
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    // The claim: due queued jobs in order, and running ones whose lock expired.
    index('jobs_queued_idx').on(t.runAfter).where(sql`${t.status} = 'queued'`),
    index('jobs_running_idx').on(t.lockedUntil).where(sql`${t.status} = 'running'`),
    uniqueIndex('jobs_dedupe_idx')
      .on(t.dedupeKey)
      .where(sql`${t.status} in ('queued', 'running') and ${t.dedupeKey} is not null`),
    index('jobs_kind_idx').on(t.kind, t.status),
  ],
);

/**
 * The job workers running now, one row per server process, kept by its heartbeat: a job whose
 * `locked_by` names a row whose `alive_until` passed belongs to a process that is gone (kill -9, a
 * lost machine), and another worker takes it at once rather than when its claim expires. A worker
 * adds its row before its first claim and deletes it when it stops.
 */
export const jobWorkers = pgTable('job_workers', {
  /** `host:pid:random`, as written to `jobs.locked_by`. */
  id: text('id').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * Three heartbeats after the last, by the database's clock (servers' clocks may differ): past it,
   * the worker is gone.
   */
  aliveUntil: timestamp('alive_until', { withTimezone: true }).notNull(),
});
