import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { JobKind, JobPayload } from '@evident/core/job-kinds';
import type { Logger } from '@evident/core/logger';
import type { JobQueue } from '@evident/core/ports/jobs';
import type { Database } from '@evident/db/client';
import {
  beatJobWorker,
  claimJob,
  deleteFinishedJobs,
  deleteGoneJobWorkers,
  extendJobLocks,
  failJobAttempt,
  finishJob,
  type JobRow,
  releaseJob,
  removeJobWorker,
} from '@evident/db/queries/jobs';

export type JobRun = {
  job: JobRow;
  /** Aborted when the server stops, or when this worker lost the job's lock: stop and throw. */
  signal: AbortSignal;
};

/**
 * What runs the jobs of one kind. Handlers are idempotent: a job cut short by a crash runs again
 * from the start. Throwing fails the attempt (retried with backoff); a failure that no retry can
 * mend (a corrupt file) is recorded by the handler itself and returns normally.
 */
export type JobHandler<Payload = unknown> = {
  run(payload: Payload, run: JobRun): Promise<void>;
  /** Called once when the job fails for good (out of attempts), e.g. to mark its file failed. */
  gaveUp?(payload: Payload, error: string): Promise<void>;
  /** Jobs of this kind running at once in one process; default 1 (one video, one thumbnail at a time). */
  concurrency?: number;
  /** The payload holds a secret (a reset link): emptied once the job is done or failed for good. */
  sensitive?: boolean;
};

/** A worker's handlers, by kind: each takes the payload its kind's entry names (packages/core/src/job-kinds.ts). */
export type JobHandlers = { [K in JobKind]?: JobHandler<JobPayload<K>> };

export type JobWorkerOptions = {
  /** How often to look for due jobs nobody woke us for: retries, and work of other servers. */
  pollMs?: number;
  /** How long a claim holds; renewed on each heartbeat. Expired: taken over (a worker cut off from the database). */
  lockMs?: number;
  /**
   * How often this worker says it is alive (default 5 s, at most a third of `lockMs`): three missed
   * and its running jobs are taken over (it was killed), long before their locks expire.
   */
  heartbeatMs?: number;
  /** The wait before the second attempt; doubled for each further one, up to an hour. */
  retryBaseMs?: number;
  /** How long done and failed jobs are kept to look into before they are deleted. */
  keepFinishedMs?: number;
  /** Tests: a fixed clock. */
  now?: () => Date;
};

export type JobWorker = JobQueue & { readonly workerId: string };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

const maxRetryDelayMs = 60 * 60_000;

/** Exponential backoff: base, 2x base, 4x base ... capped at an hour. */
export function retryDelayMs(attempt: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(attempt - 1, 0), maxRetryDelayMs);
}

/**
 * One loop per process over the `jobs` table: claims due jobs of the kinds it has handlers for
 * (FOR UPDATE SKIP LOCKED, so servers sharing a database never run one job twice), runs each kind
 * up to its concurrency beside the others (a long video does not hold up mail), marks it done, or
 * queues it again with exponential backoff until it runs out of attempts and is `failed`.
 */
export function createJobWorker(
  deps: { db: Database; log: Logger },
  handlers: JobHandlers,
  options: JobWorkerOptions = {},
): JobWorker {
  const pollMs = options.pollMs ?? 30_000;
  const lockMs = options.lockMs ?? 5 * 60_000;
  const retryBaseMs = options.retryBaseMs ?? 10_000;
  const now = options.now ?? (() => new Date());
  const keepFinishedMs = options.keepFinishedMs ?? 14 * 24 * 60 * 60_000;
  const heartbeatMs = Math.min(options.heartbeatMs ?? 5_000, lockMs / 3);
  let prunedAt = 0;
  const workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const runningByKind = new Map<string, number>();
  const active = new Set<Promise<void>>();
  /** Each running job's abort, by job id: the server stops, or a heartbeat finds the job taken over. */
  const controllers = new Map<string, AbortController>();
  let heartbeat: ReturnType<typeof setInterval> | null = null;
  let beating: Promise<void> | null = null;
  let draining: Promise<void> | null = null;
  let wokenWhileDraining = false;
  let stopped = false;
  // A claimed row's kind is plain text from the table: the handlers are looked up by it as such.
  const byKind: Partial<Record<string, JobHandler>> = handlers;

  const freeKinds = () =>
    Object.entries(byKind)
      .filter(([kind, handler]) => handler && (runningByKind.get(kind) ?? 0) < (handler.concurrency ?? 1))
      .map(([kind]) => kind);

  async function giveUp(job: JobRow, handler: JobHandler, error: string) {
    deps.log.warn(`job ${job.kind} ${job.id} failed for good after ${job.maxAttempts} attempts: ${error}`);
    await handler.gaveUp?.(job.payload, error);
    await failJobAttempt(deps.db, {
      id: job.id,
      workerId,
      now: now(),
      error,
      retryAt: null,
      forgetPayload: handler.sensitive,
    });
  }

  async function runJob(job: JobRow, handler: JobHandler): Promise<void> {
    if (job.attempts > job.maxAttempts) {
      // Every earlier attempt was cut short (its lock expired): the job may be what kills the process.
      await giveUp(job, handler, job.lastError ?? `cut short ${job.maxAttempts} times (crash or kill)`);
      return;
    }
    const controller = new AbortController();
    controllers.set(job.id, controller);
    try {
      await handler.run(job.payload, { job, signal: controller.signal });
      await finishJob(deps.db, { id: job.id, workerId, now: now(), forgetPayload: handler.sensitive });
    } catch (error) {
      if (controller.signal.aborted) {
        // Taken over, it is the new holder's to record (a last attempt here must not give it up).
        if (stopped) await releaseJob(deps.db, { id: job.id, workerId });
        return;
      }
      const message = messageOf(error);
      if (job.attempts >= job.maxAttempts) return giveUp(job, handler, message);
      const delay = retryDelayMs(job.attempts, retryBaseMs);
      deps.log.warn(
        `job ${job.kind} ${job.id} failed (attempt ${job.attempts} of ${job.maxAttempts}), retrying in ${Math.round(delay / 1000)} s: ${message}`,
      );
      const retryAt = new Date(now().getTime() + delay);
      await failJobAttempt(deps.db, { id: job.id, workerId, now: now(), error: message, retryAt });
    } finally {
      controllers.delete(job.id);
    }
  }

  function start(job: JobRow): void {
    const handler = byKind[job.kind];
    if (!handler) return;
    runningByKind.set(job.kind, (runningByKind.get(job.kind) ?? 0) + 1);
    const run: Promise<void> = runJob(job, handler)
      .catch((error: unknown) => deps.log.error(error, `job ${job.kind} ${job.id} could not be recorded`))
      .finally(() => {
        runningByKind.set(job.kind, (runningByKind.get(job.kind) ?? 1) - 1);
        active.delete(run);
        wake();
      });
    active.add(run);
  }

  /**
   * Says this worker is alive, then renews its jobs' locks: in that order, so a job taken over while
   * this worker's heartbeat had lapsed (it slept, or lost the database) is seen as lost and stopped.
   */
  async function beat(): Promise<void> {
    await beatJobWorker(deps.db, { id: workerId, aliveMs: 3 * heartbeatMs });
    const ids = [...controllers.keys()];
    const held = await extendJobLocks(deps.db, { ids, workerId, until: new Date(now().getTime() + lockMs) });
    for (const id of ids)
      if (!held.has(id)) controllers.get(id)?.abort(new Error('the job was taken over by another worker'));
  }

  /** One beat at a time: a slow database does not pile them up. */
  function beatOnce(): Promise<void> {
    beating ??= beat().finally(() => {
      beating = null;
    });
    return beating;
  }

  /** The first claim waits for this worker's row, so every job it holds names a worker that beats. */
  async function register(): Promise<void> {
    if (heartbeat) return;
    await beatOnce();
    heartbeat ??= setInterval(() => {
      beatOnce().catch((error: unknown) => deps.log.error(error, 'the job worker could not beat'));
    }, heartbeatMs);
    heartbeat.unref();
  }

  async function drain(): Promise<void> {
    await register();
    while (!stopped) {
      const kinds = freeKinds();
      if (kinds.length === 0) return;
      const job = await claimJob(deps.db, { kinds, workerId, now: now(), lockMs });
      if (!job) return;
      start(job);
    }
  }

  function wake(): void {
    if (stopped) return;
    if (draining) {
      wokenWhileDraining = true;
      return;
    }
    draining = drain()
      .catch((error: unknown) => deps.log.error(error, 'the job worker could not claim work'))
      .finally(() => {
        draining = null;
        if (wokenWhileDraining) {
          wokenWhileDraining = false;
          wake();
        }
      });
  }

  /** At most hourly, on a poll: deleting old finished jobs keeps the claim's indexes small. */
  function prune(): void {
    const at = now().getTime();
    if (at - prunedAt < 60 * 60_000) return;
    prunedAt = at;
    deleteFinishedJobs(deps.db, { before: new Date(at - keepFinishedMs) }).catch((error: unknown) =>
      deps.log.error(error, 'could not delete old finished jobs'),
    );
    deleteGoneJobWorkers(deps.db, { goneForMs: 60 * 60_000 }).catch((error: unknown) =>
      deps.log.error(error, 'could not delete the rows of workers long gone'),
    );
  }

  const poll = setInterval(() => {
    wake();
    prune();
  }, pollMs);
  poll.unref();

  async function settled(): Promise<void> {
    while (draining || active.size > 0) await Promise.all([draining, ...active]);
  }

  return {
    workerId,
    wake,
    idle: settled,
    async stop() {
      stopped = true;
      clearInterval(poll);
      for (const controller of controllers.values()) controller.abort(new Error('the server is stopping'));
      // Beating on until the running jobs are given back: none is taken over while it winds down.
      await settled();
      if (heartbeat) clearInterval(heartbeat);
      await beating?.catch(() => {});
      if (!heartbeat) return;
      await removeJobWorker(deps.db, workerId).catch((error: unknown) =>
        deps.log.error(error, 'could not remove the stopped job worker'),
      );
    },
  };
}
