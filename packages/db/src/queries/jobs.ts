import type { JobKind, JobPayload } from '@evident/core/job-kinds';
import { and, asc, eq, exists, inArray, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { jobs, jobWorkers } from '../schema/jobs';

export type JobRow = typeof jobs.$inferSelect;

/**
 * A job to queue, its payload the one its kind's entry names (packages/core/src/job-kinds.ts). Built by
 * the kind's own function (`thumbnailJob`, `mailJob` ...), never by hand.
 */
export type NewJob<K extends JobKind = JobKind> = {
  [Kind in K]: {
    kind: Kind;
    payload: JobPayload<Kind>;
    /** At most one queued or running job per key: asking again while one waits queues nothing. */
    dedupeKey?: string;
    /** Not before this time (default now). */
    runAfter?: Date;
    maxAttempts?: number;
  };
}[K];

/**
 * Queues work. Pass the transaction that writes the row the work is about, so both commit or
 * neither does: a restart right after the commit still finds the job. Answers the ids of the jobs
 * queued (fewer than asked when a dedupe key already waits).
 */
export async function enqueueJobs<K extends JobKind>(db: Database, list: NewJob<K>[]): Promise<string[]> {
  if (list.length === 0) return [];
  const rows = await db
    .insert(jobs)
    .values(
      list.map((job) => ({
        kind: job.kind,
        payload: job.payload ?? {},
        dedupeKey: job.dedupeKey ?? null,
        // From this process's clock, never the database's now(): PostgreSQL keeps microseconds and a
        // worker compares with a JavaScript Date (milliseconds), so a job queued and claimed within one
        // millisecond would look not yet due and wait for the next poll (30 s).
        runAfter: job.runAfter ?? new Date(),
        ...(job.maxAttempts ? { maxAttempts: job.maxAttempts } : {}),
      })),
    )
    .onConflictDoNothing({
      target: jobs.dedupeKey,
      where: sql`${jobs.status} in ('queued', 'running') and ${jobs.dedupeKey} is not null`,
    })
    .returning({ id: jobs.id });
  return rows.map((row) => row.id);
}

/** The new job's id, or null when the same work (its dedupe key) already waits. */
export async function enqueueJob<K extends JobKind>(db: Database, job: NewJob<K>): Promise<string | null> {
  return (await enqueueJobs(db, [job]))[0] ?? null;
}

/**
 * Queues each job unless a job with its dedupe key exists in any state, done and failed ones too
 * (kept two weeks): work done once per key for good (a day's digest, and each mail of it), where
 * `enqueueJobs` keeps one waiting at a time. Servers asking at once take turns on an advisory lock
 * held to the end of the caller's transaction, so one of them queues it and the others see it.
 */
export async function enqueueJobsOnce<K extends JobKind>(
  db: Database,
  list: (NewJob<K> & { dedupeKey: string })[],
): Promise<string[]> {
  if (list.length === 0) return [];
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('jobs.enqueue-once'))`);
    const keys = list.map((job) => job.dedupeKey);
    const existing = await tx.select({ key: jobs.dedupeKey }).from(jobs).where(inArray(jobs.dedupeKey, keys));
    const taken = new Set(existing.map((row) => row.key));
    return enqueueJobs(
      tx,
      list.filter((job) => !taken.has(job.dedupeKey)),
    );
  });
}

/**
 * A running job's worker is gone: its row in `job_workers` says so (kill -9 leaves the row, and its
 * heartbeat stops). A worker without a row is not taken for gone: a server of the version before
 * `job_workers` may still be running it during an upgrade, and its lock expiring covers the rest.
 * The claimer's own jobs are never its to take again (a laptop waking from sleep finds its own row late).
 */
const workerGone = (db: Database, claimer: string) =>
  and(
    ne(jobs.lockedBy, claimer),
    exists(
      db
        .select({ id: jobWorkers.id })
        .from(jobWorkers)
        .where(and(eq(jobWorkers.id, jobs.lockedBy), lt(jobWorkers.aliveUntil, sql`now()`))),
    ),
  );

/**
 * Takes the next due job of one of `kinds`: a queued one whose time has come, or a running one whose
 * worker is gone (killed: its heartbeat stopped) or whose lock expired (its worker lost the database).
 * The attempt is counted now, so a job that kills its worker every time still runs out of attempts.
 * SKIP LOCKED lets any number of workers on any number of servers claim side by side, each a different
 * job.
 */
export async function claimJob(
  db: Database,
  { kinds, workerId, now, lockMs }: { kinds: string[]; workerId: string; now: Date; lockMs: number },
): Promise<JobRow | undefined> {
  if (kinds.length === 0) return undefined;
  // Picked and claimed in one transaction rather than one UPDATE ... WHERE id = (SELECT ... FOR
  // UPDATE SKIP LOCKED): the planner may rerun such a subquery per row and claim several jobs.
  return db.transaction(async (tx) => {
    const [next] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          inArray(jobs.kind, kinds),
          or(
            and(eq(jobs.status, 'queued'), lte(jobs.runAfter, now)),
            and(eq(jobs.status, 'running'), or(lt(jobs.lockedUntil, now), workerGone(db, workerId))),
          ),
        ),
      )
      .orderBy(asc(jobs.runAfter), asc(jobs.createdAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!next) return undefined;
    const [row] = await tx
      .update(jobs)
      .set({
        status: 'running',
        attempts: sql`${jobs.attempts} + 1`,
        lockedBy: workerId,
        lockedUntil: new Date(now.getTime() + lockMs),
        updatedAt: now,
      })
      .where(eq(jobs.id, next.id))
      .returning();
    return row;
  });
}

/** Only the worker holding the lock may change a running job: one that lost it leaves it to the new holder. */
const heldBy = (id: string, workerId: string) =>
  and(eq(jobs.id, id), eq(jobs.status, 'running'), eq(jobs.lockedBy, workerId));

/**
 * Keeps the locks of this worker's running jobs (a long video conversion) from expiring: the ids it
 * still holds. One missing was taken over (this worker's heartbeat lapsed): its run must stop.
 */
export async function extendJobLocks(
  db: Database,
  { ids, workerId, until }: { ids: string[]; workerId: string; until: Date },
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .update(jobs)
    .set({ lockedUntil: until })
    .where(and(inArray(jobs.id, ids), eq(jobs.status, 'running'), eq(jobs.lockedBy, workerId)))
    .returning({ id: jobs.id });
  return new Set(rows.map((row) => row.id));
}

/**
 * A worker's heartbeat: alive for `aliveMs` more, by the database's clock, which every server
 * shares (their own clocks may differ by more than a heartbeat). Adds the row on the first beat, and
 * again if it was deleted while this worker slept.
 */
export async function beatJobWorker(db: Database, { id, aliveMs }: { id: string; aliveMs: number }) {
  const aliveUntil = sql`now() + ${Math.round(aliveMs)}::integer * interval '1 millisecond'`;
  await db
    .insert(jobWorkers)
    .values({ id, aliveUntil })
    .onConflictDoUpdate({ target: jobWorkers.id, set: { heartbeatAt: sql`now()`, aliveUntil } });
}

/** A worker stopped, its jobs given back. */
export async function removeJobWorker(db: Database, id: string): Promise<void> {
  await db.delete(jobWorkers).where(eq(jobWorkers.id, id));
}

/**
 * Rows left by killed workers, long after any worker took their jobs: a job still naming one then
 * waits for its lock to expire instead, as when its worker had no row.
 */
export async function deleteGoneJobWorkers(db: Database, { goneForMs }: { goneForMs: number }) {
  await db
    .delete(jobWorkers)
    .where(
      lt(jobWorkers.aliveUntil, sql`now() - ${Math.round(goneForMs)}::integer * interval '1 millisecond'`),
    );
}

/** `forgetPayload`: the payload held a secret (a mailed reset link) that must not outlive the work. */
export async function finishJob(
  db: Database,
  { id, workerId, now, forgetPayload }: { id: string; workerId: string; now: Date; forgetPayload?: boolean },
): Promise<void> {
  await db
    .update(jobs)
    .set({
      status: 'done',
      lockedBy: null,
      lockedUntil: null,
      updatedAt: now,
      finishedAt: now,
      ...(forgetPayload ? { payload: {} } : {}),
    })
    .where(heldBy(id, workerId));
}

/** A failed attempt: queued again after `retryAt`, or `failed` for good when `retryAt` is null. */
export async function failJobAttempt(
  db: Database,
  {
    id,
    workerId,
    now,
    error,
    retryAt,
    forgetPayload,
  }: {
    id: string;
    workerId: string | null;
    now: Date;
    error: string;
    retryAt: Date | null;
    forgetPayload?: boolean;
  },
): Promise<void> {
  await db
    .update(jobs)
    .set({
      status: retryAt ? 'queued' : 'failed',
      runAfter: retryAt ?? sql`${jobs.runAfter}`,
      lastError: error,
      lockedBy: null,
      lockedUntil: null,
      updatedAt: now,
      finishedAt: retryAt ? null : now,
      ...(forgetPayload && !retryAt ? { payload: {} } : {}),
    })
    .where(workerId ? heldBy(id, workerId) : eq(jobs.id, id));
}

/** Gives a claim back untouched (the server is stopping): the next worker takes it at once. */
export async function releaseJob(db: Database, { id, workerId }: { id: string; workerId: string }) {
  await db
    .update(jobs)
    .set({
      status: 'queued',
      attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
      lockedBy: null,
      lockedUntil: null,
    })
    .where(heldBy(id, workerId));
}

/** Finished jobs are kept a while to look into (what failed, and why), then deleted. */
export async function deleteFinishedJobs(db: Database, { before }: { before: Date }): Promise<number> {
  const rows = await db
    .delete(jobs)
    .where(and(inArray(jobs.status, ['done', 'failed']), lt(jobs.finishedAt, before)))
    .returning({ id: jobs.id });
  return rows.length;
}
