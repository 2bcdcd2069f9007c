import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { newObjectPath } from '@evident/core/object-path';
import { evidenceFiles, submissions } from '@evident/db/schema';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evidenceRows, jpeg, localUploads, pdf, studentWithUnit } from './evidence-fixtures';
import { createTestEnv, type TestEnv } from './harness';
import { restAs } from './rest-fixtures';

let env: TestEnv;
let app: Awaited<ReturnType<TestEnv['app']>>;
beforeAll(async () => {
  // Documents are capped low so an oversize upload stays small enough for a test.
  env = await createTestEnv({ env: { MAX_DOCUMENT_MB: '0.5' } });
  app = await env.app();
});
afterAll(async () => {
  await app.close();
  await env.close();
});

const filesRoot = () => join(env.dataDir, 'files');
const rest = (student: { sessionId: string | null }) => restAs(env, app, student);
const { upload } = localUploads(() => app);

describe('recording evidence refuses, and leaves no row behind', () => {
  it('contents that do not match the declared type (and the object is deleted)', async () => {
    const { student, caller, task } = await studentWithUnit(env);
    const liar = await upload(caller, 'photo.png', 'image/png', pdf());
    await expect(caller.student.evidence.record({ taskId: task.id, ...liar })).rejects.toMatchObject({
      code: 'UNPROCESSABLE_CONTENT',
      message: expect.stringContaining('image/png'),
    });
    expect(existsSync(join(filesRoot(), liar.objectPath))).toBe(false);
    expect(await evidenceRows(env, student.user.id)).toEqual({ submissions: 0, files: 0 });
  });

  it('a file over the limit that reached the store some other way (and the object is deleted)', async () => {
    const { student, caller, task } = await studentWithUnit(env);
    const grant = await caller.student.evidence.requestUploadUrl({
      fileName: 'm.pdf',
      fileType: 'application/pdf',
    });
    await env.services.storage.put(grant.objectPath, pdf(600 * 1024), 'application/pdf');
    await expect(
      caller.student.evidence.record({
        taskId: task.id,
        fileName: 'm.pdf',
        fileType: 'application/pdf',
        objectPath: grant.objectPath,
      }),
    ).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(existsSync(join(filesRoot(), grant.objectPath))).toBe(false);
    expect(await evidenceRows(env, student.user.id)).toEqual({ submissions: 0, files: 0 });
  });

  it("someone else's object", async () => {
    const owner = await studentWithUnit(env);
    const theirs = await upload(owner.caller, 'mine.jpg', 'image/jpeg', await jpeg(100, 100));
    const { student, caller, task } = await studentWithUnit(env);
    const response = await rest(student).post('/api/evidence', { taskId: task.id, ...theirs });
    expect(response.statusCode).toBe(403);
    expect(response.body).toBe('This file was not uploaded by you');
    await expect(caller.student.evidence.record({ taskId: task.id, ...theirs })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await evidenceRows(env, student.user.id)).toEqual({ submissions: 0, files: 0 });
    expect(existsSync(join(filesRoot(), theirs.objectPath))).toBe(true);
  });

  it('a task outside the student’s units, and a task that does not exist', async () => {
    const other = await studentWithUnit(env, 'HLTINF006');
    const { student, caller } = await studentWithUnit(env);
    const file = await upload(caller, 'a.jpg', 'image/jpeg', await jpeg(100, 100));
    await expect(caller.student.evidence.record({ taskId: other.task.id, ...file })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'This task is not in any of your units',
    });
    await expect(
      caller.student.evidence.record({ taskId: '00000000-0000-4000-8000-000000000000', ...file }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(caller.student.evidence.list({ taskId: other.task.id })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await evidenceRows(env, student.user.id)).toEqual({ submissions: 0, files: 0 });
  });

  it('a task already graded satisfactory (more files while it waits are welcome: evidence-more.test.ts)', async () => {
    const { student, caller, task } = await studentWithUnit(env);
    await upload(caller, 'first.jpg', 'image/jpeg', await jpeg(100, 100)).then((file) =>
      caller.student.evidence.record({ taskId: task.id, ...file }),
    );
    const second = await upload(caller, 'second.jpg', 'image/jpeg', await jpeg(100, 100));
    await env.db
      .update(submissions)
      .set({ status: 'satisfactory' })
      .where(and(eq(submissions.studentId, student.user.id), eq(submissions.taskId, task.id)));
    const response = await rest(student).post('/api/evidence', { taskId: task.id, ...second });
    expect(response.statusCode).toBe(409);
    expect(response.body).toContain('satisfactory');
    expect(await evidenceRows(env, student.user.id)).toEqual({ submissions: 1, files: 1 });
  });

  it('an object that was never uploaded, or never granted', async () => {
    const { student, caller, task } = await studentWithUnit(env);
    const grant = await caller.student.evidence.requestUploadUrl({
      fileName: 'ghost.jpg',
      fileType: 'image/jpeg',
    });
    await expect(
      caller.student.evidence.record({
        taskId: task.id,
        fileName: 'ghost.jpg',
        fileType: 'image/jpeg',
        objectPath: grant.objectPath,
      }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'The file was not uploaded. Please upload it again',
    });
    await expect(
      caller.student.evidence.record({
        taskId: task.id,
        fileName: 'ghost.jpg',
        fileType: 'image/jpeg',
        objectPath: newObjectPath(student.user.id, 'ghost.jpg'),
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await evidenceRows(env, student.user.id)).toEqual({ submissions: 0, files: 0 });
  });

  it('a declared type other than the one the upload was granted for', async () => {
    const { student, caller, task } = await studentWithUnit(env);
    const file = await upload(caller, 'a.jpg', 'image/jpeg', await jpeg(100, 100));
    await expect(
      caller.student.evidence.record({ taskId: task.id, ...file, fileType: 'image/png' }),
    ).rejects.toMatchObject({
      code: 'UNPROCESSABLE_CONTENT',
    });
    expect(await evidenceRows(env, student.user.id)).toEqual({ submissions: 0, files: 0 });
  });
});

describe('recording evidence', () => {
  it('is idempotent on the object path', async () => {
    const { student, caller, task, otherTask } = await studentWithUnit(env);
    const file = await upload(caller, 'a.jpg', 'image/jpeg', await jpeg(100, 100));
    const first = await caller.student.evidence.record({ taskId: task.id, ...file });
    const again = await caller.student.evidence.record({ taskId: task.id, ...file });
    // The same record again; its thumbnail may have been made in the background in between.
    const { hasThumbnail: _made, ...firstFile } = first.file;
    expect(again).toEqual({ ...first, file: { ...firstFile, hasThumbnail: again.file.hasThumbnail } });
    const concurrent = await Promise.all([
      caller.student.evidence.record({ taskId: task.id, ...file }),
      caller.student.evidence.record({ taskId: task.id, ...file }),
    ]);
    expect(concurrent.map((r) => r.file.id)).toEqual([first.file.id, first.file.id]);
    await expect(caller.student.evidence.record({ taskId: otherTask.id, ...file })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    expect(await evidenceRows(env, student.user.id)).toEqual({ submissions: 1, files: 1 });
  });

  it('the first file of a submission is primary; evidence after NYS is not, and sends it back to grading', async () => {
    const { student, caller, task } = await studentWithUnit(env);
    const first = await upload(caller, 'before.jpg', 'image/jpeg', await jpeg(300, 200));
    const recorded = await caller.student.evidence.record({ taskId: task.id, ...first });
    expect(recorded.file.isPrimary).toBe(true);

    await env.db
      .update(submissions)
      .set({
        status: 'not_yet_satisfactory',
        assessorComment: 'Show the harness clipped on',
        strategiesForReassessment: 'Photo of the lanyard attached',
        gradedAt: new Date(),
      })
      .where(eq(submissions.id, recorded.submission.id));
    const nys = (await caller.student.tasks.list()).find((t) => t.id === task.id);
    expect(nys?.submission).toMatchObject({ status: 'not_yet_satisfactory', fileCount: 1 });

    const second = await upload(caller, 'after.pdf', 'application/pdf', pdf());
    const again = await caller.student.evidence.record({ taskId: task.id, ...second });
    expect(again.submission).toEqual({ id: recorded.submission.id, taskId: task.id, status: 'submitted' });
    expect(again.file.isPrimary).toBe(false);

    const [row] = await env.db.select().from(submissions).where(eq(submissions.id, recorded.submission.id));
    expect(row).toMatchObject({
      status: 'submitted',
      assessorComment: 'Show the harness clipped on',
      gradedAt: null,
    });
    const evidence = await caller.student.evidence.list({ taskId: task.id });
    expect(evidence.submission?.files.map((f) => [f.fileName, f.isPrimary])).toEqual([
      ['before.jpg', true],
      ['after.pdf', false],
    ]);
    expect(evidence.submission?.strategiesForReassessment).toBe('Photo of the lanyard attached');
    expect(await evidenceRows(env, student.user.id)).toEqual({ submissions: 1, files: 2 });
  });

  it('records an image it cannot make a thumbnail of, without one', async () => {
    const { caller, task } = await studentWithUnit(env);
    const broken = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(500, 3),
    ]);
    const file = await upload(caller, 'broken.png', 'image/png', broken);
    const recorded = await caller.student.evidence.record({ taskId: task.id, ...file });
    expect(recorded.file.hasThumbnail).toBe(false);
    await env.services.jobs.idle();
    const [row] = await env.db.select().from(evidenceFiles).where(eq(evidenceFiles.id, recorded.file.id));
    expect(row?.thumbnailPath).toBeNull();
    expect((await caller.student.evidence.list({ taskId: task.id })).submission?.files[0]).toMatchObject({
      thumbnailUrl: null,
      thumbnailStatus: 'failed',
    });
  });

  it('an image bomb (a small file claiming 30 million pixels) is recorded at once, and kept without a preview', async () => {
    const { caller, task } = await studentWithUnit(env);
    const side = 5500;
    const bomb = await sharp(Buffer.alloc(side * side, 90), {
      raw: { width: side, height: side, channels: 1 },
    })
      .png({ progressive: true, compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const file = await upload(caller, 'site-plan.png', 'image/png', bomb);
    const recorded = await caller.student.evidence.record({ taskId: task.id, ...file });
    expect(recorded).toMatchObject({ submission: { status: 'submitted' }, file: { hasThumbnail: false } });
    await env.services.jobs.idle();
    const [view] = (await caller.student.evidence.list({ taskId: task.id })).submission?.files ?? [];
    expect(view).toMatchObject({ fileName: 'site-plan.png', thumbnailStatus: 'failed', thumbnailUrl: null });
    // The evidence itself is whole and downloadable.
    expect(view?.fileSize).toBe(bomb.length);
  });

  it('a pending task has no submission to show', async () => {
    const { student, task } = await studentWithUnit(env);
    const response = await rest(student).get(`/api/student/tasks/${task.id}/evidence`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ taskId: task.id, submission: null });
    const malformed = await rest(student).get('/api/student/tasks/not-a-uuid/evidence');
    expect([malformed.statusCode, malformed.body]).toEqual([404, 'Task not found']);
  });

  it('an admin viewing as a student records evidence as that student', async () => {
    const { student, task } = await studentWithUnit(env);
    const admin = await env.signedIn('rto_admin');
    await (await admin.caller()).admin.impersonation.start({ userId: student.user.id });
    const asStudent = await admin.caller();
    const file = await upload(asStudent, 'a.jpg', 'image/jpeg', await jpeg(100, 100));
    expect(file.objectPath.startsWith(`evidence/${student.user.id}/`)).toBe(true);
    await asStudent.student.evidence.record({ taskId: task.id, ...file });
    expect(await evidenceRows(env, student.user.id)).toEqual({ submissions: 1, files: 1 });
  });
});
