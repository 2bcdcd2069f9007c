import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import { newObjectPath } from '@evident/core/object-path';
import { checkUploadedObject } from '@evident/core/upload-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send, startFilesServer } from './files-server';
import { chunks, filesUnder } from './local-disk-fixtures';

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
      sha256: createHash('sha256').update(jpeg).digest('hex'),
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
