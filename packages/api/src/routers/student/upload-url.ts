import { AppError } from '@evident/core/errors';
import { kindOfMimeType, normaliseMimeType } from '@evident/core/evidence-types';
import { newObjectPath } from '@evident/core/object-path';
import { shouldUploadInParts } from '@evident/core/upload-parts';
import type { Services } from '../../context';
import { insertUploadGrantWithinQuota } from '../../rules/upload-quota';

/**
 * Answer of `student.uploadUrl` / `POST /api/evidence/upload-url`. The spec's client reads only
 * `uploadUrl` and `objectPath` and PUTs the file with its own type as Content-Type; the rest is for
 * a client that wants to do better.
 */
export type UploadUrlResponse = {
  /** Where to send the file. Absolute URL: our own `/files/upload/...` (local disk) or the bucket (S3). */
  uploadUrl: string;
  /** Pass back unchanged to `POST /api/evidence`. */
  objectPath: string;
  method: 'PUT';
  /** Send exactly these headers with the PUT (Content-Type, the type asked for). */
  headers: Record<string, string>;
  /** Largest body accepted, in bytes. */
  maxBytes: number;
  /** ISO time after which the URL no longer works; ask for a new one after it. */
  expiresAt: string;
  /**
   * Non-null when the file should go up in resumable parts, so a dropped connection costs one part.
   * `uploadUrl` still takes the whole file in one PUT, for a client that ignores this.
   *
   * `local` (local disk): PUT `{uploadUrl}&part=N` for N = 1.., each `partSize` bytes (the last one
   * shorter), then POST `{uploadUrl}&parts=K`; GET `{uploadUrl}` lists the parts already received.
   * The client decides by the file's size (core/upload-parts.ts). Full protocol:
   * packages/storage/src/local-disk.ts.
   *
   * `s3` (only when `fileSize` was given and is large): PUT the bytes of part N (from
   * `(N - 1) * partSize`, exactly as planned by `planUploadParts`) to `partUrls[N - 1]`, with no
   * headers of its own; `student.uploadParts` lists the parts already received (to resume), and
   * `student.completeUpload` joins them. Then record the evidence as usual.
   */
  parts: UploadParts | null;
};

export type UploadParts =
  | { protocol: 'local'; partSize: number; maxParts: number }
  | { protocol: 's3'; partSize: number; uploadId: string; partUrls: string[] };

const allowedTypesText =
  'photos (JPEG, PNG, HEIC, WebP), audio (MP3, M4A/AAC, WebM, Ogg, WAV), video (MP4, MOV, WebM), PDF, DOC and DOCX';

type Deps = Pick<Services, 'db' | 'storage' | 'log' | 'evidenceLimits' | 'rateLimits'>;

/** Grants this user one object path to upload one file of an allowed type to, for a limited time. */
export async function issueUploadUrl(
  deps: Deps,
  userId: string,
  input: { fileName: string; fileType: string; fileSize?: number },
  now: Date = new Date(),
): Promise<UploadUrlResponse> {
  await deps.rateLimits.consume('uploadUrlUser', userId);
  const kind = kindOfMimeType(input.fileType);
  if (!kind) {
    throw new AppError(
      'UNPROCESSABLE',
      `Files of type "${input.fileType}" cannot be uploaded as evidence. Allowed: ${allowedTypesText}`,
    );
  }
  const maxBytes = deps.evidenceLimits.maxBytes[kind];
  if (input.fileSize !== undefined && input.fileSize > maxBytes) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `This ${kind} file is ${megabytes(input.fileSize)}; the limit is ${megabytes(maxBytes)}`,
    );
  }
  const ttl = kind === 'video' ? deps.evidenceLimits.videoUploadUrlTtlMs : deps.evidenceLimits.uploadUrlTtlMs;
  const expiresAt = new Date(now.getTime() + ttl);
  const objectPath = newObjectPath(userId, input.fileName);
  const fileType = normaliseMimeType(input.fileType);

  // A declared size is all the URL takes: the quota counts the grant at that size.
  const grantMaxBytes = input.fileSize ?? maxBytes;
  await insertUploadGrantWithinQuota(
    deps,
    {
      objectPath,
      userId,
      fileName: input.fileName,
      fileType,
      maxBytes: grantMaxBytes,
      declaredSize: input.fileSize ?? null,
      expiresAt,
    },
    now,
  );
  // The URL binds the type exactly as the browser will send it (S3 compares the header verbatim);
  // the grant keeps the bare type, which is what is checked and stored.
  const target = await deps.storage.createUploadUrl({
    objectPath,
    userId,
    contentType: input.fileType,
    maxBytes: grantMaxBytes,
    contentLength: input.fileSize,
    expiresAt,
  });
  // After the grant: an upload in parts started here is then always the sweep's to abort.
  const parts = await planParts(deps, {
    objectPath,
    userId,
    contentType: input.fileType,
    maxBytes: grantMaxBytes,
    fileSize: input.fileSize,
    expiresAt,
  });
  return {
    uploadUrl: target.uploadUrl,
    objectPath,
    method: target.method,
    headers: target.headers,
    maxBytes: grantMaxBytes,
    expiresAt: expiresAt.toISOString(),
    parts,
  };
}

/** How the file may go up in parts: the local protocol on the upload URL, or the bucket's own. */
async function planParts(
  deps: Deps,
  input: {
    objectPath: string;
    userId: string;
    contentType: string;
    maxBytes: number;
    fileSize: number | undefined;
    expiresAt: Date;
  },
): Promise<UploadParts | null> {
  const { multipart } = deps.storage;
  if (multipart) {
    // The bucket needs the plan up front (one presigned URL per part), hence the declared size.
    if (input.fileSize === undefined || !shouldUploadInParts(input.fileSize, multipart)) return null;
    const { fileSize, ...grant } = input;
    const target = await multipart.start({ ...grant, contentLength: fileSize });
    return { protocol: 's3', ...target };
  }
  if (deps.evidenceLimits.partSize === null) return null;
  return {
    protocol: 'local',
    partSize: deps.evidenceLimits.partSize,
    maxParts: deps.evidenceLimits.maxParts,
  };
}

function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${mb >= 10 ? Math.round(mb) : mb.toFixed(1)} MB`;
}
