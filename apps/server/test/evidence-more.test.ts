import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { DomainEvent } from '@evident/core/events';
import { auditEvents, evidenceFiles, gradingDecisions, submissions } from '@evident/db/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evidenceRows, jpeg, pathOf, pdf, studentWithUnit } from './evidence-fixtures';
import { createTestEnv, type TestEnv } from './harness';

/**
 * Issue 10.4: while a submission waits for the assessor the student can add more files to it and
 * withdraw one uploaded by mistake. A withdrawn file leaves every view but is kept, with who
 * withdrew it and when; graded evidence cannot be withdrawn.
 */
let env: TestEnv;
let app: Awaited<ReturnType<TestEnv['app']>>;
const events: DomainEvent[] = [];
beforeAll(async () => {
  env = await createTestEnv();
  app = await env.app();
  env.services.events.subscribe((event) => events.push(event));
});
afterAll(async () => {
  await app.close();
  await env.close();
});

type Caller = Awaited<ReturnType<typeof studentWithUnit>>['caller'];

/** upload-url, the PUT, then record: one file of evidence for a task. */
async function addFile(caller: Caller, taskId: string, fileName: string, fileType: string, body: Buffer) {
  const grant = await caller.student.evidence.requestUploadUrl({ fileName, fileType });
  const stored = await app.inject({
    method: 'PUT',
    url: pathOf(grant.uploadUrl),
    headers: { 'content-type': fileType },
    payload: body,
  });
  expect(stored.statusCode, stored.body).toBe(200);
  return caller.student.evidence.record({ taskId, fileName, fileType, objectPath: grant.objectPath });
}

async function submissionRow(id: string) {
  const [row] = await env.db.select().from(submissions).where(eq(submissions.id, id));
  if (!row) throw new Error('no submission');
  return row;
}

function cookieOf(client: { sessionId: string | null }) {
  return `${env.services.sessions.cookieName}=${client.sessionId}`;
}

describe('adding more evidence before it is graded', () => {
  it('a student adds a second file to a submitted task: it stays submitted, newly dated, with both files', async () => {
    const { student, caller, task } = await studentWithUnit(env);
    const first = await addFile(caller, task.id, 'photo.jpg', 'image/jpeg', await jpeg(200, 150));
    const before = await submissionRow(first.submission.id);
    // The photo's thumbnail is made in the background; its event is not what this test is about.
    await env.services.jobs.idle();
    events.length = 0;

    const second = await addFile(caller, task.id, 'talk.pdf', 'application/pdf', pdf());
    expect(second.submission).toEqual({ id: first.submission.id, taskId: task.id, status: 'submitted' });
    expect(second.file.isPrimary).toBe(false);
    const after = await submissionRow(first.submission.id);
    expect(after.status).toBe('submitted');
    expect(after.submittedAt.getTime()).toBeGreaterThan(before.submittedAt.getTime());

    const evidence = await caller.student.evidence.list({ taskId: task.id });
    expect(evidence.submission?.files.map((f) => f.fileName)).toEqual(['photo.jpg', 'talk.pdf']);
    const listed = (await caller.student.tasks.list()).find((t) => t.id === task.id);
    expect(listed?.submission).toMatchObject({ status: 'submitted', fileCount: 2 });
    expect(events).toEqual([
      {
        type: 'submission.created',
        submissionId: first.submission.id,
        studentId: student.user.id,
        taskId: task.id,
        unitId: task.unitId,
      },
    ]);
  });

  it('a task graded satisfactory still takes no more evidence', async () => {
    const { student, caller, task } = await studentWithUnit(env);
    const first = await addFile(caller, task.id, 'photo.jpg', 'image/jpeg', await jpeg(100, 100));
    await env.db
      .update(submissions)
      .set({ status: 'satisfactory', gradedAt: new Date() })
      .where(eq(submissions.id, first.submission.id));
    await expect(addFile(caller, task.id, 'late.pdf', 'application/pdf', pdf())).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('satisfactory'),
    });
    expect(await evidenceRows(env, student.user.id)).toEqual({ submissions: 1, files: 1 });
  });
});

describe('withdrawing a file uploaded by mistake', () => {
  it('a student withdraws a file: it leaves every view, is kept with who and when, and the object stays', async () => {
    const { student, caller, task } = await studentWithUnit(env);
    const wrong = await addFile(caller, task.id, 'wrong.jpg', 'image/jpeg', await jpeg(120, 90));
    const right = await addFile(caller, task.id, 'right.pdf', 'application/pdf', pdf());
    await env.services.jobs.idle();
    events.length = 0;

    const answer = await caller.student.evidence.withdraw({ fileId: wrong.file.id });
    expect(answer).toMatchObject({
      fileId: wrong.file.id,
      submissionId: wrong.submission.id,
      status: 'submitted',
    });

    const evidence = await caller.student.evidence.list({ taskId: task.id });
    // The remaining file becomes the primary one.
    expect(evidence.submission?.files.map((f) => [f.fileName, f.isPrimary])).toEqual([['right.pdf', true]]);
    expect((await caller.student.tasks.list()).find((t) => t.id === task.id)?.submission).toMatchObject({
      status: 'submitted',
      fileCount: 1,
    });

    const [row] = await env.db.select().from(evidenceFiles).where(eq(evidenceFiles.id, wrong.file.id));
    expect(row?.withdrawnBy).toBe(student.user.id);
    expect(row?.withdrawnAt).toBeInstanceOf(Date);
    expect(existsSync(join(env.dataDir, 'files', row?.objectPath ?? 'missing'))).toBe(true);
    const audit = await env.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'evidence.withdrawn'), eq(auditEvents.subjectId, wrong.file.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: student.user.id,
      detail: expect.objectContaining({ submissionId: wrong.submission.id, fileName: 'wrong.jpg' }),
    });
    expect(events).toEqual([
      {
        type: 'evidence.withdrawn',
        submissionId: wrong.submission.id,
        studentId: student.user.id,
        taskId: task.id,
        unitId: task.unitId,
        fileId: wrong.file.id,
      },
    ]);
    expect(right.file.isPrimary).toBe(false);
  });

  it('over REST: POST /api/evidence/{fileId}/withdraw', async () => {
    const { student, caller, task } = await studentWithUnit(env);
    const first = await addFile(caller, task.id, 'a.jpg', 'image/jpeg', await jpeg(100, 100));
    await addFile(caller, task.id, 'b.pdf', 'application/pdf', pdf());
    const response = await app.inject({
      method: 'POST',
      url: `/api/evidence/${first.file.id}/withdraw`,
      headers: { cookie: cookieOf(student), 'content-type': 'application/json' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ fileId: first.file.id });
    const again = await app.inject({
      method: 'POST',
      url: `/api/evidence/${first.file.id}/withdraw`,
      headers: { cookie: cookieOf(student), 'content-type': 'application/json' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.body).toBe('This file has already been withdrawn');
  });

  it('the last remaining file is refused with what to do instead, and nothing changes', async () => {
    const { caller, task } = await studentWithUnit(env);
    const only = await addFile(caller, task.id, 'only.jpg', 'image/jpeg', await jpeg(100, 100));
    await expect(caller.student.evidence.withdraw({ fileId: only.file.id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'This is the only file for this task. Add the right file first, then withdraw this one',
    });
    const [row] = await env.db.select().from(evidenceFiles).where(eq(evidenceFiles.id, only.file.id));
    expect(row?.withdrawnAt).toBeNull();
  });

  it('a file of a graded submission is refused with 409', async () => {
    const { student, caller, task } = await studentWithUnit(env);
    const first = await addFile(caller, task.id, 'a.jpg', 'image/jpeg', await jpeg(100, 100));
    await addFile(caller, task.id, 'b.pdf', 'application/pdf', pdf());
    await env.db
      .update(submissions)
      .set({ status: 'satisfactory', gradedAt: new Date() })
      .where(eq(submissions.id, first.submission.id));
    const response = await app.inject({
      method: 'POST',
      url: `/api/evidence/${first.file.id}/withdraw`,
      headers: { cookie: cookieOf(student), 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.body).toBe('This evidence has already been graded, so it can no longer be withdrawn');
  });

  it('a file an assessor already judged (before a not-yet-satisfactory) stays, even after new evidence', async () => {
    const { caller, task } = await studentWithUnit(env);
    const judged = await addFile(caller, task.id, 'judged.jpg', 'image/jpeg', await jpeg(100, 100));
    await env.db
      .update(submissions)
      .set({ status: 'not_yet_satisfactory', gradedAt: new Date(), strategiesForReassessment: 'Redo it' })
      .where(eq(submissions.id, judged.submission.id));
    await env.db.insert(gradingDecisions).values({
      submissionId: judged.submission.id,
      status: 'not_yet_satisfactory',
      strategiesForReassessment: 'Redo it',
      fileIds: [judged.file.id],
    });
    const fresh = await addFile(caller, task.id, 'fresh.pdf', 'application/pdf', pdf());
    const extra = await addFile(caller, task.id, 'extra.pdf', 'application/pdf', pdf(10));
    await expect(caller.student.evidence.withdraw({ fileId: judged.file.id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Your assessor has already assessed this file, so it stays with your evidence',
    });
    await caller.student.evidence.withdraw({ fileId: extra.file.id });
    const evidence = await caller.student.evidence.list({ taskId: task.id });
    expect(evidence.submission?.files.map((f) => f.fileName)).toEqual(['judged.jpg', 'fresh.pdf']);
    expect(fresh.submission.status).toBe('submitted');
  });

  it("another student's file is not found, and an assessor may not withdraw a student's file", async () => {
    const owner = await studentWithUnit(env);
    const file = await addFile(owner.caller, owner.task.id, 'a.jpg', 'image/jpeg', await jpeg(100, 100));
    await addFile(owner.caller, owner.task.id, 'b.pdf', 'application/pdf', pdf());
    const stranger = await studentWithUnit(env);
    await expect(stranger.caller.student.evidence.withdraw({ fileId: file.file.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Evidence file not found',
    });
    const assessor = await env.signedIn('assessor');
    await expect(
      (await assessor.caller()).student.evidence.withdraw({ fileId: file.file.id }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(owner.caller.student.evidence.withdraw({ fileId: 'not-a-uuid' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    const [row] = await env.db.select().from(evidenceFiles).where(eq(evidenceFiles.id, file.file.id));
    expect(row?.withdrawnAt).toBeNull();
  });

  it('an admin viewing as a student withdraws as that student; the record names the admin', async () => {
    const { student, caller, task } = await studentWithUnit(env);
    const first = await addFile(caller, task.id, 'a.jpg', 'image/jpeg', await jpeg(100, 100));
    await addFile(caller, task.id, 'b.pdf', 'application/pdf', pdf());
    const admin = await env.signedIn('rto_admin');
    await (await admin.caller()).admin.impersonation.start({ userId: student.user.id });
    await (await admin.caller()).student.evidence.withdraw({ fileId: first.file.id });
    const [row] = await env.db.select().from(evidenceFiles).where(eq(evidenceFiles.id, first.file.id));
    expect(row?.withdrawnBy).toBe(admin.user.id);
  });
});

describe('student tasks across units', () => {
  it('a student in two units gets each task with its unit', async () => {
    const { student, caller } = await studentWithUnit(env, 'RIIWHS204E');
    await caller.student.units.setUp({ unitCode: 'HLTINF006' });
    const response = await app.inject({
      method: 'GET',
      url: '/api/student/tasks',
      headers: { cookie: cookieOf(student) },
    });
    const tasks: { unitId: string; unit: { id: string; unitCode: string; title: string } }[] =
      response.json();
    const units = new Map(tasks.map((task) => [task.unit.unitCode, task.unit]));
    expect([...units.keys()]).toEqual(['HLTINF006', 'RIIWHS204E']);
    expect(units.get('HLTINF006')).toEqual({
      id: expect.any(String),
      unitCode: 'HLTINF006',
      title: expect.stringMatching(/infection/i),
    });
    for (const task of tasks) expect(task.unit.id).toBe(task.unitId);
  });
});
