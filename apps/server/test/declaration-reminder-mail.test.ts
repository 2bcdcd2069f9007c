import { auditEvents } from '@evident/db/schema';
import { listOutbox } from '@evident/mail/outbox-reader';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, recordPdf, studentWithUnit } from './evidence-fixtures';
import { createTestEnv, type TestEnv } from './harness';

// Issue 29 §3: evidence recorded without the student's declaration (POST /api/evidence without
// declarationVersion, as the spec's callers send it) queues a mail asking for it, in the same
// transaction: at most one per student and unit a day, held by the database, not by a server's memory.

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv({ videoConverter: null });
});
afterAll(() => env?.close());

const send = (caller: Caller, taskId: string, fileName: string, declarationVersion?: number) =>
  recordPdf(env, caller, taskId, fileName, declarationVersion);

async function remindersTo(email: string) {
  await env.services.jobs.idle();
  return listOutbox(env.config.mail.outboxDir).filter(
    (mail) => mail.to === email && mail.subject.startsWith('Declaration needed in'),
  );
}

const remindedRows = (studentId: string) =>
  env.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, 'declaration.reminded'), eq(auditEvents.subjectId, studentId)));

/** As if the day's reminder had gone yesterday: the next day may remind again. */
const dayLater = (studentId: string) =>
  env.db
    .update(auditEvents)
    .set({ createdAt: sql`${auditEvents.createdAt} - interval '1 day'` })
    .where(and(eq(auditEvents.action, 'declaration.reminded'), eq(auditEvents.subjectId, studentId)));

describe('the reminder to declare, by mail', () => {
  it('mails once for several undeclared files in a unit the same day, naming them and linking to the task', async () => {
    const { student, caller, task, otherTask } = await studentWithUnit(env);
    const first = await send(caller, task.id, 'site-log.pdf');
    await send(caller, task.id, 'toolbox-talk.pdf');
    await send(caller, otherTask.id, 'swms.pdf');

    const mails = await remindersTo(student.user.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe('Declaration needed in RIIWHS204E');
    expect(mail?.text).toContain(`site-log.pdf (${task.title})`);
    expect(mail?.text).toContain('sent without your declaration that the evidence is your own work');
    expect(mail?.text).toContain(`${env.config.publicUrl}/?unit=${task.unitId}&task=${task.id}`);
    const rows = await remindedRows(student.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: student.user.id, actingAsId: null });
    expect(rows[0]?.detail).toMatchObject({ unitId: task.unitId, unitCode: 'RIIWHS204E', files: 1 });
    // The file itself is recorded 'Not declared', as before.
    expect(first.file).toMatchObject({ fileName: 'site-log.pdf' });
  });

  it('sends none for a declared upload, nor once the student has declared; an undeclared file the next day is asked for again', async () => {
    const { student, caller, task } = await studentWithUnit(env);
    await send(caller, task.id, 'declared.pdf', 1);
    expect(await remindersTo(student.user.email)).toHaveLength(0);
    expect(await remindedRows(student.user.id)).toHaveLength(0);

    const undeclared = await send(caller, task.id, 'undeclared.pdf');
    expect(await remindersTo(student.user.email)).toHaveLength(1);
    await caller.student.declarations.record({ fileIds: [undeclared.file.id], declarationVersion: 1 });
    await dayLater(student.user.id);
    await send(caller, task.id, 'declared-again.pdf', 1);
    expect(await remindersTo(student.user.email)).toHaveLength(1);

    const late = await send(caller, task.id, 'next-day.pdf');
    const mails = await remindersTo(student.user.email);
    expect(mails).toHaveLength(2);
    // The second names only what is still undeclared.
    const latest = mails.find((mail) => mail.text.includes('next-day.pdf'));
    expect(latest?.text).not.toContain('undeclared.pdf');
    expect(late.file.fileName).toBe('next-day.pdf');
  });

  it('uploads at the same moment still mail once', async () => {
    const { student, caller, task, otherTask } = await studentWithUnit(env);
    await Promise.all([
      send(caller, task.id, 'a.pdf'),
      send(caller, task.id, 'b.pdf'),
      send(caller, otherTask.id, 'c.pdf'),
      send(caller, otherTask.id, 'd.pdf'),
    ]);
    expect(await remindersTo(student.user.email)).toHaveLength(1);
    expect(await remindedRows(student.user.id)).toHaveLength(1);
  });

  it('reminds per unit: an undeclared file in another unit the same day is asked for too', async () => {
    const { student, caller, task } = await studentWithUnit(env);
    await caller.student.units.setUp({ unitCode: 'HLTINF006' });
    const other = (await caller.student.tasks.list()).find((t) => t.unitId !== task.unitId);
    if (!other) throw new Error('the second unit has no tasks');
    await send(caller, task.id, 'first-unit.pdf');
    await send(caller, other.id, 'second-unit.pdf');
    const mails = await remindersTo(student.user.email);
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      'Declaration needed in HLTINF006',
      'Declaration needed in RIIWHS204E',
    ]);
  });
});
