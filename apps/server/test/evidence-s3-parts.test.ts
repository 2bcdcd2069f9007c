import { randomBytes, randomUUID } from 'node:crypto';
import { uploadGrants } from '@evident/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeS3 } from '../../../packages/storage/test/fake-s3-server';
import { sweepExpiredUploads } from '../src/upload-sweep';
import { evidenceRows, jpeg, studentWithUnit } from './evidence-fixtures';
import type { TestEnv } from './harness';
import { startS3Env, upload } from './s3-fixtures';

let s3: FakeS3;
let env: TestEnv;
let bucket: Awaited<ReturnType<typeof startS3Env>> | undefined;

beforeAll(async () => {
  bucket = await startS3Env();
  ({ s3, env } = bucket);
});
afterAll(async () => {
  await bucket?.close();
});

type Caller = Awaited<ReturnType<typeof studentWithUnit>>['caller'];

/** A video over the 20 MB threshold: three 8 MiB parts, the last one short. */
function bigVideo(): Buffer {
  const bytes = randomBytes(21 * 1024 * 1024);
  Buffer.from([0, 0, 0, 0x18, ...Buffer.from('ftypmp42'), 0, 0, 0, 0, ...Buffer.from('isommp42')]).copy(
    bytes,
  );
  return bytes;
}

const partSize = 8 * 1024 * 1024;

function partOf(video: Buffer, part: number) {
  return new Uint8Array(video.subarray((part - 1) * partSize, part * partSize));
}

/** The grant of an upload in parts through the bucket, with its part URLs. */
async function videoGrant(caller: Caller, video: Buffer, fileName = 'Walkthrough.mp4') {
  const grant = await caller.student.evidence.requestUploadUrl({
    fileName,
    fileType: 'video/mp4',
    fileSize: video.length,
  });
  if (grant.parts?.protocol !== 's3')
    throw new Error(`expected S3 parts, got ${JSON.stringify(grant.parts)}`);
  const { uploadId, partUrls } = grant.parts;
  const sendPart = async (part: number) =>
    (await fetch(partUrls[part - 1] ?? '', { method: 'PUT', body: partOf(video, part) })).status;
  const file = { fileName, fileType: 'video/mp4', objectPath: grant.objectPath };
  return { grant, uploadId, sendPart, file, ids: { objectPath: grant.objectPath, uploadId } };
}

describe('large evidence in resumable parts on an S3-compatible bucket', () => {
  it('a student sends a video in parts, resumes after a dropped connection, completes it and records it', async () => {
    const { student, caller, task } = await studentWithUnit(env);
    const video = bigVideo();
    const { grant, uploadId, sendPart, file, ids } = await videoGrant(caller, video);
    expect(grant.parts).toMatchObject({ protocol: 's3', partSize, uploadId: expect.any(String) });
    expect(grant.parts?.protocol === 's3' && grant.parts.partUrls).toHaveLength(3);
    // A client that ignores parts still has a whole-file PUT.
    expect(grant.uploadUrl.startsWith(`${s3.endpoint}/${s3.bucket}/evidence/${student.user.id}/`)).toBe(true);
    expect(s3.uploads.get(uploadId)?.metadata.uid).toBe(student.user.id);

    expect(await sendPart(3)).toBe(200);
    expect(await sendPart(1)).toBe(200);
    // The connection dropped before part 2; the next attempt asks what arrived.
    expect(await caller.student.evidence.listUploadedParts(ids)).toEqual({
      parts: [
        { part: 1, size: partSize },
        { part: 3, size: video.length - 2 * partSize },
      ],
      complete: false,
    });
    await expect(caller.student.evidence.completeUpload({ ...ids, partCount: 3 })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('1 of 3 parts'),
    });
    await expect(caller.student.evidence.record({ taskId: task.id, ...file })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });

    expect(await sendPart(2)).toBe(200);
    expect(await caller.student.evidence.completeUpload({ ...ids, partCount: 3 })).toEqual({
      size: video.length,
    });
    // The answer was lost and the client asks again: same answer, nothing replaced.
    expect(await caller.student.evidence.completeUpload({ ...ids, partCount: 3 })).toEqual({
      size: video.length,
    });
    expect(await caller.student.evidence.listUploadedParts(ids)).toEqual({
      parts: [],
      complete: true,
      size: video.length,
    });
    expect(s3.objects.get(grant.objectPath)?.body.equals(video)).toBe(true);
    expect(s3.objects.get(grant.objectPath)?.contentType).toBe('video/mp4');

    const recorded = await caller.student.evidence.record({ taskId: task.id, ...file });
    expect(recorded.file).toMatchObject({ fileType: 'video/mp4', fileSize: video.length, isPrimary: true });
    // Recorded evidence is final: asking to join again answers what is stored.
    expect(await caller.student.evidence.completeUpload({ ...ids, partCount: 3 })).toEqual({
      size: video.length,
    });
  });

  it('asked again under the same client key with its upload id (a reload, a lapsed URL), the same upload in parts continues', async () => {
    const { student, caller, task } = await studentWithUnit(env);
    const video = bigVideo();
    const request = { fileName: 'Night-pour.mp4', fileType: 'video/mp4', fileSize: video.length };
    const clientKey = 'capture-s3-resume-0001';
    const first = await caller.student.evidence.requestUploadUrl({ ...request, clientKey });
    if (first.parts?.protocol !== 's3') throw new Error('expected S3 parts');
    const { uploadId } = first.parts;
    expect(
      (await fetch(first.parts.partUrls[0] ?? '', { method: 'PUT', body: partOf(video, 1) })).status,
    ).toBe(200);

    // The app reloads hours later: it asks again with the key and the upload id it kept.
    const again = await caller.student.evidence.requestUploadUrl({ ...request, clientKey, uploadId });
    expect(again.objectPath).toBe(first.objectPath);
    if (again.parts?.protocol !== 's3') throw new Error('expected S3 parts');
    expect(again.parts.uploadId).toBe(uploadId);
    expect(again.parts.partUrls).toHaveLength(3);
    const ids = { objectPath: again.objectPath, uploadId };
    expect(await caller.student.evidence.listUploadedParts(ids)).toEqual({
      parts: [{ part: 1, size: partSize }],
      complete: false,
    });
    for (const part of [2, 3]) {
      const url = again.parts.partUrls[part - 1] ?? '';
      expect((await fetch(url, { method: 'PUT', body: partOf(video, part) })).status).toBe(200);
    }
    // Part 1 went once, before the reload; one upload in parts was ever started for this file.
    const partPuts = s3.requests.filter(
      (r) => r.method === 'PUT' && r.status === 200 && r.path.includes(`uploadId=${uploadId}`),
    );
    expect(partPuts.map((r) => new URL(r.path, s3.endpoint).searchParams.get('partNumber'))).toEqual([
      '1',
      '2',
      '3',
    ]);
    expect([...s3.uploads.values()].filter((u) => u.key === first.objectPath)).toHaveLength(1);

    expect(await caller.student.evidence.completeUpload({ ...ids, partCount: 3 })).toEqual({
      size: video.length,
    });
    expect(s3.objects.get(first.objectPath)?.body.equals(video)).toBe(true);
    const file = { fileName: request.fileName, fileType: request.fileType, objectPath: first.objectPath };
    await caller.student.evidence.record({ taskId: task.id, ...file, clientKey });
    expect(await evidenceRows(env, student.user.id)).toEqual({ submissions: 1, files: 1 });
  });

  it('an upload id the bucket does not have open for that file starts a new upload in parts', async () => {
    const { caller } = await studentWithUnit(env);
    const video = bigVideo();
    const request = { fileName: 'Crane-lift.mp4', fileType: 'video/mp4', fileSize: video.length };
    const other = await videoGrant(caller, video, 'Other.mp4');
    const clientKey = 'capture-s3-resume-0002';
    const first = await caller.student.evidence.requestUploadUrl({ ...request, clientKey });
    if (first.parts?.protocol !== 's3') throw new Error('expected S3 parts');

    // Another object's upload cannot be borrowed; a made-up or swept one is not there.
    for (const uploadId of [other.uploadId, 'no-such-upload']) {
      const again = await caller.student.evidence.requestUploadUrl({ ...request, clientKey, uploadId });
      if (again.parts?.protocol !== 's3') throw new Error('expected S3 parts');
      expect(again.objectPath).toBe(first.objectPath);
      expect([first.parts.uploadId, other.uploadId, 'no-such-upload']).not.toContain(again.parts.uploadId);
      expect(s3.uploads.get(again.parts.uploadId)?.key).toBe(first.objectPath);
    }
    expect(s3.uploads.get(other.uploadId)?.key).toBe(other.grant.objectPath);
  });

  it('a small file, or one of unknown size, goes in one PUT', async () => {
    const { caller } = await studentWithUnit(env);
    const small = await caller.student.evidence.requestUploadUrl({
      fileName: 'clip.mp4',
      fileType: 'video/mp4',
      fileSize: 5 * 1024 * 1024,
    });
    expect(small.parts).toBeNull();
    const unknown = await caller.student.evidence.requestUploadUrl({
      fileName: 'clip.mp4',
      fileType: 'video/mp4',
    });
    expect(unknown.parts).toBeNull();
  });

  it("another student cannot list or complete someone's upload, nor one that was never issued", async () => {
    const { caller } = await studentWithUnit(env);
    const video = bigVideo();
    const { sendPart, ids } = await videoGrant(caller, video);
    for (const part of [1, 2, 3]) expect(await sendPart(part)).toBe(200);

    const other = await (await env.signedIn('student')).caller();
    await expect(other.student.evidence.listUploadedParts(ids)).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'This file was not uploaded by you',
    });
    await expect(other.student.evidence.completeUpload({ ...ids, partCount: 3 })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(s3.objects.has(ids.objectPath)).toBe(false);

    const { objectPath } = await other.student.evidence.requestUploadUrl({
      fileName: 'mine.mp4',
      fileType: 'video/mp4',
    });
    // Their own object path with someone else's upload: the bucket knows no such upload of that key.
    await expect(
      other.student.evidence.listUploadedParts({ objectPath, uploadId: ids.uploadId }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(
      other.student.evidence.completeUpload({ objectPath, uploadId: ids.uploadId, partCount: 3 }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(s3.objects.has(objectPath)).toBe(false);

    const never = ids.objectPath.replace(/\/[0-9a-f-]{36}\//, `/${randomUUID()}/`);
    await expect(
      caller.student.evidence.listUploadedParts({ ...ids, objectPath: never }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: expect.stringContaining('No upload was issued'),
    });
    const assessor = await (await env.signedIn('assessor')).caller();
    await expect(assessor.student.evidence.listUploadedParts(ids)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });

    expect(await caller.student.evidence.completeUpload({ ...ids, partCount: 3 })).toEqual({
      size: video.length,
    });
  });

  it('recorded evidence is final: a later join cannot put an object back at its path', async () => {
    const { student, caller, task } = await studentWithUnit(env);
    const { grant, file } = await upload(caller, 'final.jpg', 'image/jpeg', await jpeg(60, 60));
    await caller.student.evidence.record({ taskId: task.id, ...file });
    const storage = env.services.storage;
    if (storage.kind !== 's3') throw new Error('expected the S3 store');
    // Say the object was removed since; an upload in parts of the same path is still open.
    s3.objects.delete(grant.objectPath);
    const late = await storage.multipart.start({
      objectPath: grant.objectPath,
      userId: student.user.id,
      contentType: 'image/jpeg',
      maxBytes: 1024,
      contentLength: 100,
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect((await fetch(late.partUrls[0] ?? '', { method: 'PUT', body: new Uint8Array(100) })).status).toBe(
      200,
    );
    await expect(
      caller.student.evidence.completeUpload({
        objectPath: grant.objectPath,
        uploadId: late.uploadId,
        partCount: 1,
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(s3.objects.has(grant.objectPath)).toBe(false);
  });

  it('the sweep aborts the unfinished upload in parts of an expired, unrecorded grant', async () => {
    const { caller } = await studentWithUnit(env);
    const { uploadId, sendPart, ids } = await videoGrant(caller, bigVideo(), 'abandoned.mp4');
    expect(await sendPart(1)).toBe(200);
    await env.db
      .update(uploadGrants)
      .set({ expiresAt: new Date(Date.now() - 3 * 60 * 60 * 1000) })
      .where(eq(uploadGrants.objectPath, ids.objectPath));

    const result = await sweepExpiredUploads(env.services, { staleUploadAgeMs: 24 * 60 * 60 * 1000 });
    expect(result.failedObjects).toBe(0);
    expect(s3.uploads.has(uploadId)).toBe(false);
    await expect(caller.student.evidence.listUploadedParts(ids)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
