/**
 * Local-disk object storage: the embedded default. Files live under `rootDir` (the server passes
 * `DATA_DIR/files`); browsers reach them only through our own `/files/...` routes with URLs signed
 * by HMAC-SHA256 (see url-signing.ts). `local-file-requests.ts` turns HTTP requests into calls here.
 *
 * Upload protocol (what the web client speaks)
 * --------------------------------------------
 * `POST /api/evidence/upload-url` answers `{ uploadUrl, objectPath }`, where uploadUrl is
 *   {publicUrl}/files/upload/{objectPath}?exp=..&uid=..&ct=..&max=..&sig=..
 * It grants one user, until `exp` (unix seconds), the right to write `objectPath` with Content-Type
 * `ct` and at most `max` bytes. Query parameters below are appended to that URL unchanged.
 *
 * Whole file (any size up to `max`; what the spec's client does):
 *   PUT  {uploadUrl}                 body = file, Content-Type = ct   -> 200 {"size":n}
 *
 * Resumable, in parts (recommended above ~20 MB; parts are numbered from 1, any sizes, in any order):
 *   PUT    {uploadUrl}&part=N        body = bytes of part N, Content-Type = ct -> 200 {"part":N,"size":n}
 *                                    (sending part N again replaces it; a part is only listed once
 *                                    its body arrived completely)
 *   GET    {uploadUrl}               -> 200 {"parts":[{"part":1,"size":n},...],"complete":false}
 *                                    or {"parts":[],"complete":true,"size":n} once assembled.
 *                                    To resume: list, then PUT the parts that are missing.
 *   POST   {uploadUrl}&parts=K       -> 200 {"size":n}: joins parts 1..K in order into the object
 *                                    and removes them. 409 when a part is missing or extra.
 *   DELETE {uploadUrl}               -> 204: throws the parts away.
 *
 * Errors answer with a plain-text message: 400 bad request, 403 missing/invalid/expired signature,
 * 409 parts do not line up or the file is already there, 413 over `max` (whole file, one part, or parts together),
 * 415 Content-Type differs from `ct`. The grant's expiry applies to every step, so a client
 * resuming after it ends asks for a new upload URL and starts again.
 *
 * Download: GET/HEAD {publicUrl}/files/download/{objectPath}?exp=..&ct=..&name=..&disp=..&sig=..
 * serves the file with that type and name; single byte ranges are honoured (media seeking needs them).
 *
 * On disk, uploads stream into a temporary file beside the target and are linked into place only
 * when complete, so a reader never sees half a file. An object is written once: a second whole PUT,
 * part or join for a path that already holds a file answers 409, so recorded evidence cannot be
 * replaced through a URL that has not yet expired. Temporary and part files start with a dot,
 * which no valid object path can, so they can never be downloaded or overwritten through a URL.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { type FileHandle, link, mkdir, open, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '@evident/core/errors';
import { assertValidObjectPath } from '@evident/core/object-path';
import type { ObjectStorage } from '@evident/core/ports/storage';
import {
  type DownloadGrant,
  type Query,
  signDownloadQuery,
  signUploadQuery,
  type UploadGrant,
  type Verified,
  verifyDownloadQuery,
  verifyUploadQuery,
} from './url-signing';

export type LocalDiskConfig = {
  rootDir: string;
  /** Origin (and optional base path) the browser reaches this server at, e.g. `https://evident.example`. */
  publicUrl: string;
  /** HMAC key for signed URLs; at least 32 bytes. */
  secret: string | Buffer;
};

export type ByteRange = { start: number; end: number };

export const maxUploadParts = 10_000;

export type LocalDiskStorage = ObjectStorage & {
  readonly kind: 'local';
  verifyUploadSignature(objectPath: string, query: Query, now?: Date): Verified<UploadGrant>;
  verifyDownloadSignature(objectPath: string, query: Query, now?: Date): Verified<DownloadGrant>;
  /** Streams a whole-file upload into place. Throws AppError PAYLOAD_TOO_LARGE, or BAD_REQUEST when the body breaks off. */
  writeUploadStream(input: {
    objectPath: string;
    body: Readable;
    declaredLength?: number;
    maxBytes: number;
  }): Promise<{ size: number }>;
  writeUploadPart(input: {
    objectPath: string;
    part: number;
    body: Readable;
    declaredLength?: number;
    maxBytes: number;
  }): Promise<{ part: number; size: number }>;
  listUploadParts(objectPath: string): Promise<{
    parts: { part: number; size: number }[];
    complete: boolean;
    size?: number;
  }>;
  completeUploadParts(input: { objectPath: string; partCount: number; maxBytes: number }): Promise<{
    size: number;
  }>;
  abortUploadParts(objectPath: string): Promise<void>;
  /**
   * Deletes temporary and part files not touched for `maxAgeMs` (uploads abandoned mid-way, or cut
   * off by a restart). Run it now and then, e.g. hourly with a day's age; returns how many went.
   */
  removeStaleUploads(maxAgeMs: number, now?: Date): Promise<number>;
  /** The object's bytes (optionally one inclusive byte range) and its full size, or null when missing. */
  openRead(objectPath: string, range?: ByteRange): Promise<{ stream: Readable; size: number } | null>;
};

function tooLarge(maxBytes: number): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', `File is larger than the limit of ${maxBytes} bytes`);
}

function isNotFound(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}

function alreadyUploaded(): AppError {
  return new AppError(
    'CONFLICT',
    'This file has already been uploaded and cannot be replaced; ask for a new upload URL to send another',
  );
}

/**
 * Moves a finished temporary file to `target` unless something is there already. link() fails
 * atomically on an existing name where rename() would silently replace it: an uploaded object is
 * written once, so evidence cannot be swapped under an assessor after it was recorded.
 */
async function commitOnce(temp: string, target: string): Promise<void> {
  try {
    await link(temp, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException | null)?.code === 'EEXIST') throw alreadyUploaded();
    throw error;
  }
  await rm(temp, { force: true });
}

type BodyWatch = {
  /** Calls back once with the body's failure, at once if it already failed. */
  onFailure(callback: (error: AppError) => void): void;
  /** Detaches after a clean finish; a failed body keeps its listeners (see below). */
  release(): void;
};

/**
 * Listens for a request body breaking off from the moment we are handed it, before any await:
 * otherwise an abort while we are still creating folders would go unseen (and the upload hang), or
 * its 'error' event would find no listener and crash the process. A failed body keeps its
 * listeners for the same reason: its 'error' may still be on the way.
 */
function watchBody(body: Readable): BodyWatch {
  let failure: AppError | null = null;
  let callback: ((error: AppError) => void) | null = null;
  const report = (cause: unknown) => {
    if (failure) return;
    failure = new AppError('BAD_REQUEST', 'Upload interrupted before the end of the file', { cause });
    callback?.(failure);
  };
  const onError = (error: unknown) => report(error);
  const onClose = () => {
    if (!body.readableEnded) report(new Error('Body closed early'));
  };
  body.on('error', onError);
  body.on('close', onClose);
  if (body.destroyed && !body.readableEnded) report(body.errored ?? new Error('Body closed early'));
  return {
    onFailure(next) {
      callback = next;
      if (failure) next(failure);
    },
    release() {
      body.off('error', onError);
      body.off('close', onClose);
    },
  };
}

/**
 * Copies `body` into a new file at `target`, refusing more than `maxBytes`. Backpressure comes from
 * pipe(), so memory stays at a few chunks whatever the size. On failure the body is unpiped but not
 * destroyed: destroying an HTTP request kills the socket before the 413 can be sent, so closing the
 * connection is left to the HTTP layer. The caller removes `target` on failure.
 */
async function streamIntoFile(
  body: Readable,
  watch: BodyWatch,
  target: string,
  maxBytes: number,
): Promise<number> {
  const handle = await open(target, 'wx');
  const file = handle.createWriteStream();
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) callback(tooLarge(maxBytes));
      else callback(null, chunk);
    },
  });
  return new Promise<number>((resolvePromise, reject) => {
    let failure: unknown = null;
    const fail = (error: unknown) => {
      if (failure) return;
      failure = error;
      body.unpipe(counter);
      counter.destroy();
      file.destroy();
    };
    counter.on('error', fail);
    file.on('error', fail);
    file.on('close', () => {
      if (failure || !file.writableFinished) {
        reject(failure ?? new Error('File closed before the upload ended'));
        return;
      }
      watch.release();
      resolvePromise(size);
    });
    watch.onFailure(fail);
    if (!failure) body.pipe(counter).pipe(file);
  });
}

export function createLocalDiskStorage(config: LocalDiskConfig): LocalDiskStorage {
  const rootDir = resolve(config.rootDir);
  const publicUrl = config.publicUrl.replace(/\/+$/, '');
  const secret = config.secret;
  if (Buffer.byteLength(secret) < 32) throw new Error('Files signing secret must be at least 32 bytes');

  const fileOf = (objectPath: string): string => {
    assertValidObjectPath(objectPath);
    const file = join(rootDir, ...objectPath.split('/'));
    // The regex already rules traversal out; this is the belt to its braces.
    if (!file.startsWith(rootDir + sep)) throw new AppError('BAD_REQUEST', 'Invalid object path');
    return file;
  };
  const partFileOf = (file: string, part: number) => join(dirname(file), `.${basename(file)}.part-${part}`);
  const tempFileBeside = (file: string, tag: string) =>
    join(dirname(file), `.${basename(file)}.${tag}.${randomUUID()}.tmp`);

  /** `once`: refuse when `target` exists (uploaded objects); otherwise replace it (parts, derived files). */
  async function writeInto(
    target: string,
    tempTag: string,
    body: Readable,
    watch: BodyWatch,
    limits: { maxBytes: number; declaredLength: number | undefined; once: boolean },
  ): Promise<number> {
    const { maxBytes, declaredLength, once } = limits;
    if (declaredLength !== undefined && declaredLength > maxBytes) throw tooLarge(maxBytes);
    // Checked up front too, so a refused body is not streamed to disk first.
    if (once && (await stat(target).catch(() => null))) throw alreadyUploaded();
    await mkdir(dirname(target), { recursive: true });
    const temp = tempFileBeside(target, tempTag);
    try {
      const size = await streamIntoFile(body, watch, temp, maxBytes);
      if (declaredLength !== undefined && size !== declaredLength) {
        throw new AppError('BAD_REQUEST', 'Upload ended before Content-Length bytes arrived');
      }
      if (once) await commitOnce(temp, target);
      else await rename(temp, target);
      return size;
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async function listParts(file: string): Promise<{ part: number; size: number; path: string }[]> {
    const prefix = `.${basename(file)}.part-`;
    let names: string[];
    try {
      names = await readdir(dirname(file));
    } catch (error) {
      if (isNotFound(error)) return [];
      throw error;
    }
    const parts: { part: number; size: number; path: string }[] = [];
    for (const name of names) {
      if (!name.startsWith(prefix)) continue;
      const digits = name.slice(prefix.length);
      if (!/^[1-9]\d{0,4}$/.test(digits)) continue;
      const path = join(dirname(file), name);
      const info = await stat(path).catch(() => null);
      if (info?.isFile()) parts.push({ part: Number(digits), size: info.size, path });
    }
    return parts.sort((a, b) => a.part - b.part);
  }

  async function removeParts(file: string): Promise<void> {
    for (const part of await listParts(file)) await rm(part.path, { force: true });
  }

  async function statFile(objectPath: string): Promise<{ size: number } | null> {
    try {
      const info = await stat(fileOf(objectPath));
      return info.isFile() ? { size: info.size } : null;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async function openRead(objectPath: string, range?: ByteRange) {
    let handle: FileHandle;
    try {
      handle = await open(fileOf(objectPath), 'r');
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
    try {
      // Opening first pins the inode, so a concurrent replace or delete cannot mix two files' bytes.
      const { size } = await handle.stat();
      const stream = handle.createReadStream(range ? { start: range.start, end: range.end } : {});
      return { stream, size };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  return {
    kind: 'local',

    async createUploadUrl({ objectPath, userId, contentType, maxBytes, expiresAt }) {
      assertValidObjectPath(objectPath);
      if (!Number.isSafeInteger(maxBytes) || maxBytes <= 0)
        throw new Error('maxBytes must be a positive integer');
      const query = signUploadQuery(secret, { objectPath, userId, contentType, maxBytes, expiresAt });
      return {
        uploadUrl: `${publicUrl}/files/upload/${objectPath}?${query}`,
        method: 'PUT',
        headers: { 'Content-Type': contentType },
      };
    },

    async createDownloadUrl({ objectPath, fileName, contentType, expiresAt, disposition = 'inline' }) {
      assertValidObjectPath(objectPath);
      const query = signDownloadQuery(secret, { objectPath, fileName, contentType, disposition, expiresAt });
      return `${publicUrl}/files/download/${objectPath}?${query}`;
    },

    verifyUploadSignature(objectPath, query, now = new Date()) {
      return verifyUploadQuery(secret, objectPath, query, now);
    },

    verifyDownloadSignature(objectPath, query, now = new Date()) {
      return verifyDownloadQuery(secret, objectPath, query, now);
    },

    stat: statFile,

    async readHead(objectPath, bytes) {
      let handle: FileHandle;
      try {
        handle = await open(fileOf(objectPath), 'r');
      } catch (error) {
        if (isNotFound(error)) throw new AppError('NOT_FOUND', 'File not found');
        throw error;
      }
      try {
        const buffer = Buffer.alloc(bytes);
        const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },

    async delete(objectPath) {
      const file = fileOf(objectPath);
      await rm(file, { force: true });
      await removeParts(file);
      // One folder per upload; drop it when it is empty so the tree does not fill with husks.
      await rmdir(dirname(file)).catch(() => undefined);
    },

    async put(objectPath, body, _contentType) {
      const file = fileOf(objectPath);
      const stream = Buffer.isBuffer(body) ? Readable.from([body]) : body;
      await writeInto(file, 'put', stream, watchBody(stream), {
        maxBytes: Number.POSITIVE_INFINITY,
        declaredLength: undefined,
        once: false,
      });
    },

    async getStream(objectPath) {
      return (await openRead(objectPath))?.stream ?? null;
    },

    openRead,

    async writeUploadStream({ objectPath, body, declaredLength, maxBytes }) {
      const file = fileOf(objectPath);
      const size = await writeInto(file, 'upload', body, watchBody(body), {
        maxBytes,
        declaredLength,
        once: true,
      });
      return { size };
    },

    async writeUploadPart({ objectPath, part, body, declaredLength, maxBytes }) {
      if (!Number.isInteger(part) || part < 1 || part > maxUploadParts) {
        throw new AppError('BAD_REQUEST', `Part numbers run from 1 to ${maxUploadParts}`);
      }
      const file = fileOf(objectPath);
      const watch = watchBody(body);
      if (await statFile(objectPath)) throw alreadyUploaded();
      const others = (await listParts(file))
        .filter((existing) => existing.part !== part)
        .reduce((sum, existing) => sum + existing.size, 0);
      const room = maxBytes - others;
      if (room <= 0) throw tooLarge(maxBytes);
      const limits = { maxBytes: room, declaredLength, once: false };
      const size = await writeInto(partFileOf(file, part), 'upload', body, watch, limits).catch(
        (error: unknown) => {
          // Over the room left is over the whole file's limit; say so in the grant's terms.
          throw error instanceof AppError && error.code === 'PAYLOAD_TOO_LARGE' ? tooLarge(maxBytes) : error;
        },
      );
      return { part, size };
    },

    async listUploadParts(objectPath) {
      const file = fileOf(objectPath);
      const parts = (await listParts(file)).map(({ part, size }) => ({ part, size }));
      const done = await statFile(objectPath);
      if (done && parts.length === 0) return { parts, complete: true, size: done.size };
      return { parts, complete: false };
    },

    async completeUploadParts({ objectPath, partCount, maxBytes }) {
      if (!Number.isInteger(partCount) || partCount < 1 || partCount > maxUploadParts) {
        throw new AppError('BAD_REQUEST', `Part count must be between 1 and ${maxUploadParts}`);
      }
      const file = fileOf(objectPath);
      if (await statFile(objectPath)) throw alreadyUploaded();
      const parts = await listParts(file);
      for (let expected = 1; expected <= partCount; expected++) {
        if (parts[expected - 1]?.part !== expected)
          throw new AppError('CONFLICT', `Part ${expected} is missing`);
      }
      const extra = parts[partCount];
      if (extra) throw new AppError('CONFLICT', `Part ${extra.part} is beyond the part count ${partCount}`);
      const total = parts.reduce((sum, part) => sum + part.size, 0);
      if (total > maxBytes) {
        await removeParts(file);
        throw tooLarge(maxBytes);
      }

      const temp = tempFileBeside(file, 'join');
      let written = 0;
      // Streams each part through one open file in order: constant memory even for 1 GB.
      async function* joined() {
        for (const part of parts) {
          for await (const chunk of createReadStream(part.path)) {
            written += (chunk as Buffer).length;
            // A part replaced since the listing could push the total over; recheck as bytes go by.
            if (written > maxBytes) throw tooLarge(maxBytes);
            yield chunk as Buffer;
          }
        }
      }
      try {
        await pipeline(joined, createWriteStream(temp, { flags: 'wx' }));
        await commitOnce(temp, file);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      await removeParts(file);
      return { size: written };
    },

    async removeStaleUploads(maxAgeMs, now = new Date()) {
      const entries = await readdir(rootDir, { recursive: true, withFileTypes: true }).catch(
        (error: unknown) => {
          if (isNotFound(error)) return [];
          throw error;
        },
      );
      let removed = 0;
      for (const entry of entries) {
        // Only our own leftovers: dot files (no object path can name one) in the per-upload folders.
        if (!entry.isFile() || !entry.name.startsWith('.')) continue;
        if (!/\.(tmp|part-\d+)$/.test(entry.name)) continue;
        const path = join(entry.parentPath, entry.name);
        const info = await stat(path).catch(() => null);
        if (!info || now.getTime() - info.mtimeMs < maxAgeMs) continue;
        await rm(path, { force: true });
        removed++;
      }
      return removed;
    },

    async abortUploadParts(objectPath) {
      await removeParts(fileOf(objectPath));
    },
  };
}
