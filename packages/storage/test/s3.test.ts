import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { AppError } from '@evident/core/errors';
import { newObjectPath } from '@evident/core/object-path';
import { checkUploadedObject } from '@evident/core/upload-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage, type S3Storage } from '../src/s3';
import { type FakeS3, startFakeS3 } from './fake-s3-server';

const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(200, 7),
]);

let s3: FakeS3;
let storage: S3Storage;

beforeAll(async () => {
  s3 = await startFakeS3();
  storage = createS3Storage({
    ...s3.storageConfig,
  });
});

afterAll(async () => {
  storage?.client.destroy();
  await s3?.close();
});

const inAMinute = () => new Date(Date.now() + 60_000);

async function presignedPut(objectPath: string, contentLength?: number) {
  return storage.createUploadUrl({
    objectPath,
    userId: 'student-1',
    contentType: 'image/png',
    maxBytes: 1024,
    contentLength,
    expiresAt: inAMinute(),
  });
}

function tamperSignature(url: string): string {
  return url.replace(
    /X-Amz-Signature=([0-9a-f])/,
    (_m, c: string) => `X-Amz-Signature=${c === '0' ? '1' : '0'}`,
  );
}

describe('S3 adapter against a SigV4-checking S3 peer', () => {
  it('a browser uploads through the presigned PUT and the server reads it back', async () => {
    const objectPath = newObjectPath('student-1', 'Site photo 1.png');
    const target = await presignedPut(objectPath);
    expect(target.method).toBe('PUT');
    expect(new URL(target.uploadUrl).searchParams.get('X-Amz-SignedHeaders')).toContain('content-type');
    // No checksum of an empty body baked into the URL (the SDK default would break real uploads).
    expect(target.uploadUrl).not.toContain('x-amz-checksum');

    const put = await fetch(target.uploadUrl, { method: 'PUT', headers: target.headers, body: png });
    expect(put.status).toBe(200);
    expect(s3.objects.get(objectPath)?.metadata.uid).toBe('student-1');
    expect(s3.objects.get(objectPath)?.contentType).toBe('image/png');

    expect(await storage.stat(objectPath)).toEqual({ size: png.length });
    expect(await storage.readHead(objectPath, 8)).toEqual(png.subarray(0, 8));
    expect(
      await checkUploadedObject(storage, { objectPath, contentType: 'image/png', maxBytes: 1024 }),
    ).toEqual({
      size: png.length,
      // Read back from the bucket for the record: the hash of exactly the bytes the browser sent.
      sha256: createHash('sha256').update(png).digest('hex'),
    });

    const url = await storage.createDownloadUrl({
      objectPath,
      fileName: 'Site photo – 1.png',
      contentType: 'image/png',
      expiresAt: inAMinute(),
    });
    const get = await fetch(url);
    expect(get.status).toBe(200);
    expect(get.headers.get('content-type')).toBe('image/png');
    expect(get.headers.get('content-disposition')).toBe(
      `inline; filename="Site photo _ 1.png"; filename*=UTF-8''Site%20photo%20%E2%80%93%201.png`,
    );
    expect(Buffer.from(await get.arrayBuffer())).toEqual(png);

    // The saved name ends in the checked type's extension, whatever the student called the file.
    const renamed = await storage.createDownloadUrl({
      objectPath,
      fileName: 'evidence.html',
      contentType: 'image/png',
      disposition: 'attachment',
      expiresAt: inAMinute(),
    });
    expect((await fetch(renamed)).headers.get('content-disposition')).toBe(
      `attachment; filename="evidence.html.png"; filename*=UTF-8''evidence.html.png`,
    );

    const stream = await storage.getStream(objectPath);
    const chunks: Buffer[] = [];
    for await (const chunk of stream ?? []) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks)).toEqual(png);

    await storage.delete(objectPath);
    expect(await storage.stat(objectPath)).toBeNull();
    expect(await storage.getStream(objectPath)).toBeNull();
    await expect(storage.readHead(objectPath, 8)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses a presigned PUT whose signature, key, content type or length was changed', async () => {
    const objectPath = newObjectPath('student-1', 'a.png');
    const target = await presignedPut(objectPath, png.length);
    expect(new URL(target.uploadUrl).searchParams.get('X-Amz-SignedHeaders')).toContain('content-length');

    const send = (
      url: string,
      contentType: string,
      body: Buffer,
      condition: Record<string, string> = target.headers,
    ) =>
      fetch(url, {
        method: 'PUT',
        headers: { ...condition, 'Content-Type': contentType },
        body: new Uint8Array(body),
      });

    expect((await send(tamperSignature(target.uploadUrl), 'image/png', png)).status).toBe(403);
    const otherKey = target.uploadUrl.replace(/\/a\.png\?/, '/b.png?');
    expect(otherKey).not.toBe(target.uploadUrl);
    expect((await send(otherKey, 'image/png', png)).status).toBe(403);
    expect((await send(target.uploadUrl, 'text/html', png)).status).toBe(403);
    expect((await send(target.uploadUrl, 'image/png', Buffer.concat([png, png]))).status).toBe(403);
    // Dropping the write-once condition breaks the signature too.
    expect((await send(target.uploadUrl, 'image/png', png, {})).status).toBe(403);
    expect(s3.objects.has(objectPath)).toBe(false);

    expect((await send(target.uploadUrl, 'image/png', png)).status).toBe(200);
  });

  it('writes an object once: the same presigned URL cannot replace it', async () => {
    const objectPath = newObjectPath('student-1', 'once.png');
    const target = await presignedPut(objectPath);
    expect(target.headers).toMatchObject({ 'If-None-Match': '*' });
    expect(new URL(target.uploadUrl).searchParams.get('X-Amz-SignedHeaders')).toContain('if-none-match');

    const put = (body: Buffer) =>
      fetch(target.uploadUrl, { method: 'PUT', headers: target.headers, body: new Uint8Array(body) });
    expect((await put(png)).status).toBe(200);
    const again = await put(Buffer.concat([png, Buffer.from('swapped')]));
    expect(again.status).toBe(412);
    expect(s3.objects.get(objectPath)?.body).toEqual(png);
  });

  it('refuses an expired presigned URL', async () => {
    const objectPath = newObjectPath('student-1', 'late.png');
    const target = await storage.createUploadUrl({
      objectPath,
      userId: 'student-1',
      contentType: 'image/png',
      maxBytes: 1024,
      expiresAt: new Date(Date.now() + 5 * 60_000),
    });
    s3.setClock(() => new Date(Date.now() + 6 * 60_000));
    try {
      const put = await fetch(target.uploadUrl, { method: 'PUT', headers: target.headers, body: png });
      expect(put.status).toBe(403);
      expect(await put.text()).toContain('expired');
    } finally {
      s3.setClock(() => new Date());
    }
  });

  it('a client with the wrong secret is refused, so the peer really checks signatures', async () => {
    const impostor = createS3Storage({
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      region: s3.region,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: 'not-the-secret',
      forcePathStyle: true,
    });
    try {
      await expect(impostor.stat(newObjectPath('u', 'x.png'))).rejects.toMatchObject({
        $metadata: { httpStatusCode: 403 },
      });
    } finally {
      impostor.client.destroy();
    }
  });

  it('puts derived files from a buffer or a stream', async () => {
    const fromBuffer = newObjectPath('student-1', 'thumb.webp');
    await storage.put(fromBuffer, Buffer.from('RIFF0000WEBP'), 'image/webp');
    expect(s3.objects.get(fromBuffer)?.body.toString()).toBe('RIFF0000WEBP');
    expect(s3.objects.get(fromBuffer)?.contentType).toBe('image/webp');

    const fromStream = newObjectPath('student-1', 'thumb2.webp');
    await storage.put(
      fromStream,
      Readable.from([Buffer.from('RIFF'), Buffer.from('1111WEBP')]),
      'image/webp',
    );
    expect(s3.objects.get(fromStream)?.body.toString()).toBe('RIFF1111WEBP');
  });

  it('streams a derived file of known size straight through, past what it would gather', async () => {
    const objectPath = newObjectPath('student-1', 'playable.mp4');
    const chunk = Buffer.alloc(1024 * 1024, 7);
    const size = 65 * chunk.length;
    const chunks = function* () {
      for (let i = 0; i < 65; i++) yield chunk;
    };
    await expect(storage.put(objectPath, Readable.from(chunks()), 'video/mp4')).rejects.toThrow(/limited/);
    await storage.put(objectPath, Readable.from(chunks()), 'video/mp4', size);
    expect(s3.objects.get(objectPath)?.body.length).toBe(size);
    expect(s3.objects.get(objectPath)?.contentType).toBe('video/mp4');
  });

  it('the post-upload check deletes an oversized file and one whose bytes lie about its type', async () => {
    const big = newObjectPath('student-1', 'big.png');
    await storage.put(big, Buffer.concat([png, Buffer.alloc(2000)]), 'image/png');
    await expect(
      checkUploadedObject(storage, { objectPath: big, contentType: 'image/png', maxBytes: 1024 }),
    ).rejects.toEqual(expect.objectContaining({ code: 'PAYLOAD_TOO_LARGE' }));
    expect(await storage.stat(big)).toBeNull();

    const liar = newObjectPath('student-1', 'liar.png');
    await storage.put(liar, Buffer.from('<html><script>alert(1)</script></html>'), 'image/png');
    const refusal = await checkUploadedObject(storage, {
      objectPath: liar,
      contentType: 'image/png',
      maxBytes: 1024,
    }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).code).toBe('UNPROCESSABLE');
    expect(await storage.stat(liar)).toBeNull();

    const empty = newObjectPath('student-1', 'empty.png');
    await storage.put(empty, Buffer.alloc(0), 'image/png');
    expect(await storage.readHead(empty, 8)).toEqual(Buffer.alloc(0));
    await expect(
      checkUploadedObject(storage, { objectPath: empty, contentType: 'image/png', maxBytes: 1024 }),
    ).rejects.toMatchObject({
      code: 'UNPROCESSABLE',
    });
  });

  it('refuses object paths it did not make', async () => {
    await expect(storage.stat('../etc/passwd')).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(presignedPut('evidence/u/../../x')).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});
