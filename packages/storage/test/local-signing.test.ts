import {
  isValidObjectPath,
  newObjectPath,
  sanitiseFileName,
  thumbnailPathFor,
} from '@evident/core/object-path';
import { describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from '../src/local-disk';
import type { Query } from '../src/url-signing';

const secret = 'local-signing-secret-with-32-bytes-min';
const storage = createLocalDiskStorage({
  rootDir: '/nonexistent/files',
  publicUrl: 'https://evident.example/',
  secret,
});
const now = new Date('2026-03-01T10:00:00Z');
const inTenMinutes = new Date(now.getTime() + 10 * 60_000);

async function signedUpload() {
  const objectPath = newObjectPath('student-7', 'Welding bead.jpg');
  const target = await storage.createUploadUrl({
    objectPath,
    userId: 'student-7',
    contentType: 'image/jpeg',
    maxBytes: 25 * 1024 * 1024,
    expiresAt: inTenMinutes,
  });
  const url = new URL(target.uploadUrl);
  const query: Query = Object.fromEntries(url.searchParams);
  return { objectPath, target, url, query };
}

describe('local upload URL signatures', () => {
  it('issues a URL on our own server that verifies and carries the grant', async () => {
    const { objectPath, target, url, query } = await signedUpload();
    expect(url.origin + url.pathname).toBe(`https://evident.example/files/upload/${objectPath}`);
    expect(target).toMatchObject({ method: 'PUT', headers: { 'Content-Type': 'image/jpeg' } });

    const verified = storage.verifyUploadSignature(objectPath, query, now);
    expect(verified).toEqual({
      ok: true,
      grant: {
        objectPath,
        userId: 'student-7',
        contentType: 'image/jpeg',
        maxBytes: 25 * 1024 * 1024,
        expiresAt: new Date(Math.floor(inTenMinutes.getTime() / 1000) * 1000),
      },
    });
  });

  it.each([
    ['uid', 'student-8'],
    ['ct', 'text/html'],
    ['max', String(1024 * 1024 * 1024)],
    ['exp', String(Math.floor(inTenMinutes.getTime() / 1000) + 3600)],
    ['sig', 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
  ])('refuses a URL whose %s was changed', async (field, value) => {
    const { objectPath, query } = await signedUpload();
    expect(storage.verifyUploadSignature(objectPath, { ...query, [field]: value }, now)).toEqual({
      ok: false,
      status: 403,
      message: 'Invalid upload signature',
    });
  });

  it('refuses the signature on another object path, even a valid one', async () => {
    const { query } = await signedUpload();
    const other = newObjectPath('student-7', 'Welding bead.jpg');
    expect(storage.verifyUploadSignature(other, query, now)).toMatchObject({ ok: false, status: 403 });
  });

  it('refuses a missing signature or field, and repeated parameters', async () => {
    const { objectPath, query } = await signedUpload();
    const { sig: _sig, ...unsigned } = query;
    expect(storage.verifyUploadSignature(objectPath, unsigned, now)).toMatchObject({
      ok: false,
      status: 403,
      message: 'Missing upload signature',
    });
    const { uid: _uid, ...noUser } = query;
    expect(storage.verifyUploadSignature(objectPath, noUser, now)).toMatchObject({ ok: false, status: 403 });
    const repeated = { ...query, ct: [query.ct as string, 'text/html'] };
    expect(storage.verifyUploadSignature(objectPath, repeated, now)).toMatchObject({
      ok: false,
      status: 403,
    });
  });

  it('refuses an expired URL with a message that says so', async () => {
    const { objectPath, query } = await signedUpload();
    expect(storage.verifyUploadSignature(objectPath, query, inTenMinutes)).toEqual({
      ok: false,
      status: 403,
      message: 'Upload URL expired; request a new one',
    });
  });

  it('does not accept a signature made with another secret', async () => {
    const { objectPath, query } = await signedUpload();
    const other = createLocalDiskStorage({
      rootDir: '/x',
      publicUrl: 'https://evident.example',
      secret: `${secret}!`,
    });
    expect(other.verifyUploadSignature(objectPath, query, now)).toMatchObject({ ok: false, status: 403 });
  });

  it('keeps download and upload signatures apart', async () => {
    const objectPath = newObjectPath('student-7', 'report.pdf');
    const download = new URL(
      await storage.createDownloadUrl({
        objectPath,
        fileName: 'Report – week 1.pdf',
        contentType: 'application/pdf',
        expiresAt: inTenMinutes,
      }),
    );
    expect(download.pathname).toBe(`/files/download/${objectPath}`);
    const query: Query = Object.fromEntries(download.searchParams);
    expect(storage.verifyDownloadSignature(objectPath, query, now)).toMatchObject({
      ok: true,
      grant: {
        objectPath,
        fileName: 'Report – week 1.pdf',
        contentType: 'application/pdf',
        disposition: 'inline',
      },
    });
    expect(storage.verifyDownloadSignature(objectPath, { ...query, name: 'evil.html' }, now)).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(storage.verifyDownloadSignature(objectPath, { ...query, ct: 'text/html' }, now)).toMatchObject({
      ok: false,
    });
    expect(storage.verifyDownloadSignature(objectPath, query, inTenMinutes)).toMatchObject({
      ok: false,
      message: 'Download URL expired',
    });
    // A download URL's signature does not open the upload door for the same path.
    expect(
      storage.verifyUploadSignature(objectPath, { ...query, uid: 'student-7', max: '999999' }, now),
    ).toMatchObject({ ok: false, status: 403 });
  });

  it.each([
    '../../etc/passwd',
    'evidence/student-7/../../../etc/passwd',
    '/etc/passwd',
    'evidence/student-7/0b0e8f1e-4c8e-4a4e-9a55-3f1f9d7c2a10/../x.jpg',
    'evidence/student-7/0b0e8f1e-4c8e-4a4e-9a55-3f1f9d7c2a10/.hidden',
    'evidence/student-7/0b0e8f1e-4c8e-4a4e-9a55-3f1f9d7c2a10/a\\..\\b.jpg',
    'evidence/student-7/0b0e8f1e-4c8e-4a4e-9a55-3f1f9d7c2a10/x.jpg/',
    'other/student-7/0b0e8f1e-4c8e-4a4e-9a55-3f1f9d7c2a10/x.jpg',
    'evidence/student-7/not-a-uuid/x.jpg',
    'evidence/student-7/0b0e8f1e-4c8e-4a4e-9a55-3f1f9d7c2a10/x.jpg\u0000.png',
  ])('refuses the object path %j before any signature check', (objectPath) => {
    expect(isValidObjectPath(objectPath)).toBe(false);
    expect(storage.verifyUploadSignature(objectPath, {}, now)).toEqual({
      ok: false,
      status: 400,
      message: 'Invalid object path',
    });
  });
});

describe('object paths', () => {
  it('makes safe, unique paths from whatever a phone calls the file', () => {
    const a = newObjectPath('student-7', '../../Photo 12 (Ünïcode) <script>.JPG');
    const b = newObjectPath('student-7', '../../Photo 12 (Ünïcode) <script>.JPG');
    expect(a).not.toBe(b);
    expect(isValidObjectPath(a)).toBe(true);
    expect(a).toMatch(/^evidence\/student-7\/[0-9a-f-]{36}\/Photo_12_Unicode_script_.JPG$/);
  });

  it('sanitises names to a safe segment, keeping the extension of long ones', () => {
    expect(sanitiseFileName('..')).toBe('file');
    expect(sanitiseFileName('.bashrc')).toBe('bashrc');
    expect(sanitiseFileName('C:\\Users\\me\\report.docx')).toBe('report.docx');
    expect(sanitiseFileName('a...b.pdf')).toBe('a.b.pdf');
    const long = sanitiseFileName(`${'x'.repeat(300)}.mp4`);
    expect(long).toHaveLength(120);
    expect(long.endsWith('.mp4')).toBe(true);
    expect(() => newObjectPath('../admin', 'x.jpg')).toThrow('Invalid user id');
  });

  it('places thumbnails beside, not over, the evidence', () => {
    const path = newObjectPath('student-7', 'site.photo.jpg');
    const thumb = thumbnailPathFor(path);
    expect(thumb).toBe(
      path.replace(/^evidence\//, 'thumbnails/').replace(/site\.photo\.jpg$/, 'site.photo.webp'),
    );
    expect(isValidObjectPath(thumb)).toBe(true);
  });
});
