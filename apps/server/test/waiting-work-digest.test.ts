import {
  nextDigest,
  queueWaitingWorkDigests,
  scheduleWaitingWorkDigest,
  waitingWorkDigestJob,
} from '@evident/api/jobs';
import { enqueueJobsOnce } from '@evident/db/queries/jobs';
import { jobs } from '@evident/db/schema';
import { listOutbox } from '@evident/mail/outbox-reader';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedClass } from './class-seed';
import { createTestEnv, type TestEnv } from './harness';
import { enrolledStudent, submission, unitWithTasks } from './matrix-fixtures';

// Issue 28, item 9: an assessor was not told that evidence waits. Each morning every assessor with
// evidence waiting in their scope (and the digest on) gets one mail: counts per unit, the longest wait.

let env: TestEnv;
let people: Awaited<ReturnType<typeof seed>>;
beforeAll(async () => {
  env = await createTestEnv();
  people = await seed();
});
afterAll(() => env.close());

// Noon UTC is the same date from Honolulu to Auckland, whatever zone the server runs in.
const noon = (day: string) => new Date(`${day}T12:00:00Z`);

async function seed() {
  const one = await unitWithTasks(env, 'DIG101', 3);
  const two = await unitWithTasks(env, 'DIG202', 1);
  const units = [one.unit.id, two.unit.id];
  const [t1, t2, t3] = one.tasks.map((task) => task.id);
  const [u1] = two.tasks.map((task) => task.id);
  const xena = await enrolledStudent(env, units, { firstName: 'Xena', lastName: 'Inclass' });
  const yuri = await enrolledStudent(env, units, { firstName: 'Yuri', lastName: 'Otherclass' });
  const nora = await enrolledStudent(env, units, { firstName: 'Nora', lastName: 'Noclass' });
  const annie = await env.signedIn('assessor', { firstName: 'Annie', lastName: 'Assessor' });
  const bert = await env.signedIn('assessor', { firstName: 'Bert', lastName: 'Assessor' });
  // Sees the students of their classes only, and has none: nothing waits for them.
  const carl = await env.signedIn('assessor', { firstName: 'Carl', lastName: 'Classesonly' });
  await env.db.execute(`update users set classes_only = true where id = '${carl.user.id}'`);
  const walt = await env.signedIn('assessor', { firstName: 'Walt', lastName: 'Waiting', approved: false });
  await seedClass(env.db, { name: 'X', unitIds: units, assessorIds: [annie.user.id], studentIds: [xena.id] });
  await seedClass(env.db, { name: 'Y', unitIds: units, assessorIds: [bert.user.id], studentIds: [yuri.id] });
  const waiting = (studentId: string, taskId: string | undefined, day: string) =>
    submission(env, { studentId, taskId: taskId ?? '', status: 'submitted', submittedAt: noon(day) });
  await waiting(xena.id, t1, '2026-11-20');
  await waiting(xena.id, u1, '2026-11-22');
  await submission(env, { studentId: xena.id, taskId: t2 ?? '', status: 'satisfactory' });
  await waiting(yuri.id, t1, '2026-11-19');
  await waiting(nora.id, t3, '2026-11-21');
  return { annie, bert, carl, walt };
}

/** Other servers on this database write their mail to their own outbox folders. */
const outboxes: string[] = [];

const digestsTo = (email: string) =>
  [env.config.mail.outboxDir, ...outboxes]
    .flatMap((dir) => listOutbox(dir))
    .filter((mail) => mail.to === email && mail.subject.endsWith('waiting for your decision'));

/** A day's digest, due now, as the worker would run it at the morning hour. */
async function runDigest(day: string) {
  await enqueueJobsOnce(env.db, [waitingWorkDigestJob({ day, dueAt: new Date() })]);
  env.services.jobs.wake();
  await env.services.jobs.idle();
}

describe("the morning digest of evidence waiting for an assessor's decision", () => {
  it("counts, per unit, the waiting work of the assessor's classes and of students in no class, and the longest wait", async () => {
    await runDigest('2030-01-01');
    const [toAnnie, ...more] = digestsTo(people.annie.user.email);
    expect(more).toEqual([]);
    // Xena (class X) and Nora (no class); not Yuri (class Y), nor Xena's graded task.
    expect(toAnnie?.subject).toBe('3 submissions waiting for your decision');
    expect(toAnnie?.text).toContain('Hi Annie,');
    expect(toAnnie?.text).toContain('3 submissions are waiting for your decision, in 2 units:');
    expect(toAnnie?.text).toContain('- DIG101 Unit DIG101: 2, waiting since 20 Nov 2026\n');
    expect(toAnnie?.text).toContain('- DIG202 Unit DIG202: 1, waiting since 22 Nov 2026\n');
    expect(toAnnie?.text).toContain(
      'The longest waiting is Xena Inclass’s “DIG101 task 1” (DIG101), sent 20 Nov 2026.',
    );
    expect(toAnnie?.text).toContain('Open Grading: http://evident.test/grading');
    expect(toAnnie?.text).toContain('turn it off on your account page: http://evident.test/account');

    const [toBert] = digestsTo(people.bert.user.email);
    expect(toBert?.subject).toBe('2 submissions waiting for your decision');
    expect(toBert?.text).toContain('- DIG101 Unit DIG101: 2, waiting since 19 Nov 2026\n');
    expect(toBert?.text).toContain('The longest waiting is Yuri Otherclass’s “DIG101 task 1”');
  });

  it('sends nothing to an assessor with nothing waiting, nor to one still waiting for approval', async () => {
    await runDigest('2030-01-02');
    expect(digestsTo(people.carl.user.email)).toEqual([]);
    expect(digestsTo(people.walt.user.email)).toEqual([]);
  });

  it('an assessor who turned it off gets none, and can turn it on again', async () => {
    const caller = await people.annie.caller();
    expect(await caller.account.digestMail.get()).toEqual({ on: true });
    expect(await caller.account.digestMail.set({ on: false })).toEqual({ on: false });
    expect(await caller.account.digestMail.get()).toEqual({ on: false });
    const before = {
      annie: digestsTo(people.annie.user.email).length,
      bert: digestsTo(people.bert.user.email).length,
    };
    await runDigest('2030-01-03');
    expect(digestsTo(people.annie.user.email)).toHaveLength(before.annie);
    expect(digestsTo(people.bert.user.email)).toHaveLength(before.bert + 1);

    await caller.account.digestMail.set({ on: true });
    await runDigest('2030-01-04');
    expect(digestsTo(people.annie.user.email)).toHaveLength(before.annie + 1);
  });

  it('a run queues the next morning, and a digest half a day late is skipped', async () => {
    const before = digestsTo(people.bert.user.email).length;
    const late = new Date(Date.now() - 13 * 60 * 60 * 1000);
    await enqueueJobsOnce(env.db, [waitingWorkDigestJob({ day: '2030-01-05', dueAt: late })]);
    env.services.jobs.wake();
    await env.services.jobs.idle();
    expect(digestsTo(people.bert.user.email)).toHaveLength(before);
    const next = await env.db.select().from(jobs).where(like(jobs.dedupeKey, 'digest:____-__-__'));
    expect(next.filter((job) => job.status === 'queued').map((job) => job.kind)).toEqual([
      'waiting-work-digest',
    ]);
  });
});

describe('one digest a day, however many servers', () => {
  it('two instances scheduling at once queue one job; two workers send each assessor one mail', async () => {
    const second = await createTestEnv({ database: env.database });
    outboxes.push(second.config.mail.outboxDir);
    try {
      // Both start up (or finish a day's run) at once: a day no one has queued yet.
      const now = new Date('2031-03-01T00:00:00Z');
      const asked = await Promise.all([
        scheduleWaitingWorkDigest(env.db, { now, timeZone: 'Australia/Sydney' }),
        scheduleWaitingWorkDigest(second.db, { now, timeZone: 'Australia/Sydney' }),
      ]);
      expect(asked.sort()).toEqual([false, true]);
      const { day } = nextDigest(now, 'Australia/Sydney');
      const keyed = await env.db
        .select()
        .from(jobs)
        .where(eq(jobs.dedupeKey, `digest:${day}`));
      expect(keyed).toHaveLength(1);

      const before = digestsTo(people.bert.user.email).length;
      const due = waitingWorkDigestJob({ day: '2030-02-01', dueAt: new Date() });
      const queued = await Promise.all([enqueueJobsOnce(env.db, [due]), enqueueJobsOnce(second.db, [due])]);
      expect(queued.flat()).toHaveLength(1);
      env.services.jobs.wake();
      second.services.jobs.wake();
      await Promise.all([env.services.jobs.idle(), second.services.jobs.idle()]);
      await env.services.jobs.idle();
      expect(digestsTo(people.bert.user.email)).toHaveLength(before + 1);

      // Done is remembered: the same day asked for again queues nothing, so nobody hears twice.
      expect(await enqueueJobsOnce(second.db, [due])).toEqual([]);
      // A run cut short after queueing its mails and run again queues none of them again.
      const rerun = { day: '2030-02-01', timeZone: 'UTC', appUrl: 'http://evident.test' };
      expect(await queueWaitingWorkDigests(second.db, rerun)).toBe(0);
    } finally {
      await second.services.jobs.stop();
    }
  });

  it("the next morning is at 7 on the organisation's clock, through daylight saving", () => {
    const sydney = (at: string) => nextDigest(new Date(at), 'Australia/Sydney');
    // 6:59 am in Sydney (daylight time, UTC+11): today's is a minute away; at 7:00 it is tomorrow's.
    expect(sydney('2026-11-26T19:59:00Z')).toEqual({
      day: '2026-11-27',
      dueAt: new Date('2026-11-26T20:00:00Z'),
    });
    expect(sydney('2026-11-26T20:00:00Z')).toEqual({
      day: '2026-11-28',
      dueAt: new Date('2026-11-27T20:00:00Z'),
    });
    // Daylight saving starts on 4 October 2026: 7 am is 21:00 UTC the day before it, 20:00 from it on.
    expect(sydney('2026-10-03T09:00:00Z').dueAt).toEqual(new Date('2026-10-03T20:00:00Z'));
    expect(sydney('2026-10-02T09:00:00Z').dueAt).toEqual(new Date('2026-10-02T21:00:00Z'));
    expect(nextDigest(new Date('2026-11-26T12:00:00Z'), 'Australia/Perth')).toEqual({
      day: '2026-11-27',
      dueAt: new Date('2026-11-26T23:00:00Z'),
    });
  });
});
