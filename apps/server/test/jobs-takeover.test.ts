import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createJobWorker, type JobHandler, type JobHandlers } from '@evident/api/jobs';
import { type DatabaseHandle, type DatabaseOptions, openDatabase } from '@evident/db/client';
import { claimJob, enqueueJob, type NewJob } from '@evident/db/queries/jobs';
import { jobs, jobWorkers } from '@evident/db/schema';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from './harness';
import { waitFor } from './wait-for';

const quiet = { info() {}, warn() {}, error() {} };
const serverRoot = new URL('..', import.meta.url).pathname;

let database: DatabaseHandle & { url?: string };
const cleanups: (() => Promise<void> | void)[] = [];
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await database.close();
});

/** Kinds of these tests' own, which the table of the server's kinds does not name: the machinery, not a kind. */
const testJob = (kind: string, maxAttempts?: number) =>
  ({ kind, payload: {}, maxAttempts }) as unknown as NewJob;
const testHandlers = (handlers: Record<string, JobHandler>): JobHandlers => handlers;
const jobRow = async (db: DatabaseHandle, id: string) =>
  (await db.db.select().from(jobs).where(eq(jobs.id, id)))[0];

/** Another server on the same database: on PostgreSQL a pool of its own, on PGlite the one process's handle. */
async function anotherServer(handle: DatabaseHandle): Promise<DatabaseHandle> {
  if (!database.url) return { ...handle, close: async () => {} };
  return openDatabase({ kind: 'postgres', url: database.url, maxConnections: 2 });
}

/**
 * A database a child process can open too, with one `hang` job queued: the test server, or an
 * embedded data folder (one process at a time: `open` is called once the child is dead).
 */
async function sharedDatabase(): Promise<{ target: DatabaseOptions; open(): Promise<DatabaseHandle> }> {
  if (database.url) {
    await enqueueJob(database.db, testJob('hang'));
    return { target: { kind: 'postgres', url: database.url, maxConnections: 2 }, open: async () => database };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'evident-jobs-kill-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const target: DatabaseOptions = { kind: 'pglite', dataDir };
  const setup = await openDatabase(target);
  await setup.migrate();
  await enqueueJob(setup.db, testJob('hang'));
  await setup.close();
  return {
    target,
    async open() {
      const handle = await openDatabase(target);
      cleanups.push(() => handle.close());
      return handle;
    },
  };
}

/** Starts fixtures/job-child.ts, waits for it to claim the `hang` job, kills it with SIGKILL: its id. */
async function claimAndKill(target: DatabaseOptions, env: Record<string, string>): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/fixtures/job-child.ts'], {
    cwd: serverRoot,
    env: { ...process.env, JOB_CHILD_DATABASE: JSON.stringify(target), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const claimedId = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const match = out.match(/claimed (\S+)\n/);
      if (match?.[1]) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`the child worker exited (${code}) before claiming`)));
  });
  child.kill('SIGKILL');
  await exited;
  return claimedId;
}

describe('jobs of a worker that is gone', () => {
  it('a job whose worker was killed with kill -9 is taken within seconds by servers starting together, run once, the attempt counted', async () => {
    const shared = await sharedDatabase();
    // Its claim holds five minutes; its heartbeat says it is alive for three beats of 200 ms.
    const claimedId = await claimAndKill(shared.target, {
      JOB_CHILD_LOCK_MS: String(5 * 60_000),
      JOB_CHILD_HEARTBEAT_MS: '200',
    });
    const first = await shared.open();
    const second = await anotherServer(first);
    const ran: string[] = [];
    const handlers = testHandlers({ hang: { run: async (_payload, { job }) => void ran.push(job.id) } });
    const workers = [first, second].map((handle) =>
      createJobWorker({ db: handle.db, log: quiet }, handlers, { pollMs: 50, heartbeatMs: 200 }),
    );
    try {
      const startedAt = Date.now();
      for (const worker of workers) worker.wake();
      await waitFor(async () => (await jobRow(first, claimedId))?.status === 'done', 30_000, 'the takeover');
      expect(Date.now() - startedAt).toBeLessThan(10_000);
      // Both keep looking a while longer: nobody runs it again.
      await sleep(500);
      await Promise.all(workers.map((worker) => worker.idle()));
      expect(ran).toEqual([claimedId]);
      expect(await jobRow(first, claimedId)).toMatchObject({ status: 'done', attempts: 2, lockedBy: null });
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
      await second.close();
    }
  }, 120_000);

  it('a running job of a worker that is alive is not taken by another, and a stopping worker leaves no row', async () => {
    const id = await enqueueJob(database.db, testJob('hold'));
    let claimed: () => void = () => {};
    const holding = new Promise<void>((resolve) => {
      claimed = resolve;
    });
    const hold: JobHandler = {
      run: (_payload, { signal }) =>
        new Promise((_resolve, reject) => {
          claimed();
          signal.addEventListener('abort', () => reject(signal.reason));
        }),
    };
    const other = await anotherServer(database);
    const ran: string[] = [];
    const owner = createJobWorker({ db: database.db, log: quiet }, testHandlers({ hold }), {
      heartbeatMs: 300,
    });
    const watcher = createJobWorker(
      { db: other.db, log: quiet },
      testHandlers({ hold: { run: async (_payload, { job }) => void ran.push(job.id) } }),
      { pollMs: 20, heartbeatMs: 300 },
    );
    try {
      owner.wake();
      await holding;
      watcher.wake();
      // Ten heartbeats: more than three times as long as a worker that stopped beating counts as alive.
      await sleep(3000);
      expect(ran).toEqual([]);
      expect(await jobRow(database, id ?? '')).toMatchObject({
        status: 'running',
        attempts: 1,
        lockedBy: owner.workerId,
      });
      const [beat] = await database.db.select().from(jobWorkers).where(eq(jobWorkers.id, owner.workerId));
      expect(beat?.aliveUntil.getTime()).toBeGreaterThan(Date.now() - 1000);
    } finally {
      await watcher.stop();
      await owner.stop();
      await other.close();
    }
    // Stopping gave the job back untouched and took the workers off the table.
    expect(await jobRow(database, id ?? '')).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null });
    const left = await database.db
      .select()
      .from(jobWorkers)
      .where(inArray(jobWorkers.id, [owner.workerId, watcher.workerId]));
    expect(left).toEqual([]);
  });

  it('a worker taken for gone (its heartbeat late) stops the job another took over, and records nothing', async () => {
    const id = await enqueueJob(database.db, testJob('late', 1));
    let claimed: () => void = () => {};
    const holding = new Promise<void>((resolve) => {
      claimed = resolve;
    });
    let stopped: (reason: unknown) => void = () => {};
    const aborted = new Promise<unknown>((resolve) => {
      stopped = resolve;
    });
    const gaveUp: string[] = [];
    const late: JobHandler = {
      run: (_payload, { signal }) =>
        new Promise((_resolve, reject) => {
          claimed();
          signal.addEventListener('abort', () => {
            stopped(signal.reason);
            reject(signal.reason);
          });
        }),
      gaveUp: async (_payload, error) => void gaveUp.push(error),
    };
    const owner = createJobWorker({ db: database.db, log: quiet }, testHandlers({ late }), {
      heartbeatMs: 1000,
    });
    const lastBeat = async () =>
      (await database.db.select().from(jobWorkers).where(eq(jobWorkers.id, owner.workerId)))[0]?.heartbeatAt;
    try {
      owner.wake();
      await holding;
      // Right after one of its beats, as if it then slept through three: another server takes the job.
      const before = (await lastBeat())?.getTime();
      await waitFor(async () => (await lastBeat())?.getTime() !== before, 5000, 'a heartbeat');
      await database.db
        .update(jobWorkers)
        .set({ aliveUntil: new Date(Date.now() - 60_000) })
        .where(eq(jobWorkers.id, owner.workerId));
      const taken = await claimJob(database.db, {
        kinds: ['late'],
        workerId: 'another server',
        now: new Date(),
        lockMs: 60_000,
      });
      expect(taken?.id).toBe(id);
      // Its next beat finds the job gone: the run stops, and its last attempt gives nothing up.
      expect(String(await aborted)).toMatch(/taken over/);
      await owner.idle();
      expect(gaveUp).toEqual([]);
      expect(await jobRow(database, id ?? '')).toMatchObject({
        status: 'running',
        attempts: 2,
        lockedBy: 'another server',
      });
    } finally {
      await owner.stop();
    }
  });

  it('a job whose lock expired is taken even while its worker still counts as alive', async () => {
    const shared = await sharedDatabase();
    // Killed at once: its last heartbeat says alive for 30 s, as long as its claim.
    const claimedId = await claimAndKill(shared.target, {
      JOB_CHILD_LOCK_MS: '30000',
      JOB_CHILD_HEARTBEAT_MS: '10000',
    });
    const parent = await shared.open();
    const [held] = await parent.db.select().from(jobs).where(eq(jobs.id, claimedId));
    expect(held).toMatchObject({ status: 'running', attempts: 1 });
    const lockedUntil = held?.lockedUntil ?? new Date();

    const ran: string[] = [];
    const handlers = testHandlers({ hang: { run: async (_payload, { job }) => void ran.push(job.id) } });
    // While the dead worker's lock and heartbeat hold, nobody takes the job.
    const early = createJobWorker({ db: parent.db, log: quiet }, handlers);
    early.wake();
    await early.idle();
    await early.stop();
    expect(ran).toEqual([]);

    const later = createJobWorker({ db: parent.db, log: quiet }, handlers, {
      now: () => new Date(lockedUntil.getTime() + 1),
    });
    later.wake();
    await later.idle();
    await later.stop();
    expect(ran).toEqual([claimedId]);
    expect(await jobRow(parent, claimedId)).toMatchObject({ status: 'done', attempts: 2, lockedBy: null });
  }, 120_000);
});
