import { createHmac, timingSafeEqual } from 'node:crypto';
import { isValidObjectPath } from '@evident/core/object-path';

/**
 * HMAC-SHA256 signatures for the local adapter's `/files/upload/...` and `/files/download/...` URLs.
 * Every field that limits what the holder may do (path, expiry, user, type, size, file name) is
 * signed; a purpose tag keeps a download signature from ever passing as an upload one.
 */

export type QueryValue = string | string[] | undefined;
export type Query = Record<string, QueryValue>;

export type UploadGrant = {
  objectPath: string;
  userId: string;
  contentType: string;
  maxBytes: number;
  expiresAt: Date;
};

export type DownloadGrant = {
  objectPath: string;
  fileName: string;
  contentType: string;
  disposition: 'inline' | 'attachment';
  expiresAt: Date;
};

export type Verified<T> = { ok: true; grant: T } | { ok: false; status: 400 | 403; message: string };

function sign(secret: string | Buffer, fields: readonly string[]): string {
  // Newlines cannot occur in any field we sign (checked below), so the join is unambiguous.
  return createHmac('sha256', secret).update(fields.join('\n')).digest('base64url');
}

function signatureMatches(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'base64url');
  const b = Buffer.from(given, 'base64url');
  // Re-encoding catches non-canonical base64url that would decode to the same bytes.
  if (b.length !== a.length || b.toString('base64url') !== given) return false;
  return timingSafeEqual(a, b);
}

function single(query: Query, key: string): string | undefined {
  const value = query[key];
  return typeof value === 'string' ? value : undefined;
}

function isControlCharacter(char: string): boolean {
  const code = char.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
}

function hasControlCharacters(value: string): boolean {
  return [...value].some(isControlCharacter);
}

const uploadFields = (g: { objectPath: string; exp: string; uid: string; ct: string; max: string }) => [
  'evident-upload-v1',
  g.objectPath,
  g.exp,
  g.uid,
  g.ct,
  g.max,
];

const downloadFields = (g: { objectPath: string; exp: string; ct: string; name: string; disp: string }) => [
  'evident-download-v1',
  g.objectPath,
  g.exp,
  g.ct,
  g.name,
  g.disp,
];

function expiry(date: Date): string {
  return String(Math.floor(date.getTime() / 1000));
}

export function signUploadQuery(secret: string | Buffer, grant: UploadGrant): URLSearchParams {
  const fields = {
    objectPath: grant.objectPath,
    exp: expiry(grant.expiresAt),
    uid: grant.userId,
    ct: grant.contentType,
    max: String(grant.maxBytes),
  };
  if (Object.values(fields).some(hasControlCharacters)) throw new Error('Cannot sign control characters');
  return new URLSearchParams({
    exp: fields.exp,
    uid: fields.uid,
    ct: fields.ct,
    max: fields.max,
    sig: sign(secret, uploadFields(fields)),
  });
}

export function signDownloadQuery(secret: string | Buffer, grant: DownloadGrant): URLSearchParams {
  const fields = {
    objectPath: grant.objectPath,
    exp: expiry(grant.expiresAt),
    ct: grant.contentType,
    name: [...grant.fileName].filter((char) => !isControlCharacter(char)).join(''),
    disp: grant.disposition,
  };
  if (Object.values(fields).some(hasControlCharacters)) throw new Error('Cannot sign control characters');
  return new URLSearchParams({
    exp: fields.exp,
    ct: fields.ct,
    name: fields.name,
    disp: fields.disp,
    sig: sign(secret, downloadFields(fields)),
  });
}

const expSecondsRegex = /^\d{1,12}$/;
const maxBytesRegex = /^[1-9]\d{0,15}$/;

export function verifyUploadQuery(
  secret: string | Buffer,
  objectPath: string,
  query: Query,
  now: Date,
): Verified<UploadGrant> {
  if (!isValidObjectPath(objectPath)) return { ok: false, status: 400, message: 'Invalid object path' };
  const exp = single(query, 'exp');
  const uid = single(query, 'uid');
  const ct = single(query, 'ct');
  const max = single(query, 'max');
  const sig = single(query, 'sig');
  if (!sig || exp === undefined || uid === undefined || ct === undefined || max === undefined) {
    return { ok: false, status: 403, message: 'Missing upload signature' };
  }
  if (!signatureMatches(sign(secret, uploadFields({ objectPath, exp, uid, ct, max })), sig)) {
    return { ok: false, status: 403, message: 'Invalid upload signature' };
  }
  // Signed by us, so these parse; checked anyway in case the secret ever signed something odd.
  if (!expSecondsRegex.test(exp) || !maxBytesRegex.test(max)) {
    return { ok: false, status: 403, message: 'Invalid upload signature' };
  }
  const expiresAt = new Date(Number(exp) * 1000);
  if (expiresAt.getTime() <= now.getTime()) {
    return { ok: false, status: 403, message: 'Upload URL expired; request a new one' };
  }
  return { ok: true, grant: { objectPath, userId: uid, contentType: ct, maxBytes: Number(max), expiresAt } };
}

export function verifyDownloadQuery(
  secret: string | Buffer,
  objectPath: string,
  query: Query,
  now: Date,
): Verified<DownloadGrant> {
  if (!isValidObjectPath(objectPath)) return { ok: false, status: 400, message: 'Invalid object path' };
  const exp = single(query, 'exp');
  const ct = single(query, 'ct');
  const name = single(query, 'name');
  const disp = single(query, 'disp');
  const sig = single(query, 'sig');
  if (!sig || exp === undefined || ct === undefined || name === undefined || disp === undefined) {
    return { ok: false, status: 403, message: 'Missing download signature' };
  }
  if (!signatureMatches(sign(secret, downloadFields({ objectPath, exp, ct, name, disp })), sig)) {
    return { ok: false, status: 403, message: 'Invalid download signature' };
  }
  if (!expSecondsRegex.test(exp) || (disp !== 'inline' && disp !== 'attachment')) {
    return { ok: false, status: 403, message: 'Invalid download signature' };
  }
  const expiresAt = new Date(Number(exp) * 1000);
  if (expiresAt.getTime() <= now.getTime()) {
    return { ok: false, status: 403, message: 'Download URL expired' };
  }
  return { ok: true, grant: { objectPath, fileName: name, contentType: ct, disposition: disp, expiresAt } };
}
