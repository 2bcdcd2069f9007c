import { createHash, randomBytes } from 'node:crypto';
import { newObjectPath } from '@evident/core/object-path';
import { hashStoredObject } from '@evident/core/stored-file-hash';
import { partsToSend, planUploadParts } from '@evident/core/upload-parts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage, type S3Storage } from '../src/s3';
import { s3MinPartSize } from '../src/s3-multipart';
import { type FakeS3, startFakeS3 } from './fake-s3-server';

let s3: FakeS3;
let storage: S3Storage;

beforeAll(async () => {
  // Two parts per listing page, so a three-part upload is listed in two pages.
  s3 = await startFakeS3({ listPartsPageSize: 2 });
  storage = createS3Storage({
    ...s3.storageConfig,
    partSize: s3MinPartSize,
  });
});

afterAll(async () => {
  storage?.client.destroy();
  await s3?.close();
});

const partSize = s3MinPartSize;
/** Three parts: two full ones and a short last one. */
const video = randomBytes(2 * partSize + 1000);

async function start(objectPath: string, body: Buffer = video) {
  return storage.multipart.start({
    objectPath,
    userId: 'student-1',
    contentType: 'video/mp4',
    maxBytes: 100 * 1024 * 1024,
    contentLength: body.length,
    expiresAt: new Date(Date.now() + 60_000),
  });
}

/** What the browser does with one part URL: PUT the bytes, no headers of its own. */
function sendPart(url: string, bytes: Buffer) {
  return fetch(url, { method: 'PUT', body: new Uint8Array(bytes) });
}

function bytesOf(part: number, body: Buffer = video): Buffer {
  const entry = planUploadParts(body.length, partSize)[part - 1];
  if (!entry) throw new Error(`no part ${part}`);
  return body.subarray(entry.start, entry.end);
}

function urlOf(urls: string[], part: number): string {
  const url = urls[part - 1];
  if (!url) throw new Error(`no URL for part ${part}`);
  return url;
}

describe('S3 uploads in parts against a SigV4-checking S3 peer', () => {
  it('parts sent out of order are joined in order into the file, typed and attributed like a single PUT', async () => {
    const objectPath = newObjectPath('student-1', 'Walkthrough.mp4');
    const target = await start(objectPath);
    expect(target.partSize).toBe(partSize);
    expect(target.partUrls).toHaveLength(3);
    for (const [index, url] of target.partUrls.entries()) {
      const query = new URL(url).searchParams;
      expect(query.get('partNumber')).toBe(String(index + 1));
      expect(query.get('uploadId')).toBe(target.uploadId);
      expect(query.get('X-Amz-SignedHeaders')).toContain('content-length');
      expect(url).not.toContain('x-amz-checksum');
    }

    for (const part of [3, 1, 2]) {
      expect((await sendPart(urlOf(target.partUrls, part), bytesOf(part))).status).toBe(200);
    }
    expect(s3.objects.has(objectPath)).toBe(false);

    const done = await storage.multipart.complete({ objectPath, uploadId: target.uploadId, partCount: 3 });
    expect(done).toEqual({ size: video.length });
    const stored = s3.objects.get(objectPath);
    expect(stored?.body.equals(video)).toBe(true);
    expect(stored?.contentType).toBe('video/mp4');
    expect(stored?.metadata.uid).toBe('student-1');
    expect(s3.uploads.has(target.uploadId)).toBe(false);
    // The joined object's SHA-256, streamed back from the bucket, is the whole file's.
    expect(await hashStoredObject(storage, objectPath)).toEqual({
      sha256: createHash('sha256').update(video).digest('hex'),
      size: video.length,
    });
    expect(await storage.multipart.listParts(objectPath, target.uploadId)).toEqual({
      parts: [],
      complete: true,
      size: video.length,
    });
  });

  it('after a dropped connection the listing says which parts to send, and completing early is refused', async () => {
    const objectPath = newObjectPath('student-1', 'resumed.mp4');
    const target = await start(objectPath);
    expect((await sendPart(urlOf(target.partUrls, 1), bytesOf(1))).status).toBe(200);
    // Part 3 arrives short (the connection broke): its signed length refuses it, nothing is kept.
    await expect(
      fetch(urlOf(target.partUrls, 3), { method: 'PUT', body: new Uint8Array(bytesOf(3).subarray(0, 10)) }),
    ).resolves.toMatchObject({ status: 403 });

    const listing = await storage.multipart.listParts(objectPath, target.uploadId);
    expect(listing).toEqual({ parts: [{ part: 1, size: partSize }], complete: false });
    await expect(
      storage.multipart.complete({ objectPath, uploadId: target.uploadId, partCount: 3 }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('2 of 3 parts') });

    const todo = partsToSend(planUploadParts(video.length, partSize), listing.parts);
    expect(todo.map((entry) => entry.part)).toEqual([2, 3]);
    for (const entry of todo) {
      expect((await sendPart(urlOf(target.partUrls, entry.part), bytesOf(entry.part))).status).toBe(200);
    }
    // Listed across two pages of the bucket's answer.
    expect((await storage.multipart.listParts(objectPath, target.uploadId)).parts).toEqual([
      { part: 1, size: partSize },
      { part: 2, size: partSize },
      { part: 3, size: 1000 },
    ]);
    await storage.multipart.complete({ objectPath, uploadId: target.uploadId, partCount: 3 });
    expect(s3.objects.get(objectPath)?.body.equals(video)).toBe(true);
  });

  it('completing again answers the same and replaces nothing; neither does an upload in parts after a whole PUT', async () => {
    const objectPath = newObjectPath('student-1', 'once.mp4');
    const target = await start(objectPath);
    for (const part of [1, 2, 3]) await sendPart(urlOf(target.partUrls, part), bytesOf(part));
    await storage.multipart.complete({ objectPath, uploadId: target.uploadId, partCount: 3 });
    // The answer was lost; the client asks again.
    await expect(
      storage.multipart.complete({ objectPath, uploadId: target.uploadId, partCount: 3 }),
    ).resolves.toEqual({ size: video.length });
    expect(s3.objects.get(objectPath)?.body.equals(video)).toBe(true);

    // Another upload in parts of the same path is refused by the conditional write and aborted.
    const other = randomBytes(2 * partSize + 50);
    const second = await start(objectPath, other);
    for (const part of [1, 2, 3]) {
      expect((await sendPart(urlOf(second.partUrls, part), bytesOf(part, other))).status).toBe(200);
    }
    await expect(
      storage.multipart.complete({ objectPath, uploadId: second.uploadId, partCount: 3 }),
    ).resolves.toEqual({ size: video.length });
    expect(s3.objects.get(objectPath)?.body.equals(video)).toBe(true);
    expect(s3.uploads.has(second.uploadId)).toBe(false);
    const refused = s3.requests.filter((r) => r.method === 'POST' && r.path.includes(second.uploadId));
    expect(refused.map((r) => r.status)).toEqual([412]);
  });

  it('refuses a part URL whose signature, part number, upload or length was changed', async () => {
    const objectPath = newObjectPath('student-1', 'tamper.mp4');
    const target = await start(objectPath);
    const url = urlOf(target.partUrls, 1);
    const bytes = bytesOf(1);

    const badSignature = url.replace(
      /X-Amz-Signature=([0-9a-f])/,
      (_m, c: string) => `X-Amz-Signature=${c === '0' ? '1' : '0'}`,
    );
    expect((await sendPart(badSignature, bytes)).status).toBe(403);
    const otherPart = url.replace('partNumber=1&', 'partNumber=2&');
    expect(otherPart).not.toBe(url);
    expect((await sendPart(otherPart, bytes)).status).toBe(403);
    const otherUpload = url.replace(`uploadId=${encodeURIComponent(target.uploadId)}`, 'uploadId=forged');
    expect(otherUpload).not.toBe(url);
    expect((await sendPart(otherUpload, bytes)).status).toBe(403);
    expect((await sendPart(url, Buffer.concat([bytes, Buffer.from('more')]))).status).toBe(403);
    expect(s3.uploads.get(target.uploadId)?.parts.size).toBe(0);

    expect((await sendPart(url, bytes)).status).toBe(200);
  });

  it('an unknown upload, or one of another object, is not found', async () => {
    const objectPath = newObjectPath('student-1', 'a.mp4');
    const target = await start(objectPath);
    const elsewhere = newObjectPath('student-1', 'b.mp4');
    await expect(storage.multipart.listParts(elsewhere, target.uploadId)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(storage.multipart.listParts(objectPath, 'no-such-upload')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(
      storage.multipart.complete({ objectPath: elsewhere, uploadId: target.uploadId, partCount: 1 }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(storage.multipart.listParts('../x', target.uploadId)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('deleting an object aborts its unfinished uploads in parts, and only its own', async () => {
    const abandoned = newObjectPath('student-1', 'abandoned.mp4');
    const kept = newObjectPath('student-1', 'abandoned.mp4.other');
    const first = await start(abandoned);
    const again = await start(abandoned);
    const other = await start(kept);
    await sendPart(urlOf(first.partUrls, 1), bytesOf(1));

    await storage.delete(abandoned);
    expect(s3.uploads.has(first.uploadId)).toBe(false);
    expect(s3.uploads.has(again.uploadId)).toBe(false);
    expect(s3.uploads.has(other.uploadId)).toBe(true);
    await expect(storage.multipart.listParts(abandoned, first.uploadId)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('will not cut parts smaller than S3 accepts', () => {
    expect(() =>
      createS3Storage({
        bucket: 'b',
        region: 'us-east-1',
        accessKeyId: 'a',
        secretAccessKey: 's',
        partSize: 1024 * 1024,
      }),
    ).toThrow(RangeError);
  });
});
