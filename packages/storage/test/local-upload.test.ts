import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { newObjectPath } from '@evident/core/object-path';
import { checkUploadedObject } from '@evident/core/upload-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalDiskStorage, type LocalDiskStorage } from '../src/local-disk';
import { testSecret } from './files-server';
import { chunks, filesUnder } from './local-disk-fixtures';

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
