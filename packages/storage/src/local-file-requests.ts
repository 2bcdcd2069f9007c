import type { Readable } from 'node:stream';
import { AppError, httpStatusOfAppError } from '@evident/core/errors';
import { normaliseMimeType } from '@evident/core/evidence-types';
import { contentDisposition } from './content-disposition';
import type { ByteRange, LocalDiskStorage } from './local-disk';
import type { Query } from './url-signing';

/**
 * The `/files/upload/*` and `/files/download/*` routes of the local adapter, free of any HTTP
 * framework: the server maps its request onto `FileRequest` and writes the `FileResponse` back.
 * The protocol is described at the top of local-disk.ts.
 *
 * Fastify wiring, for the record: register a content-type parser for `*` that hands the raw request
 * stream through untouched (`(req, payload, done) => done(null, payload)`) inside the /files plugin,
 * and set `bodyLimit` there high enough for the largest grant, because the limit that matters is
 * the signed `max`, enforced here while streaming.
 */

export type FileRequest = {
  method: string;
  /** The rest of the path after `/files/upload/` or `/files/download/`, percent-decoded. */
  objectPath: string;
  query: Query;
  headers: Record<string, string | string[] | undefined>;
  body: Readable;
};

export type FileResponse = {
  status: number;
  headers: Record<string, string>;
  /** Text (errors), JSON text, a file stream, or nothing (HEAD, 204). */
  body: string | Readable | null;
};

function text(status: number, message: string, extra: Record<string, string> = {}): FileResponse {
  return { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...extra }, body: message };
}

function json(status: number, value: unknown): FileResponse {
  return {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
    body: JSON.stringify(value),
  };
}

function header(request: FileRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function queryValue(query: Query, key: string): string | undefined {
  const value = query[key];
  return typeof value === 'string' ? value : undefined;
}

/** `Content-Length` as a number; undefined when absent (chunked), null when malformed. */
function contentLength(request: FileRequest): number | undefined | null {
  const value = header(request, 'content-length');
  if (value === undefined) return undefined;
  return /^\d{1,16}$/.test(value) ? Number(value) : null;
}

function errorResponse(error: unknown, bodyUnread: boolean): FileResponse {
  // When the body was not read to the end, ask the HTTP layer to close the connection rather than
  // drain what may be a gigabyte we have already refused.
  const close: Record<string, string> = bodyUnread ? { Connection: 'close' } : {};
  if (error instanceof AppError) return text(httpStatusOfAppError(error), error.message, close);
  return text(500, 'Upload failed', close);
}

export async function handleUploadRequest(
  storage: LocalDiskStorage,
  request: FileRequest,
  now: Date = new Date(),
): Promise<FileResponse> {
  const method = request.method.toUpperCase();
  const hasBody = method === 'PUT' || method === 'POST';
  const verified = storage.verifyUploadSignature(request.objectPath, request.query, now);
  if (!verified.ok) return text(verified.status, verified.message, hasBody ? { Connection: 'close' } : {});
  const { grant } = verified;
  const { objectPath } = grant;

  try {
    if (method === 'PUT') {
      const declared = contentLength(request);
      if (declared === null) return text(400, 'Malformed Content-Length', { Connection: 'close' });
      const type = normaliseMimeType(header(request, 'content-type') ?? '');
      if (type !== normaliseMimeType(grant.contentType)) {
        return text(415, `Content-Type must be ${grant.contentType}`, { Connection: 'close' });
      }
      const partParam = queryValue(request.query, 'part');
      if (partParam !== undefined) {
        if (!/^\d{1,5}$/.test(partParam)) return text(400, 'Malformed part number', { Connection: 'close' });
        const part = Number(partParam);
        return json(
          200,
          await storage.writeUploadPart({
            objectPath,
            part,
            body: request.body,
            declaredLength: declared,
            maxBytes: grant.maxBytes,
          }),
        );
      }
      return json(
        200,
        await storage.writeUploadStream({
          objectPath,
          body: request.body,
          declaredLength: declared,
          maxBytes: grant.maxBytes,
        }),
      );
    }
    if (method === 'GET' || method === 'HEAD') {
      const status = json(200, await storage.listUploadParts(objectPath));
      return method === 'HEAD' ? { ...status, body: null } : status;
    }
    if (method === 'POST') {
      const partsParam = queryValue(request.query, 'parts');
      if (partsParam === undefined || !/^\d{1,5}$/.test(partsParam)) {
        return text(400, 'POST completes a parted upload and needs parts=<count>');
      }
      return json(
        200,
        await storage.completeUploadParts({
          objectPath,
          partCount: Number(partsParam),
          maxBytes: grant.maxBytes,
        }),
      );
    }
    if (method === 'DELETE') {
      await storage.abortUploadParts(objectPath);
      return { status: 204, headers: {}, body: null };
    }
    return text(405, 'Method not allowed', { Allow: 'PUT, GET, HEAD, POST, DELETE' });
  } catch (error) {
    return errorResponse(error, method === 'PUT');
  }
}

/**
 * A single `bytes=` range; null when the header is absent or asks for several ranges (served whole,
 * as RFC 9110 allows); 'unsatisfiable' when it lies outside the file.
 */
export function parseRange(value: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (!value) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(value.trim());
  if (!match) return null;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return null;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  if (start >= size) return 'unsatisfiable';
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (end < start) return null;
  return { start, end };
}

export async function handleDownloadRequest(
  storage: LocalDiskStorage,
  request: FileRequest,
  now: Date = new Date(),
): Promise<FileResponse> {
  const method = request.method.toUpperCase();
  if (method !== 'GET' && method !== 'HEAD') return text(405, 'Method not allowed', { Allow: 'GET, HEAD' });
  const verified = storage.verifyDownloadSignature(request.objectPath, request.query, now);
  if (!verified.ok) return text(verified.status, verified.message);
  const { grant } = verified;

  // stat then open is not atomic, but objects are written once (a fresh uuid per upload), so the
  // size cannot change between the two.
  const info = await storage.stat(grant.objectPath);
  if (!info) return text(404, 'File not found');
  const range = parseRange(header(request, 'range'), info.size);
  if (range === 'unsatisfiable') {
    return text(416, 'Range not satisfiable', { 'Content-Range': `bytes */${info.size}` });
  }

  const maxAge = Math.max(0, Math.floor((grant.expiresAt.getTime() - now.getTime()) / 1000));
  const headers: Record<string, string> = {
    'Content-Type': grant.contentType,
    'Content-Disposition': contentDisposition(grant.disposition, grant.fileName, grant.contentType),
    'Accept-Ranges': 'bytes',
    // The URL is the credential: private, and no longer than the signature lives.
    'Cache-Control': `private, max-age=${maxAge}`,
    'X-Content-Type-Options': 'nosniff',
  };
  const length = range ? range.end - range.start + 1 : info.size;
  headers['Content-Length'] = String(length);
  if (range) headers['Content-Range'] = `bytes ${range.start}-${range.end}/${info.size}`;
  const status = range ? 206 : 200;
  if (method === 'HEAD') return { status, headers, body: null };

  const opened = await storage.openRead(grant.objectPath, range ?? undefined);
  if (!opened) return text(404, 'File not found');
  return { status, headers, body: opened.stream };
}
