import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { defaultRateLimits } from '@evident/api/rate-limits';
import { newObjectPath } from '@evident/core/object-path';
import { evidenceFiles, submissions, uploadGrants } from '@evident/db/schema';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evidenceRows, jpeg, pathOf, pdf, send, studentWithUnit, webmAudio } from './evidence-fixtures';
import { createTestEnv, type TestEnv } from './harness';

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

function cookieOf(student: { sessionId: string | null }) {
  return `${env.services.sessions.cookieName}=${student.sessionId}`;
}

function rest(student: { sessionId: string | null }) {
  const cookie = cookieOf(student);
  return {
    post: (url: string, body: unknown) =>
      app.inject({
        method: 'POST',
        url,
        headers: { cookie, 'content-type': 'application/json', origin: 'http://localhost:80' },
        payload: JSON.stringify(body),
      }),
    get: (url: string) => app.inject({ method: 'GET', url, headers: { cookie } }),
  };
}

const put = (uploadUrl: string, contentType: string, body: Buffer) =>
  app.inject({
    method: 'PUT',
    url: pathOf(uploadUrl),
    headers: { 'content-type': contentType },
    payload: body,
  });

type Caller = Awaited<ReturnType<typeof studentWithUnit>>['caller'];

/** upload-url, then the PUT, as a browser does it; returns what recordEvidence needs. */
async function upload(caller: Caller, fileName: string, fileType: string, body: Buffer) {
  const grant = await caller.student.evidence.requestUploadUrl({ fileName, fileType });
  const response = await put(grant.uploadUrl, fileType, body);
  expect(response.statusCode, response.body).toBe(200);
  return { grant, fileName, fileType, objectPath: grant.objectPath };
}

describe('evidence on local disk: the whole flow', () => {
  it('a student uploads a photo over the spec REST paths, sees the task submitted and opens the file', async () => {
    const { student, task } = await studentWithUnit(env);
    const api = rest(student);
    const photo = await jpeg();

    const issued = await api.post('/api/evidence/upload-url', {
      fileName: 'Scaffold check.jpg',
      fileType: 'image/jpeg',
    });
    expect(issued.statusCode, issued.body).toBe(200);
    const grant = issued.json();
    expect(grant).toMatchObject({
      uploadUrl: expect.stringMatching(
        /^http:\/\/evident\.test\/files\/upload\/evidence\/[^?]+\/Scaffold_check\.jpg\?/,
      ),
      objectPath: expect.stringMatching(
        new RegExp(`^evidence/${student.user.id}/[0-9a-f-]{36}/Scaffold_check\\.jpg$`),
      ),
      method: 'PUT',
      headers: { 'Content-Type': 'image/jpeg' },
      maxBytes: 25 * 1024 * 1024,
      parts: { partSize: 8 * 1024 * 1024, maxParts: 10_000 },
    });
    expect(Date.parse(grant.expiresAt) - Date.now()).toBeGreaterThan(55 * 60_000);

    const stored = await put(grant.uploadUrl, 'image/jpeg', photo);
    expect(stored.statusCode, stored.body).toBe(200);
    expect(stored.json()).toEqual({ size: photo.length });
    expect(await readFile(join(filesRoot(), grant.objectPath))).toEqual(photo);

    const recorded = await api.post('/api/evidence', {
      taskId: task.id,
      fileName: 'Scaffold check.jpg',
      fileType: 'image/jpeg',
      objectPath: grant.objectPath,
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json()).toMatchObject({
      submission: { taskId: task.id, status: 'submitted' },
      file: {
        fileName: 'Scaffold check.jpg',
        fileType: 'image/jpeg',
        fileSize: photo.length,
        isPrimary: true,
        // Made in the background: the answer does not wait for the decoder.
        hasThumbnail: false,
      },
    });
    // The background worker may already have made the thumbnail (the answer above did not wait for it);
    // until it has, the file says so and offers no thumbnail link.
    const early = (await api.get(`/api/student/tasks/${task.id}/evidence`)).json().submission.files[0];
    if (early.thumbnailStatus === 'pending') expect(early.thumbnailUrl).toBeNull();
    else expect(early.thumbnailStatus).toBe('ready');
    await env.services.jobs.idle();

    const tasks = await api.get('/api/student/tasks');
    const listed = tasks.json().find((t: { id: string }) => t.id === task.id);
    expect(listed.submission).toEqual({
      id: recorded.json().submission.id,
      status: 'submitted',
      assessorComment: null,
      fileCount: 1,
    });
    expect(tasks.json().filter((t: { submission: unknown }) => t.submission !== null)).toHaveLength(1);

    const evidence = await api.get(`/api/student/tasks/${task.id}/evidence`);
    expect(evidence.statusCode, evidence.body).toBe(200);
    const [file] = evidence.json().submission.files;
    expect(file).toMatchObject({
      fileName: 'Scaffold check.jpg',
      fileType: 'image/jpeg',
      fileSize: photo.length,
      isPrimary: true,
      url: expect.stringMatching(/^http:\/\/evident\.test\/files\/download\//),
      thumbnailUrl: expect.stringMatching(/^http:\/\/evident\.test\/files\/download\/thumbnails\//),
      thumbnailStatus: 'ready',
      videoStatus: null,
    });
    const expiresIn = Date.parse(file.urlsExpireAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(10 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(15 * 60_000);

    const download = await app.inject({ method: 'GET', url: pathOf(file.url) });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/jpeg');
    expect(download.headers['content-disposition']).toMatch(/^inline; filename="Scaffold check\.jpg"/);
    expect(download.rawPayload).toEqual(photo);
    const attachment = await app.inject({ method: 'GET', url: pathOf(file.downloadUrl) });
    expect(attachment.headers['content-disposition']).toMatch(/^attachment;/);

    // The thumbnail is a real, smaller WebP, served through its own signed URL.
    const thumbnail = await app.inject({ method: 'GET', url: pathOf(file.thumbnailUrl) });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    const meta = await sharp(thumbnail.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(480);
  });

  it('a large file goes up in resumable parts, picking up after a dropped part', async () => {
    const { caller, task } = await studentWithUnit(env);
    const audio = webmAudio(300_000);
    const grant = await caller.student.evidence.requestUploadUrl({
      fileName: 'Toolbox talk.webm',
      fileType: 'audio/webm;codecs=opus',
    });
    expect(grant.headers).toEqual({ 'Content-Type': 'audio/webm;codecs=opus' });
    const part = (n: number, body: Buffer) =>
      app.inject({
        method: 'PUT',
        url: `${pathOf(grant.uploadUrl)}&part=${n}`,
        headers: { 'content-type': 'audio/webm;codecs=opus' },
        payload: body,
      });
    expect((await part(1, audio.subarray(0, 100_000))).statusCode).toBe(200);
    expect((await part(3, audio.subarray(200_000))).statusCode).toBe(200);

    const listing = await app.inject({ method: 'GET', url: pathOf(grant.uploadUrl) });
    expect(listing.json()).toEqual({
      parts: [
        { part: 1, size: 100_000 },
        { part: 3, size: 100_000 },
      ],
      complete: false,
    });
    // Recording before the parts are joined finds no object.
    await expect(
      caller.student.evidence.record({
        taskId: task.id,
        fileName: 'Toolbox talk.webm',
        fileType: 'audio/webm',
        objectPath: grant.objectPath,
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });

    expect((await part(2, audio.subarray(100_000, 200_000))).statusCode).toBe(200);
    const joined = await app.inject({ method: 'POST', url: `${pathOf(grant.uploadUrl)}&parts=3` });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toEqual({ size: audio.length });

    const recorded = await caller.student.evidence.record({
      taskId: task.id,
      fileName: 'Toolbox talk.webm',
      fileType: 'audio/webm;codecs=opus',
      objectPath: grant.objectPath,
    });
    expect(recorded.file).toMatchObject({
      fileType: 'audio/webm',
      fileSize: audio.length,
      hasThumbnail: false,
    });
    const evidence = await caller.student.evidence.list({ taskId: task.id });
    const download = await app.inject({
      method: 'GET',
      url: pathOf(evidence.submission?.files[0]?.url ?? ''),
    });
    expect(download.rawPayload).toEqual(audio);
    expect(download.headers['content-type']).toBe('audio/webm');
  });

  it('streams a PUT over a real socket and answers an oversize one with 413 while it is still sending', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const { caller, task } = await studentWithUnit(env);
    const onSocket = (url: string) => `${origin}${pathOf(url)}`;

    const document = pdf(100_000);
    const grant = await caller.student.evidence.requestUploadUrl({
      fileName: 'JSA.pdf',
      fileType: 'application/pdf',
    });
    const ok = await send(onSocket(grant.uploadUrl), {
      method: 'PUT',
      headers: { 'Content-Type': 'application/pdf' },
      body: document,
    });
    expect(ok.status, ok.body.toString()).toBe(200);
    await caller.student.evidence.record({
      taskId: task.id,
      fileName: 'JSA.pdf',
      fileType: 'application/pdf',
      objectPath: grant.objectPath,
    });

    const big = await caller.student.evidence.requestUploadUrl({
      fileName: 'Manual.pdf',
      fileType: 'application/pdf',
    });
    expect(big.maxBytes).toBe(512 * 1024);
    const refused = await send(onSocket(big.uploadUrl), {
      method: 'PUT',
      headers: { 'Content-Type': 'application/pdf' },
      body: pdf(2 * 1024 * 1024),
    });
    expect(refused.status).toBe(413);
    expect(refused.body.toString()).toContain('limit');
    expect(existsSync(join(filesRoot(), big.objectPath))).toBe(false);
  });
});

describe('the /files routes refuse what the signature does not allow', () => {
  it('a tampered signature, a changed limit or an expired URL is 403 and stores nothing', async () => {
    const { caller } = await studentWithUnit(env);
    const photo = await jpeg(200, 100);
    const grant = await caller.student.evidence.requestUploadUrl({
      fileName: 'a.jpg',
      fileType: 'image/jpeg',
    });
    const url = new URL(grant.uploadUrl);
    const sig = url.searchParams.get('sig') ?? '';
    url.searchParams.set('sig', `${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}`);
    expect((await put(url.toString(), 'image/jpeg', photo)).statusCode).toBe(403);

    const bigger = new URL(grant.uploadUrl);
    bigger.searchParams.set('max', String(10 * grant.maxBytes));
    expect((await put(bigger.toString(), 'image/jpeg', photo)).statusCode).toBe(403);

    const stolenPath = grant.uploadUrl.replace(grant.objectPath, newObjectPath('someone', 'a.jpg'));
    expect((await put(stolenPath, 'image/jpeg', photo)).statusCode).toBe(403);

    const objectPath = newObjectPath('expired-user', 'late.jpg');
    const expired = await env.services.storage.createUploadUrl({
      objectPath,
      userId: 'expired-user',
      contentType: 'image/jpeg',
      maxBytes: 1_000_000,
      expiresAt: new Date(Date.now() - 1000),
    });
    const late = await put(expired.uploadUrl, 'image/jpeg', photo);
    expect(late.statusCode).toBe(403);
    expect(late.body).toMatch(/expired/i);
    expect(existsSync(join(filesRoot(), objectPath))).toBe(false);
    expect(existsSync(join(filesRoot(), grant.objectPath))).toBe(false);
  });

  it('a Content-Type other than the one granted is 415', async () => {
    const { caller } = await studentWithUnit(env);
    const grant = await caller.student.evidence.requestUploadUrl({
      fileName: 'a.jpg',
      fileType: 'image/jpeg',
    });
    const response = await put(grant.uploadUrl, 'image/png', await jpeg(100, 100));
    expect(response.statusCode).toBe(415);
    expect(response.body).toBe('Content-Type must be image/jpeg');
    const none = await app.inject({ method: 'PUT', url: pathOf(grant.uploadUrl), payload: Buffer.from('x') });
    expect(none.statusCode).toBe(415);
    expect(existsSync(join(filesRoot(), grant.objectPath))).toBe(false);
  });

  it('a tampered download URL is 403; the Origin check does not apply to signed file URLs', async () => {
    const { student, caller, task } = await studentWithUnit(env);
    const photo = await jpeg(300, 200);
    const { objectPath } = await upload(caller, 'p.jpg', 'image/jpeg', photo);
    await caller.student.evidence.record({
      taskId: task.id,
      fileName: 'p.jpg',
      fileType: 'image/jpeg',
      objectPath,
    });
    const file = (await caller.student.evidence.list({ taskId: task.id })).submission?.files[0];
    const url = new URL(file?.url ?? '');
    url.searchParams.set('name', 'other.jpg');
    expect((await app.inject({ method: 'GET', url: pathOf(url.toString()) })).statusCode).toBe(403);
    expect((await app.inject({ method: 'HEAD', url: pathOf(file?.url ?? '') })).statusCode).toBe(200);

    // A PUT carrying the session cookie from another site is still judged by its signature alone.
    const grant = await caller.student.evidence.requestUploadUrl({
      fileName: 'q.jpg',
      fileType: 'image/jpeg',
    });
    const crossSite = await app.inject({
      method: 'PUT',
      url: pathOf(grant.uploadUrl),
      headers: {
        'content-type': 'image/jpeg',
        cookie: cookieOf(student),
        origin: 'https://elsewhere.example',
      },
      payload: photo,
    });
    expect(crossSite.statusCode).toBe(200);
  });
});

describe('upload-url refusals', () => {
  it('an unknown type is refused naming the type, and grants nothing', async () => {
    const { student } = await studentWithUnit(env);
    const response = await rest(student).post('/api/evidence/upload-url', {
      fileName: 'x.exe',
      fileType: 'application/x-msdownload',
    });
    expect(response.statusCode).toBe(422);
    expect(response.body).toContain('application/x-msdownload');
    expect(response.body).toContain('PDF');
    expect(
      await env.db.select().from(uploadGrants).where(eq(uploadGrants.userId, student.user.id)),
    ).toHaveLength(0);
  });

  it('a declared size over the limit is refused before any byte is sent', async () => {
    const { caller } = await studentWithUnit(env);
    await expect(
      caller.student.evidence.requestUploadUrl({
        fileName: 'big.pdf',
        fileType: 'application/pdf',
        fileSize: 600 * 1024,
      }),
    ).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: expect.stringContaining('0.5 MB') });
  });

  it('a student asking for more upload URLs than an hour allows gets 429', async () => {
    const limited = await createTestEnv({
      rateLimits: { ...defaultRateLimits, uploadUrlUser: { points: 2, durationSeconds: 60 } },
    });
    try {
      const { caller } = await studentWithUnit(limited);
      const ask = () =>
        caller.student.evidence.requestUploadUrl({ fileName: 'a.jpg', fileType: 'image/jpeg' });
      await ask();
      await ask();
      await expect(ask()).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
      const other = await studentWithUnit(limited);
      await expect(
        other.caller.student.evidence.requestUploadUrl({ fileName: 'b.jpg', fileType: 'image/jpeg' }),
      ).resolves.toBeTruthy();
    } finally {
      await limited.close();
    }
  });

  it('assessors and signed-out visitors cannot ask for upload URLs', async () => {
    const assessor = await env.signedIn('assessor');
    const response = await rest(assessor).post('/api/evidence/upload-url', {
      fileName: 'a.jpg',
      fileType: 'image/jpeg',
    });
    expect(response.statusCode).toBe(403);
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/evidence/upload-url',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ fileName: 'a.jpg', fileType: 'image/jpeg' }),
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

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
    expect(again).toEqual(first);
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
