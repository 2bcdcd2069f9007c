import { defaultRateLimits } from '@evident/api/rate-limits';
import { auditEvents } from '@evident/db/schema';
import { listOutbox } from '@evident/mail/outbox-reader';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from './harness';
import { enrolledStudent, seedMatrixUnits, submission, unitWithTasks } from './matrix-fixtures';

let env: TestEnv;
let app: Awaited<ReturnType<TestEnv['app']>>;
let fx: Awaited<ReturnType<typeof seedMatrixUnits>>;

beforeAll(async () => {
  env = await createTestEnv();
  app = await env.app();
  fx = await seedMatrixUnits(env);
});
afterAll(async () => {
  await app.close();
  await env.close();
});

async function assessor() {
  return (await env.signedIn('assessor')).caller();
}

describe('Email Outstanding', () => {
  const reminders = () =>
    listOutbox(env.config.mail.outboxDir).filter((message) => message.subject.startsWith('Outstanding'));

  it('mails each incomplete student their outstanding tasks once, and not again within the hour', async () => {
    const caller = await assessor();
    expect(await caller.staff.outstanding.list({ unitId: fx.one.unit.id })).toEqual({
      incomplete: 2,
      toEmail: 2,
      recentlyReminded: 0,
    });
    const first = await caller.staff.outstanding.email({ unitId: fx.one.unit.id });
    expect(first).toEqual({ sent: 2, skipped: 0, failed: 0 });
    // The mails are jobs, sent by the worker just after the answer.
    await env.services.jobs.idle();

    const mail = reminders();
    expect(mail.map((message) => message.to).sort()).toEqual([fx.ben.email, fx.cy.email].sort());
    const toBen = mail.find((message) => message.to === fx.ben.email);
    expect(toBen?.subject).toBe('Outstanding tasks in MTX1');
    expect(toBen?.text).toContain('Hi Ben,');
    expect(toBen?.text).toContain('You have 2 tasks still to complete in MTX1 Unit MTX1:');
    expect(toBen?.text).toContain('- MTX1 task 2 (Not Yet Satisfactory)\n- MTX1 task 3 (Pending)');
    expect(toBen?.text).not.toContain('MTX1 task 1 (');
    expect(mail.find((message) => message.to === fx.cy.email)?.text).toContain('You have 3 tasks');

    const recorded = await env.db.select().from(auditEvents).where(eq(auditEvents.action, 'reminder.sent'));
    expect(recorded.map((row) => row.subjectId).sort()).toEqual([fx.ben.id, fx.cy.id].sort());

    // Another assessor, a minute later: nobody is mailed twice within the hour.
    const other = await assessor();
    expect(await other.staff.outstanding.list({ unitId: fx.one.unit.id })).toMatchObject({
      toEmail: 0,
      recentlyReminded: 2,
    });
    expect(await other.staff.outstanding.email({ unitId: fx.one.unit.id })).toEqual({
      sent: 0,
      skipped: 2,
      failed: 0,
    });
    expect(reminders()).toHaveLength(2);

    // An hour on, they may be reminded again.
    await env.db
      .update(auditEvents)
      .set({ createdAt: sql`${auditEvents.createdAt} - interval '61 minutes'` })
      .where(eq(auditEvents.action, 'reminder.sent'));
    expect(await other.staff.outstanding.email({ unitId: fx.one.unit.id })).toMatchObject({ sent: 2 });
    await env.services.jobs.idle();
    expect(reminders()).toHaveLength(4);
  });

  it('lists only what a student still has to do: not tasks submitted and waiting, but NYS ones', async () => {
    const unit = await unitWithTasks(env, 'MTX4', 3);
    const [t1, t2, t3] = unit.tasks as [
      (typeof unit.tasks)[0],
      (typeof unit.tasks)[0],
      (typeof unit.tasks)[0],
    ];
    const dee = await enrolledStudent(env, [unit.unit.id], { firstName: 'Dee', lastName: 'Dunn' });
    const eve = await enrolledStudent(env, [unit.unit.id], { firstName: 'Eve', lastName: 'Evans' });
    await submission(env, { studentId: dee.id, taskId: t1.id, status: 'submitted' });
    await submission(env, { studentId: dee.id, taskId: t2.id, status: 'not_yet_satisfactory' });
    // Eve has done everything she can: one task signed off, two waiting for the assessor.
    await submission(env, { studentId: eve.id, taskId: t1.id, status: 'satisfactory' });
    await submission(env, { studentId: eve.id, taskId: t2.id, status: 'submitted' });
    await submission(env, { studentId: eve.id, taskId: t3.id, status: 'submitted' });

    const caller = await assessor();
    expect(await caller.staff.outstanding.list({ unitId: unit.unit.id })).toEqual({
      incomplete: 1,
      toEmail: 1,
      recentlyReminded: 0,
    });
    expect(await caller.staff.outstanding.email({ unitId: unit.unit.id })).toMatchObject({ sent: 1 });
    await env.services.jobs.idle();
    const mail = reminders().filter((message) => message.subject === 'Outstanding tasks in MTX4');
    expect(mail.map((message) => message.to)).toEqual([dee.email]);
    expect(mail[0]?.text).toContain('You have 2 tasks still to complete in MTX4 Unit MTX4:');
    expect(mail[0]?.text).toContain('- MTX4 task 2 (Not Yet Satisfactory)\n- MTX4 task 3 (Pending)\n');
    expect(mail[0]?.text).not.toContain('MTX4 task 1');
  });

  it('a student may not send reminders', async () => {
    const student = await env.signedIn('student');
    await expect(
      (await student.caller()).staff.outstanding.email({ unitId: fx.one.unit.id }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('Email Outstanding is rate limited', () => {
  it('an assessor who presses it too often is told to wait', async () => {
    const limited = await createTestEnv({
      rateLimits: { ...defaultRateLimits, remindersUser: { points: 1, durationSeconds: 3600 } },
    });
    try {
      const { unit } = await unitWithTasks(limited, 'RATE1', 1);
      const caller = await (await limited.signedIn('assessor')).caller();
      await caller.staff.outstanding.email({ unitId: unit.id });
      await expect(caller.staff.outstanding.email({ unitId: unit.id })).rejects.toMatchObject({
        code: 'TOO_MANY_REQUESTS',
      });
    } finally {
      await limited.close();
    }
  });
});

describe('Email Outstanding and undeclared evidence (issue 29)', () => {
  it('asks a student to declare files sent without a declaration, even when no task is outstanding', async () => {
    const unit = await unitWithTasks(env, 'MTX5', 2);
    const [t1, t2] = unit.tasks as [(typeof unit.tasks)[0], (typeof unit.tasks)[0]];
    // Fay: everything sent and waiting, one file by a script that sent no declaration.
    const fay = await enrolledStudent(env, [unit.unit.id], { firstName: 'Fay', lastName: 'Fox' });
    await submission(env, { studentId: fay.id, taskId: t1.id, status: 'submitted' });
    await submission(env, { studentId: fay.id, taskId: t2.id, status: 'submitted', declared: false });
    // Gus: a task still pending, and an undeclared file on the other.
    const gus = await enrolledStudent(env, [unit.unit.id], { firstName: 'Gus', lastName: 'Gray' });
    await submission(env, { studentId: gus.id, taskId: t1.id, status: 'satisfactory', declared: false });

    const caller = await assessor();
    expect(await caller.staff.outstanding.list({ unitId: unit.unit.id })).toMatchObject({ toEmail: 2 });
    expect(await caller.staff.outstanding.email({ unitId: unit.unit.id })).toMatchObject({ sent: 2 });
    await env.services.jobs.idle();
    const outbox = listOutbox(env.config.mail.outboxDir);
    const toFay = outbox.find((message) => message.to === fay.email);
    expect(toFay?.subject).toBe('Declaration needed in MTX5');
    expect(toFay?.text).toContain('Your evidence in MTX5 Unit MTX5 needs your declaration:');
    expect(toFay?.text).toContain('This file was sent without your declaration');
    expect(toFay?.text).toContain('- photo-1.jpg (MTX5 task 2)');
    const toGus = outbox.find((message) => message.to === gus.email);
    expect(toGus?.subject).toBe('Outstanding tasks in MTX5');
    expect(toGus?.text).toContain('- MTX5 task 2 (Pending)');
    expect(toGus?.text).toContain('- photo-1.jpg (MTX5 task 1)');
    expect(toGus?.text).toContain('This file was sent without your declaration');
  });
});
