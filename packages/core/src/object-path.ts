import { AppError } from './errors';

/**
 * Object paths are always made here, never taken from a user: `evidence/{userId}/{uuid}/{safe-name}`
 * for uploads, `thumbnails/{userId}/{uuid}/{safe-name}.webp` for derived images and
 * `playable/{userId}/{uuid}/{safe-name}.mp4` for the browser-friendly copies of videos, and
 * `packs/{adminId}/{packId}/{safe-name}.zip` for audit packs (issue 30 §3). The strict
 * pattern is what keeps `..`, absolute paths, backslashes and hidden files away from the disk adapter
 * (its temporary and part files start with a dot, so no valid path can ever name one).
 */
const safeNamePattern = '[A-Za-z0-9][A-Za-z0-9._-]{0,119}';
const objectPathRegex = new RegExp(
  `^(evidence|thumbnails|playable|packs)/[A-Za-z0-9_-]{1,64}/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/${safeNamePattern}$`,
);
const userIdRegex = /^[A-Za-z0-9_-]{1,64}$/;

export function isValidObjectPath(objectPath: string): boolean {
  return objectPathRegex.test(objectPath);
}

export function assertValidObjectPath(objectPath: string): void {
  if (!isValidObjectPath(objectPath)) throw new AppError('BAD_REQUEST', 'Invalid object path');
}

/**
 * A file name safe for a path segment and a URL without escaping: ASCII letters, digits, dot,
 * dash and underscore; accents folded, everything else becomes `_`; at most 120 characters with the
 * extension kept. The original name stays in the database for display and downloads.
 */
export function sanitiseFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const folded = base
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._-]+/, '')
    .replace(/\.{2,}/g, '.');
  const name = folded.length > 0 ? folded : 'file';
  if (name.length <= 120) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : '';
  return name.slice(0, 120 - extension.length) + extension;
}

export function newObjectPath(userId: string, fileName: string): string {
  if (!userIdRegex.test(userId)) throw new AppError('BAD_REQUEST', 'Invalid user id for an object path');
  return `evidence/${userId}/${crypto.randomUUID()}/${sanitiseFileName(fileName)}`;
}

/** A file the server makes from an upload: same user and id, another prefix and extension. */
function derivedPathFor(objectPath: string, prefix: 'thumbnails' | 'playable', extension: string): string {
  assertValidObjectPath(objectPath);
  const [, userId, id, name] = objectPath.split('/');
  const stem = (name ?? 'file').replace(/\.[^.]*$/, '');
  return `${prefix}/${userId}/${id}/${stem.slice(0, 110)}.${extension}`;
}

/** Where the thumbnail of an uploaded image (or a video's poster) lives. */
export function thumbnailPathFor(objectPath: string): string {
  return derivedPathFor(objectPath, 'thumbnails', 'webp');
}

/** Where the H.264 MP4 copy of an uploaded video lives, beside its original under another prefix. */
export function playablePathFor(objectPath: string): string {
  return derivedPathFor(objectPath, 'playable', 'mp4');
}

/** Where an audit pack's zip is kept: under the admin who asked for it and the pack's id. */
export function auditPackPath(adminId: string, packId: string, fileName: string): string {
  if (!userIdRegex.test(adminId)) throw new AppError('BAD_REQUEST', 'Invalid user id for an object path');
  const path = `packs/${adminId}/${packId}/${sanitiseFileName(fileName)}`;
  assertValidObjectPath(path);
  return path;
}
