import { readdir, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { newObjectPath } from '@evident/core/object-path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send, startFilesServer } from './files-server';

let files: Awaited<ReturnType<typeof startFilesServer>>;

beforeAll(async () => {
  files = await startFilesServer();
});
afterAll(async () => {
  await files?.close();
});

const json = (response: { body: Buffer }) => JSON.parse(response.body.toString());

/** A fake MP4: an ftyp box, then bytes that differ per position so misordered parts show. */
function video(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 7 + (i >> 8)) & 0xff;
  Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d]).copy(bytes);
  return bytes;
}

async function grant(maxBytes: number) {
  const objectPath = newObjectPath('student-3', 'Forklift pre-start.mp4');
  const target = await files.storage.createUploadUrl({
    objectPath,
    userId: 'student-3',
    contentType: 'video/mp4',
    maxBytes,
    expiresAt: new Date(Date.now() + 60_000),
  });
  const at = (extra = '') => `${target.uploadUrl}${extra}`;
  return { objectPath, headers: target.headers, at };
}

describe('resumable uploads in parts', () => {
  it('uploads parts out of order, resumes from the listing and joins them in order', async () => {
    const file = video(3 * 65_536 + 1234);
    const parts = [file.subarray(0, 65_536), file.subarray(65_536, 131_072), file.subarray(131_072)];
    const { objectPath, headers, at } = await grant(1_000_000);

    expect(json(await send(at('&part=3'), { method: 'PUT', headers, body: parts[2] }))).toEqual({
      part: 3,
      size: parts[2]?.length,
    });
    expect((await send(at('&part=1'), { method: 'PUT', headers, body: parts[1] })).status).toBe(200);
    // Part 1 was sent with the wrong bytes; sending it again replaces it.
    expect((await send(at('&part=1'), { method: 'PUT', headers, body: parts[0] })).status).toBe(200);

    // The connection dropped; the client asks what arrived and sends only what is missing.
    const listing = await send(at());
    expect(listing.status).toBe(200);
    expect(json(listing)).toEqual({
      parts: [
        { part: 1, size: 65_536 },
        { part: 3, size: parts[2]?.length },
      ],
      complete: false,
    });
    expect((await send(at('&parts=3'), { method: 'POST' })).status).toBe(409);
    expect((await send(at('&part=2'), { method: 'PUT', headers, body: parts[1] })).status).toBe(200);

    const done = await send(at('&parts=3'), { method: 'POST' });
    expect(done.status).toBe(200);
    expect(json(done)).toEqual({ size: file.length });
    expect(await readFile(join(files.rootDir, objectPath))).toEqual(file);
    // Parts and temporary files are gone; only the object remains.
    expect(await readdir(join(files.rootDir, dirname(objectPath)))).toEqual([objectPath.split('/').pop()]);
    expect(json(await send(at()))).toEqual({ parts: [], complete: true, size: file.length });

    // The grant has not expired, but the object is written: no part, join or whole PUT replaces it.
    expect((await send(at('&part=1'), { method: 'PUT', headers, body: parts[1] })).status).toBe(409);
    expect((await send(at('&parts=1'), { method: 'POST' })).status).toBe(409);
    expect((await send(at(), { method: 'PUT', headers, body: parts[1] })).status).toBe(409);
    expect(await readFile(join(files.rootDir, objectPath))).toEqual(file);
  });

  it('refuses a part count that leaves parts out or misses one', async () => {
    const { headers, at } = await grant(1_000_000);
    for (const n of [1, 2, 3])
      await send(at(`&part=${n}`), { method: 'PUT', headers, body: Buffer.alloc(10, n) });
    const tooFew = await send(at('&parts=2'), { method: 'POST' });
    expect(tooFew.status).toBe(409);
    expect(tooFew.body.toString()).toBe('Part 3 is beyond the part count 2');
    const tooMany = await send(at('&parts=4'), { method: 'POST' });
    expect(tooMany.body.toString()).toBe('Part 4 is missing');
    expect((await send(at(), { method: 'POST' })).status).toBe(400);
  });

  it('holds the parts together to the grant size', async () => {
    const { objectPath, headers, at } = await grant(100);
    expect((await send(at('&part=1'), { method: 'PUT', headers, body: Buffer.alloc(60) })).status).toBe(200);
    const over = await send(at('&part=2'), { method: 'PUT', headers, body: Buffer.alloc(60) });
    expect(over.status).toBe(413);
    expect(over.body.toString()).toBe('File is larger than the limit of 100 bytes');
    expect(json(await send(at()))).toEqual({ parts: [{ part: 1, size: 60 }], complete: false });
    // Replacing part 1 with a smaller one makes room again.
    expect((await send(at('&part=1'), { method: 'PUT', headers, body: Buffer.alloc(30) })).status).toBe(200);
    expect((await send(at('&part=2'), { method: 'PUT', headers, body: Buffer.alloc(60) })).status).toBe(200);
    expect(json(await send(at('&parts=2'), { method: 'POST' }))).toEqual({ size: 90 });
    expect(await files.storage.stat(objectPath)).toEqual({ size: 90 });
  });

  it('refuses parallel parts with a declared length that together pass the grant', async () => {
    const mib = 1024 * 1024;
    const { headers, at } = await grant(mib);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        send(at(`&part=${i + 1}`), { method: 'PUT', headers, body: Buffer.alloc(mib) }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, ...Array(9).fill(413)]);
    expect(answers.find((answer) => answer.status === 413)?.body.toString()).toBe(
      `File is larger than the limit of ${mib} bytes`,
    );
    const { parts } = json(await send(at()));
    expect(parts).toHaveLength(1);
    expect(parts[0].size).toBe(mib);
  });

  it('counts the bytes of parallel streamed parts as they arrive, refusing the part that passes the grant', async () => {
    const limit = 1024 * 1024;
    const half = limit / 2;
    const { objectPath, headers, at } = await grant(limit);
    const folder = join(files.rootDir, dirname(objectPath));
    let openGate = () => {};
    const gate = new Promise<void>((resolve) => {
      openGate = resolve;
    });
    // Ten parts of 1 MiB with no Content-Length: each sends half, waits until every part is either
    // answered or half on disk, then sends the rest, so all ten are in flight together.
    let answered = 0;
    const sending = Array.from({ length: 10 }, (_, i) => {
      const body = Readable.from(
        (async function* () {
          yield Buffer.alloc(half, i);
          await gate;
          yield Buffer.alloc(half, i);
        })(),
      );
      return send(at(`&part=${i + 1}`), { method: 'PUT', headers, body }).then((answer) => {
        answered++;
        return answer;
      });
    });
    for (;;) {
      const temps = (await readdir(folder).catch(() => [] as string[])).filter((name) =>
        name.endsWith('.tmp'),
      );
      const sizes = await Promise.all(
        temps.map((name) =>
          stat(join(folder, name)).then(
            (info) => info.size,
            () => 0,
          ),
        ),
      );
      if (answered + sizes.filter((size) => size >= half).length >= 10) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    openGate();
    const answers = await Promise.all(sending);
    const accepted = answers.filter((answer) => answer.status === 200).map((answer) => json(answer).size);
    expect(answers.every((answer) => answer.status === 200 || answer.status === 413)).toBe(true);
    expect(accepted.reduce((sum: number, size: number) => sum + size, 0)).toBeLessThanOrEqual(limit);
    const { parts } = json(await send(at()));
    expect(parts.reduce((sum: number, part: { size: number }) => sum + part.size, 0)).toBeLessThanOrEqual(
      limit,
    );
    // Refused parts leave nothing behind, and their bytes no longer count: a part that fits still goes.
    expect((await readdir(folder)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    const room = limit - parts.reduce((sum: number, part: { size: number }) => sum + part.size, 0);
    if (room > 0) {
      const last = await send(at('&part=11'), { method: 'PUT', headers, body: Buffer.alloc(room) });
      expect(last.status).toBe(200);
    }
  });

  it('lets a part be sent again while its first attempt is still arriving, since only one of them is kept', async () => {
    const { objectPath, headers, at } = await grant(800);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = send(at('&part=1'), {
      method: 'PUT',
      headers,
      body: Readable.from(
        (async function* () {
          yield Buffer.alloc(300, 1);
          await held;
          yield Buffer.alloc(300, 1);
        })(),
      ),
    });
    const folder = join(files.rootDir, dirname(objectPath));
    const arrived = async () => {
      const temps = (await readdir(folder).catch(() => [] as string[])).filter((name) =>
        name.endsWith('.tmp'),
      );
      const sizes = await Promise.all(
        temps.map((name) => stat(join(folder, name)).then((info) => info.size)),
      );
      return sizes.some((size) => size >= 300);
    };
    while (!(await arrived())) await new Promise((resolve) => setTimeout(resolve, 10));
    // The retry (a phone whose first connection went quiet) has the whole part.
    const again = await send(at('&part=1'), { method: 'PUT', headers, body: Buffer.alloc(600, 2) });
    expect(again.status, again.body.toString()).toBe(200);
    release();
    expect((await first).status).toBe(200);
    expect(json(await send(at()))).toEqual({ parts: [{ part: 1, size: 600 }], complete: false });
    expect((await send(at('&part=2'), { method: 'PUT', headers, body: Buffer.alloc(200) })).status).toBe(200);
    expect((await send(at('&part=3'), { method: 'PUT', headers, body: Buffer.alloc(1) })).status).toBe(413);
  });

  it('checks type and signature on every part and aborts cleanly', async () => {
    const { objectPath, headers, at } = await grant(1000);
    expect(
      (
        await send(at('&part=1'), {
          method: 'PUT',
          headers: { 'Content-Type': 'text/html' },
          body: Buffer.alloc(5),
        })
      ).status,
    ).toBe(415);
    expect((await send(at('&part=0'), { method: 'PUT', headers, body: Buffer.alloc(5) })).status).toBe(400);
    expect((await send(at('&part=abc'), { method: 'PUT', headers, body: Buffer.alloc(5) })).status).toBe(400);
    const forged = at('&part=1').replace(/uid=[^&]+/, 'uid=student-4');
    expect((await send(forged, { method: 'PUT', headers, body: Buffer.alloc(5) })).status).toBe(403);

    expect((await send(at('&part=1'), { method: 'PUT', headers, body: Buffer.alloc(5) })).status).toBe(200);
    expect((await send(at(), { method: 'DELETE' })).status).toBe(204);
    expect(json(await send(at()))).toEqual({ parts: [], complete: false });
    expect(await readdir(join(files.rootDir, dirname(objectPath)))).toEqual([]);
  });

  it('sweeps parts and temporary files abandoned long ago, and nothing else', async () => {
    const { objectPath, headers, at } = await grant(1000);
    expect((await send(at('&part=1'), { method: 'PUT', headers, body: Buffer.alloc(5) })).status).toBe(200);
    const folder = join(files.rootDir, dirname(objectPath));
    const name = objectPath.split('/').pop() ?? '';
    await writeFile(join(folder, `.${name}.upload.0a1b.tmp`), 'half a file');
    const kept = newObjectPath('student-3', 'finished.mp4');
    await files.storage.put(kept, Buffer.from('done'), 'video/mp4');

    expect(await files.storage.removeStaleUploads(60 * 60_000)).toBe(0);
    const longAgo = new Date(Date.now() - 2 * 60 * 60_000);
    for (const file of await readdir(folder)) await utimes(join(folder, file), longAgo, longAgo);
    await utimes(join(files.rootDir, kept), longAgo, longAgo);

    expect(await files.storage.removeStaleUploads(60 * 60_000)).toBe(2);
    expect(await readdir(folder)).toEqual([]);
    expect(await files.storage.stat(kept)).toEqual({ size: 4 });
  });
});
