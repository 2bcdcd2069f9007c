import { randomUUID } from 'node:crypto';
import { type FileHandle, link, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, sep } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { AppError } from '@evident/core/errors';
import { assertValidObjectPath } from '@evident/core/object-path';

/** The local store's files on disk: where an object and its parts live, and how bytes get there safely. */

export type ByteRange = { start: number; end: number };

export function tooLarge(maxBytes: number): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', `File is larger than the limit of ${maxBytes} bytes`);
}

export function isNotFound(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}

export function alreadyUploaded(): AppError {
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
export async function commitOnce(temp: string, target: string): Promise<void> {
  try {
    await link(temp, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException | null)?.code === 'EEXIST') throw alreadyUploaded();
    throw error;
  }
  await rm(temp, { force: true });
}

export type BodyWatch = {
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
export function watchBody(body: Readable): BodyWatch {
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

/** Told the bytes received so far as they arrive; answers the refusal that stops the copy, or null. */
export type AdmitBytes = (size: number) => AppError | null;

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
  admit: AdmitBytes | undefined,
): Promise<number> {
  const handle = await open(target, 'wx');
  const file = handle.createWriteStream();
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) callback(tooLarge(maxBytes));
      else callback(admit?.(size) ?? null, chunk);
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

/** Paths and file operations under one root folder. */
export function createDiskFiles(rootDir: string) {
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
    limits: { maxBytes: number; declaredLength: number | undefined; once: boolean; admit?: AdmitBytes },
  ): Promise<number> {
    const { maxBytes, declaredLength, once, admit } = limits;
    if (declaredLength !== undefined && declaredLength > maxBytes) throw tooLarge(maxBytes);
    // Checked up front too, so a refused body is not streamed to disk first.
    if (once && (await stat(target).catch(() => null))) throw alreadyUploaded();
    await mkdir(dirname(target), { recursive: true });
    const temp = tempFileBeside(target, tempTag);
    try {
      const size = await streamIntoFile(body, watch, temp, maxBytes, admit);
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
    rootDir,
    fileOf,
    partFileOf,
    tempFileBeside,
    writeInto,
    listParts,
    removeParts,
    statFile,
    openRead,
  };
}

export type DiskFiles = ReturnType<typeof createDiskFiles>;
