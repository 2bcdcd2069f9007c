import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpeg, localUploads, pathOf, pdf, send, studentWithUnit, webmAudio } from './evidence-fixtures';
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
const { put } = localUploads(() => app);

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
