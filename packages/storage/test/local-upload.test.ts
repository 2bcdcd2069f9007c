import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { newObjectPath } from '@evident/core/object-path';
import { checkUploadedObject } from '@evident/core/upload-check';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLocalDiskStorage, type LocalDiskStorage } from '../src/local-disk';
import { send, startFilesServer, testSecret } from './files-server';

/** Every file under a folder, relative, including dot files: proof that nothing was left behind. */
async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1))
    .sort();
}

function chunks(count: number, size: number, fill = 0x61): Readable {
  const chunk = Buffer.alloc(size, fill);
  return Readable.from(
    (function* () {
      for (let i = 0; i < count; i++) yield chunk;
    })(),
  );
}

describe('writeUploadStream on local disk', () => {
  let root: string;
  let storage: LocalDiskStorage;

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'evident-write-'));
    storage = createLocalDiskStorage({ rootDir: root, publicUrl: 'http://localhost', secret: testSecret });
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('streams a body into place and leaves no temporary file', async () => {
    const objectPath = newObjectPath('student-1', 'clip.webm');
    const result = await storage.writeUploadStream({ objectPath, body: chunks(10, 1000), maxBytes: 10_000 });
    expect(result).toEqual({ size: 10_000 });
    expect(await filesUnder(root)).toEqual([objectPath]);
    expect(await storage.stat(objectPath)).toEqual({ size: 10_000 });
    expect((await storage.readHead(objectPath, 4)).toString()).toBe('aaaa');
  });

  it('stops at the limit, deletes the temporary file and leaves nothing', async () => {
    const objectPath = newObjectPath('student-1', 'clip.webm');
    const error = await storage
      .writeUploadStream({ objectPath, body: chunks(11, 1000), maxBytes: 10_000 })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(await filesUnder(root)).toEqual([]);
    expect(await storage.stat(objectPath)).toBeNull();
  });

  it('refuses a declared length over the limit without reading the body', async () => {
    const objectPath = newObjectPath('student-1', 'clip.webm');
    let read = false;
    const body = new Readable({
      read() {
        read = true;
        this.push(null);
      },
    });
    await expect(
      storage.writeUploadStream({ objectPath, body, declaredLength: 10_001, maxBytes: 10_000 }),
    ).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(read).toBe(false);
    expect(await filesUnder(root)).toEqual([]);
  });

  it('leaves nothing when the body breaks off', async () => {
    const objectPath = newObjectPath('student-1', 'clip.webm');
    const body = new PassThrough();
    const writing = storage.writeUploadStream({ objectPath, body, maxBytes: 10_000 });
    body.write(Buffer.alloc(500, 0x62));
    setImmediate(() => body.destroy(new Error('socket hang up')));
    await expect(writing).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await filesUnder(root)).toEqual([]);
  });

  it('writes an object once: a second upload is refused and the first file stays', async () => {
    const objectPath = newObjectPath('student-1', 'clip.webm');
    await storage.writeUploadStream({
      objectPath,
      body: Readable.from([Buffer.from('first version')]),
      maxBytes: 100,
    });

    await expect(
      storage.writeUploadStream({ objectPath, body: Readable.from([Buffer.from('swapped')]), maxBytes: 100 }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await filesUnder(root)).toEqual([objectPath]);
    expect(await readFile(join(root, objectPath), 'utf8')).toBe('first version');
  });

  it('lets only one of two simultaneous uploads of the same object land', async () => {
    const objectPath = newObjectPath('student-1', 'clip.webm');
    const first = new PassThrough();
    const second = new PassThrough();
    const writes = [first, second].map((body) =>
      storage.writeUploadStream({ objectPath, body, maxBytes: 100 }),
    );
    first.end(Buffer.from('one'));
    second.end(Buffer.from('two'));
    const results = await Promise.allSettled(writes);

    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((result) => result.status === 'rejected')).toMatchObject({
      reason: { code: 'CONFLICT' },
    });
    expect(await filesUnder(root)).toEqual([objectPath]);
    expect(['one', 'two']).toContain(await readFile(join(root, objectPath), 'utf8'));
  });

  it('refuses a body shorter than its declared length', async () => {
    const objectPath = newObjectPath('student-1', 'clip.webm');
    await expect(
      storage.writeUploadStream({ objectPath, body: chunks(1, 10), declaredLength: 20, maxBytes: 100 }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await filesUnder(root)).toEqual([]);
  });

  it('refuses traversal in every operation and writes nothing outside the root', async () => {
    const outside = join(dirname(root), `${root.split('/').pop()}-escape.txt`);
    const escapingPath = `evidence/../../${outside.split('/').pop()}`;
    for (const objectPath of [escapingPath, '../escape.txt', '/tmp/escape.txt', 'evidence/a/b/c']) {
      await expect(
        storage.writeUploadStream({ objectPath, body: chunks(1, 10), maxBytes: 100 }),
      ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
      await expect(storage.stat(objectPath)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
      await expect(storage.put(objectPath, Buffer.from('x'), 'text/plain')).rejects.toMatchObject({
        code: 'BAD_REQUEST',
      });
      await expect(storage.delete(objectPath)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    }
    await expect(readFile(outside)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await filesUnder(root)).toEqual([]);
  });

  it('puts, streams and deletes derived files', async () => {
    const objectPath = newObjectPath('student-1', 'thumb.webp');
    await storage.put(objectPath, Buffer.from('RIFF....WEBP'), 'image/webp');
    const stream = await storage.getStream(objectPath);
    const parts: Buffer[] = [];
    for await (const chunk of stream ?? []) parts.push(chunk as Buffer);
    expect(Buffer.concat(parts).toString()).toBe('RIFF....WEBP');
    await storage.delete(objectPath);
    expect(await storage.getStream(objectPath)).toBeNull();
    expect(await storage.stat(objectPath)).toBeNull();
    await expect(storage.readHead(objectPath, 4)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await storage.delete(objectPath);
    // The per-upload folder went with its last file.
    expect(await readdir(join(root, 'evidence', 'student-1'))).toEqual([]);
  });

  it('the post-upload check refuses a file whose bytes lie about its type and deletes it', async () => {
    const objectPath = newObjectPath('student-1', 'photo.jpg');
    await storage.put(objectPath, Buffer.from('<html>not a jpeg</html>'), 'image/jpeg');
    await expect(
      checkUploadedObject(storage, { objectPath, contentType: 'image/jpeg', maxBytes: 1000 }),
    ).rejects.toMatchObject({ code: 'UNPROCESSABLE' });
    expect(await storage.stat(objectPath)).toBeNull();
    await expect(
      checkUploadedObject(storage, { objectPath, contentType: 'image/jpeg', maxBytes: 1000 }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('the /files routes over HTTP', () => {
  let files: Awaited<ReturnType<typeof startFilesServer>>;
  const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4000, 0x11)]);

  beforeAll(async () => {
    files = await startFilesServer();
  });
  afterAll(async () => {
    await files?.close();
  });

  async function grant(maxBytes = 10_000, contentType = 'image/jpeg') {
    const objectPath = newObjectPath('student-2', 'Site photo.jpg');
    const target = await files.storage.createUploadUrl({
      objectPath,
      userId: 'student-2',
      contentType,
      maxBytes,
      expiresAt: new Date(Date.now() + 60_000),
    });
    return { objectPath, ...target };
  }

  it('uploads with PUT and downloads through a signed URL, with ranges', async () => {
    const { objectPath, uploadUrl, headers } = await grant();
    const put = await send(uploadUrl, { method: 'PUT', headers, body: jpeg });
    expect(put.status).toBe(200);
    expect(JSON.parse(put.body.toString())).toEqual({ size: jpeg.length });
    expect(
      await checkUploadedObject(files.storage, { objectPath, contentType: 'image/jpeg', maxBytes: 10_000 }),
    ).toEqual({
      size: jpeg.length,
    });

    const url = await files.storage.createDownloadUrl({
      objectPath,
      fileName: 'Site photo (1).jpg',
      contentType: 'image/jpeg',
      expiresAt: new Date(Date.now() + 60_000),
    });
    const whole = await send(url);
    expect(whole.status).toBe(200);
    expect(whole.body).toEqual(jpeg);
    expect(whole.headers['content-type']).toBe('image/jpeg');
    expect(whole.headers['content-disposition']).toBe(
      `inline; filename="Site photo (1).jpg"; filename*=UTF-8''Site%20photo%20%281%29.jpg`,
    );
    expect(whole.headers['x-content-type-options']).toBe('nosniff');

    const part = await send(url, { headers: { Range: 'bytes=1-3' } });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1-3/${jpeg.length}`);
    expect(part.body).toEqual(jpeg.subarray(1, 4));
    expect((await send(url, { headers: { Range: 'bytes=99999-' } })).status).toBe(416);

    expect((await send(url.replace('name=', 'name=x'))).status).toBe(403);
    expect((await send(url.replace('/Site_photo.jpg', '/other.jpg'))).status).toBe(403);
  });

  it('offers a JPEG uploaded as evidence.html for download as evidence.html.jpg', async () => {
    const { objectPath, uploadUrl, headers } = await grant();
    expect((await send(uploadUrl, { method: 'PUT', headers, body: jpeg })).status).toBe(200);
    for (const disposition of ['inline', 'attachment'] as const) {
      const url = await files.storage.createDownloadUrl({
        objectPath,
        fileName: 'evidence.html',
        contentType: 'image/jpeg',
        disposition,
        expiresAt: new Date(Date.now() + 60_000),
      });
      const got = await send(url);
      expect(got.headers['content-type']).toBe('image/jpeg');
      expect(got.headers['content-disposition']).toBe(
        `${disposition}; filename="evidence.html.jpg"; filename*=UTF-8''evidence.html.jpg`,
      );
    }
  });

  it('refuses a wrong Content-Type, a tampered URL and a missing signature', async () => {
    const { objectPath, uploadUrl } = await grant();
    const wrongType = await send(uploadUrl, {
      method: 'PUT',
      headers: { 'Content-Type': 'text/html' },
      body: jpeg,
    });
    expect(wrongType.status).toBe(415);
    expect(wrongType.body.toString()).toBe('Content-Type must be image/jpeg');

    const tampered = uploadUrl.replace(/max=\d+/, 'max=99999999');
    const refused = await send(tampered, {
      method: 'PUT',
      headers: { 'Content-Type': 'image/jpeg' },
      body: jpeg,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.toString()).toBe('Invalid upload signature');

    const unsigned = uploadUrl.split('?')[0] ?? '';
    expect(
      (await send(unsigned, { method: 'PUT', headers: { 'Content-Type': 'image/jpeg' }, body: jpeg })).status,
    ).toBe(403);
    expect(await files.storage.stat(objectPath)).toBeNull();
  });

  it('answers 413 to an upload over the limit, declared or streamed, and keeps nothing', async () => {
    const declared = await grant(1000);
    const tooBig = await send(declared.uploadUrl, { method: 'PUT', headers: declared.headers, body: jpeg });
    expect(tooBig.status).toBe(413);
    expect(tooBig.headers.connection).toBe('close');

    const chunked = await grant(100_000);
    // No Content-Length: the limit is found while streaming.
    const streamed = await send(chunked.uploadUrl, {
      method: 'PUT',
      headers: chunked.headers,
      body: chunks(40, 4096, 0xff),
    });
    expect(streamed.status).toBe(413);
    expect(streamed.body.toString()).toBe('File is larger than the limit of 100000 bytes');

    expect(await files.storage.stat(declared.objectPath)).toBeNull();
    expect(await files.storage.stat(chunked.objectPath)).toBeNull();
    expect(await filesUnder(join(files.rootDir, dirname(chunked.objectPath)))).toEqual([]);
  });

  it('refuses path traversal in the URL', async () => {
    const { uploadUrl, headers } = await grant();
    const query = uploadUrl.split('?')[1];
    const traversal = await send(
      `${files.publicUrl}/files/upload/evidence%2F..%2F..%2F..%2Fescape.txt?${query}`,
      {
        method: 'PUT',
        headers,
        body: jpeg,
      },
    );
    expect(traversal.status).toBe(400);
    const download = await send(
      `${files.publicUrl}/files/download/..%2F..%2Fetc%2Fpasswd?exp=9999999999&sig=x`,
    );
    expect(download.status).toBe(400);
  });
});
