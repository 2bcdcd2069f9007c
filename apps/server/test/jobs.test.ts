import type { AddressInfo } from 'node:net';
import { createJobWorker, type JobHandler, type JobHandlers } from '@evident/api/jobs';
import type { DomainEvent } from '@evident/core/events';
import type { EventBus } from '@evident/core/ports/events';
import { type DatabaseHandle, openDatabase } from '@evident/db/client';
import { claimJob, deleteFinishedJobs, enqueueJob, type NewJob } from '@evident/db/queries/jobs';
import { jobs } from '@evident/db/schema';
import { listOutbox } from '@evident/mail/outbox-reader';
import { eq, inArray, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, openTestDatabase, type TestEnv } from './harness';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const quiet = { info() {}, warn() {}, error() {} };

let database: DatabaseHandle & { url?: string };
const cleanups: (() => Promise<void> | void)[] = [];
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await database.close();
});

const jobRow = async (id: string) => (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0];

/**
 * These tests drive the worker with kinds of their own, which the table of the server's kinds
 * (packages/core/src/job-kinds.ts) does not name: they test the machinery, not a kind.
 */
type TestJob = { kind: string; payload: unknown; dedupeKey?: string; maxAttempts?: number };
const testJob = (job: TestJob) => job as unknown as NewJob;
const testHandlers = (handlers: Record<string, JobHandler>): JobHandlers => handlers;

/** Queues a job and answers its id. */
async function queue(job: TestJob): Promise<string> {
  const id = await enqueueJob(database.db, testJob(job));
  if (!id) throw new Error('the job was not queued');
  return id;
}

describe('the job worker', () => {
  it('a job queued now is due at once for a worker comparing with its own millisecond clock', async () => {
    const id = await queue({ kind: 'clock-check', payload: {} });
    // PostgreSQL's now() keeps microseconds, a JavaScript Date does not: a run_after from the database
    // could lie after the worker's "now" within the same millisecond and wait for the next poll.
    const [stored] = await database.db
      .select({ micros: sql<number>`(extract(microseconds from ${jobs.runAfter})::bigint % 1000)::int` })
      .from(jobs)
      .where(eq(jobs.id, id));
    expect(stored?.micros).toBe(0);
    const claimed = await claimJob(database.db, {
      kinds: ['clock-check'],
      workerId: 'clock-test',
      now: new Date(),
      lockMs: 1000,
    });
    expect(claimed?.id).toBe(id);
  });

  it('two workers share sixty jobs and no job runs twice', async () => {
    // On PostgreSQL the second worker has its own pool, as another server would.
    const other =
      onPostgres && database.url
        ? await openDatabase({ kind: 'postgres', url: database.url, maxConnections: 4 })
        : null;
    const ran: { id: string; worker: string }[] = [];
    const handlersFor = (worker: string) =>
      testHandlers({
        count: {
          concurrency: 3,
          async run(_payload, { job }) {
            ran.push({ id: job.id, worker });
            await new Promise((resolve) => setTimeout(resolve, 2));
          },
        },
      });
    const ids: string[] = [];
    for (let i = 0; i < 60; i++) ids.push(await queue({ kind: 'count', payload: { i } }));
    const a = createJobWorker({ db: database.db, log: quiet }, handlersFor('a'));
    const b = createJobWorker({ db: other?.db ?? database.db, log: quiet }, handlersFor('b'));
    try {
      a.wake();
      b.wake();
      await Promise.all([a.idle(), b.idle()]);
      expect(ran.map((r) => r.id).sort()).toEqual(ids.toSorted());
      const rows = await database.db.select().from(jobs).where(inArray(jobs.id, ids));
      expect(rows.every((row) => row.status === 'done' && row.attempts === 1 && row.lockedBy === null)).toBe(
        true,
      );
      // Both took part (each claims while the other runs what it claimed).
      expect(new Set(ran.map((r) => r.worker))).toEqual(new Set(['a', 'b']));
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      await other?.close();
    }
  });

  it('a failing job is retried with exponential backoff, recording the error, then failed for good', async () => {
    let clock = new Date(Date.now() + 60_000);
    const gaveUp: string[] = [];
    let calls = 0;
    const worker = createJobWorker(
      { db: database.db, log: quiet },
      testHandlers({
        flaky: {
          async run() {
            calls++;
            throw new Error(`451 mail server busy (${calls})`);
          },
          async gaveUp(_payload, error) {
            gaveUp.push(error);
          },
        },
      }),
      { now: () => clock, retryBaseMs: 60_000 },
    );
    const id = await queue({ kind: 'flaky', payload: {}, maxAttempts: 3 });
    const runOnce = async () => {
      worker.wake();
      await worker.idle();
      return jobRow(id);
    };
    try {
      const first = await runOnce();
      expect(first).toMatchObject({ status: 'queued', attempts: 1, lastError: '451 mail server busy (1)' });
      expect(first?.runAfter.getTime()).toBe(clock.getTime() + 60_000);

      // Not due yet: nothing runs.
      expect(await runOnce()).toMatchObject({ attempts: 1 });
      expect(calls).toBe(1);

      clock = new Date(clock.getTime() + 60_000);
      const second = await runOnce();
      expect(second).toMatchObject({ status: 'queued', attempts: 2, lastError: '451 mail server busy (2)' });
      expect(second?.runAfter.getTime()).toBe(clock.getTime() + 120_000);

      clock = new Date(clock.getTime() + 120_000);
      const third = await runOnce();
      expect(third).toMatchObject({ status: 'failed', attempts: 3, lastError: '451 mail server busy (3)' });
      expect(third?.finishedAt?.getTime()).toBe(clock.getTime());
      expect(gaveUp).toEqual(['451 mail server busy (3)']);

      clock = new Date(clock.getTime() + 24 * 3600_000);
      await runOnce();
      expect(calls).toBe(3);
    } finally {
      await worker.stop();
    }
  });

  it('the same work is queued once while it waits, and may be queued again once done', async () => {
    const job = testJob({ kind: 'dedupe', payload: { fileId: 'f1' }, dedupeKey: 'dedupe:f1' });
    expect(await enqueueJob(database.db, job)).not.toBeNull();
    expect(await enqueueJob(database.db, job)).toBeNull();
    expect(await database.db.select().from(jobs).where(eq(jobs.kind, 'dedupe'))).toHaveLength(1);
    let runs = 0;
    const worker = createJobWorker(
      { db: database.db, log: quiet },
      testHandlers({ dedupe: { run: async () => void runs++ } }),
    );
    worker.wake();
    await worker.idle();
    await worker.stop();
    expect(runs).toBe(1);
    expect(await enqueueJob(database.db, job)).not.toBeNull();
    const rows = await database.db.select().from(jobs).where(eq(jobs.kind, 'dedupe'));
    expect(rows.map((row) => row.status).sort()).toEqual(['done', 'queued']);

    // Finished jobs are deleted after a while; waiting ones never.
    await deleteFinishedJobs(database.db, { before: new Date(Date.now() + 60_000) });
    const left = await database.db.select().from(jobs).where(eq(jobs.kind, 'dedupe'));
    expect(left.map((row) => row.status)).toEqual(['queued']);
  });
});

describe('mail as jobs', () => {
  it('a mail the SMTP server refuses is sent on a later attempt, and the request that caused it succeeded', async () => {
    const received: string[] = [];
    let refusals = 1;
    let delivered: () => void = () => {};
    const arrived = new Promise<void>((resolve) => {
      delivered = resolve;
    });
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => {
          data += chunk.toString('utf8');
        });
        stream.on('end', () => {
          if (refusals > 0) {
            refusals--;
            return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
          }
          received.push(data);
          callback();
          delivered();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
    const { port } = smtp.server.address() as AddressInfo;
    const env: TestEnv = await createTestEnv({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true` },
      jobs: { retryBaseMs: 20, pollMs: 20 },
    });
    cleanups.push(() => env.close());

    const visitor = await env.browser().caller();
    const { user } = await visitor.auth.accounts.register({
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.com',
      password: 'compilers-are-fun',
    });
    expect(user.email).toBe('grace@example.com');
    await arrived;
    expect(received).toHaveLength(1);
    expect(received[0]).toMatch(/^Subject: Welcome to Evident$/m);
    await env.services.jobs.idle();
    const [job] = await env.db.select().from(jobs).where(eq(jobs.kind, 'mail'));
    // Sent: the job keeps no copy of the message (a reset mail's link is a live credential).
    expect(job).toMatchObject({ status: 'done', attempts: 2, payload: {} });
    expect(job?.lastError).toMatch(/451/);
    // Nothing fell back to the outbox folder.
    expect(listOutbox(env.config.mail.outboxDir)).toEqual([]);
  });
});

describe('events that fail to publish', () => {
  it('are queued as jobs and published again, not lost', async () => {
    const heard: DomainEvent[] = [];
    let failures = 1;
    const flaky: EventBus = {
      async publish(event) {
        if (failures > 0) {
          failures--;
          throw new Error('the connection to the database was lost');
        }
        heard.push(event);
      },
      subscribe: () => () => {},
    };
    const lines: string[] = [];
    const env = await createTestEnv({
      events: flaky,
      logDestination: { write: (line: string) => void lines.push(line) },
    });
    cleanups.push(() => env.close());
    const event: DomainEvent = { type: 'unit.changed', unitId: '00000000-0000-4000-8000-000000000009' };
    await env.services.events.publish(event);
    await env.services.jobs.idle();
    expect(heard).toEqual([event]);
    const [job] = await env.db.select().from(jobs).where(eq(jobs.kind, 'event'));
    expect(job).toMatchObject({ status: 'done', attempts: 1, payload: event });
    expect(lines.map((line) => JSON.parse(line).msg)).toContain(
      'could not publish unit.changed; it is queued to publish again',
    );
  });
});
