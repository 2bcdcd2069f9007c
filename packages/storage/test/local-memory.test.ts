import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { newObjectPath } from '@evident/core/object-path';
import { hashStoredObject } from '@evident/core/stored-file-hash';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send, startFilesServer } from './files-server';

const MB = 1024 * 1024;

let files: Awaited<ReturnType<typeof startFilesServer>>;

beforeAll(async () => {
  files = await startFilesServer();
});
afterAll(async () => {
  await files?.close();
});

/** 200 MB made on the fly, one reused 64 KB chunk at a time, each stamped with its index. */
function generated(totalBytes: number): Readable {
  const chunkSize = 64 * 1024;
  let index = 0;
  return new Readable({
    read() {
      if (index * chunkSize >= totalBytes) {
        this.push(null);
        return;
      }
      const chunk = Buffer.alloc(chunkSize, index & 0xff);
      chunk.writeUInt32BE(index, 0);
      index++;
      this.push(chunk);
    },
  });
}

describe('a large upload through the local /files route', () => {
  it('streams 200 MB to disk while memory stays flat', async () => {
    const total = 200 * MB;
    const objectPath = newObjectPath('student-5', 'long-clip.mp4');
    const target = await files.storage.createUploadUrl({
      objectPath,
      userId: 'student-5',
      contentType: 'video/mp4',
      maxBytes: 1024 * MB,
      expiresAt: new Date(Date.now() + 10 * 60_000),
    });

    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    // Sampling the resident set, not timing anything: the assertion is about the high-water mark.
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    try {
      const response = await send(target.uploadUrl, {
        method: 'PUT',
        headers: { ...target.headers, 'Content-Length': String(total) },
        body: generated(total),
      });
      expect(response.status).toBe(200);
      expect(JSON.parse(response.body.toString())).toEqual({ size: total });
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage().rss);
    expect(peak - before).toBeLessThan(100 * MB);

    // The bytes landed whole and in order: spot-check chunk stamps at the start, middle and end.
    expect(await files.storage.stat(objectPath)).toEqual({ size: total });
    const handle = await open(join(files.rootDir, objectPath), 'r');
    try {
      for (const index of [0, 1, 1600, 3199]) {
        const stamp = Buffer.alloc(5);
        await handle.read(stamp, 0, 5, index * 64 * 1024);
        expect(stamp.readUInt32BE(0)).toBe(index);
        expect(stamp[4]).toBe(index & 0xff);
      }
    } finally {
      await handle.close();
    }

    // Its SHA-256 for the record is read back streamed too: memory stays flat again.
    let expected = createHash('sha256');
    for await (const chunk of generated(total)) expected = expected.update(chunk as Buffer);
    global.gc?.();
    const beforeHash = process.memoryUsage().rss;
    let hashPeak = beforeHash;
    const hashSampler = setInterval(() => {
      hashPeak = Math.max(hashPeak, process.memoryUsage().rss);
    }, 20);
    try {
      expect(await hashStoredObject(files.storage, objectPath)).toEqual({
        sha256: expected.digest('hex'),
        size: total,
      });
    } finally {
      clearInterval(hashSampler);
    }
    hashPeak = Math.max(hashPeak, process.memoryUsage().rss);
    expect(hashPeak - beforeHash).toBeLessThan(100 * MB);
    expect(await hashStoredObject(files.storage, newObjectPath('student-5', 'never-sent.mp4'))).toBeNull();
  }, 120_000);
});
