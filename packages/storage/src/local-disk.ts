import { type FileHandle, open, readdir, rm, rmdir, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { AppError } from '@evident/core/errors';
import { assertValidObjectPath } from '@evident/core/object-path';
import type { ObjectStorage } from '@evident/core/ports/storage';
import { type ByteRange, createDiskFiles, isNotFound, watchBody } from './local-disk-files';
import {
  completeUploadParts,
  finishedPartSizes,
  listUploadParts,
  maxUploadParts,
  writeUploadPart,
} from './local-disk-parts';
import { createUploadPartBudget } from './upload-part-budget';
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

export type { ByteRange };
export { maxUploadParts };

export type LocalDiskConfig = {
  rootDir: string;
  /** Origin (and optional base path) the browser reaches this server at, e.g. `https://evident.example`. */
  publicUrl: string;
  /** HMAC key for signed URLs; at least 32 bytes. */
  secret: string | Buffer;
};

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
   * Deletes part files not touched for `maxAgeMs` (uploads abandoned mid-way) and temporary files not
   * touched for an hour, or `maxAgeMs` if shorter (a request cut off mid-write, or by a restart). Run
   * it now and then, e.g. hourly with a day's age; returns how many went.
   */
  removeStaleUploads(maxAgeMs: number, now?: Date): Promise<number>;
  /** The object's bytes (optionally one inclusive byte range) and its full size, or null when missing. */
  openRead(objectPath: string, range?: ByteRange): Promise<{ stream: Readable; size: number } | null>;
};

/**
 * A temporary file is written by one request, or one job, as its bytes arrive, and renamed or deleted
 * when it ends; an upload is cut once nothing arrives for a minute or so. Untouched this long, its
 * writer is gone (a process killed mid-upload) on this instance or any other sharing the folder,
 * unlike a part file, which waits for the rest of its upload while the upload's link lives.
 */
const staleTempFileMs = 60 * 60 * 1000;

export function createLocalDiskStorage(config: LocalDiskConfig): LocalDiskStorage {
  const rootDir = resolve(config.rootDir);
  const publicUrl = config.publicUrl.replace(/\/+$/, '');
  const secret = config.secret;
  if (Buffer.byteLength(secret) < 32) throw new Error('Files signing secret must be at least 32 bytes');

  const files = createDiskFiles(rootDir);
  const partBudget = createUploadPartBudget((file) => finishedPartSizes(files, file));
  const { fileOf, writeInto, removeParts, statFile, openRead } = files;

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

    writeUploadPart: (input) => writeUploadPart(files, partBudget, input),
    listUploadParts: (objectPath) => listUploadParts(files, objectPath),
    completeUploadParts: (input) => completeUploadParts(files, input),

    async removeStaleUploads(maxAgeMs, now = new Date()) {
      const entries = await readdir(rootDir, { recursive: true, withFileTypes: true }).catch(
        (error: unknown) => {
          if (isNotFound(error)) return [];
          throw error;
        },
      );
      let removed = 0;
      const tempMaxAgeMs = Math.min(maxAgeMs, staleTempFileMs);
      for (const entry of entries) {
        // Only our own leftovers: dot files (no object path can name one) in the per-upload folders.
        if (!entry.isFile() || !entry.name.startsWith('.')) continue;
        const temp = entry.name.endsWith('.tmp');
        if (!temp && !/\.part-\d+$/.test(entry.name)) continue;
        const path = join(entry.parentPath, entry.name);
        const info = await stat(path).catch(() => null);
        if (!info || now.getTime() - info.mtimeMs < (temp ? tempMaxAgeMs : maxAgeMs)) continue;
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
