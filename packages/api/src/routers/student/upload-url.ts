import { AppError } from '@evident/core/errors';
import { kindOfMimeType, normaliseMimeType } from '@evident/core/evidence-types';
import { newObjectPath } from '@evident/core/object-path';
import { shouldUploadInParts } from '@evident/core/upload-parts';
import {
  extendUploadGrant,
  findUploadGrantByClientKey,
  type UploadGrantRow,
} from '@evident/db/queries/upload-grants';
import { z } from 'zod';
import type { Services } from '../../context';
import { insertUploadGrantWithinQuota } from '../../rules/upload-quota';
import { isoOutput } from '../../views/common-outputs';

/**
 * Answer of `student.evidence.requestUploadUrl` / `POST /api/evidence/upload-url`. The spec's client reads only
 * `uploadUrl` and `objectPath` and PUTs the file with its own type as Content-Type; the rest is for
 * a client that wants to do better.
 */
export const uploadPartsOutput = z.discriminatedUnion('protocol', [
  z.object({ protocol: z.literal('local'), partSize: z.number(), maxParts: z.number() }),
  z.object({
    protocol: z.literal('s3'),
    partSize: z.number(),
    uploadId: z.string(),
    partUrls: z.array(z.string()),
  }),
]);
export type UploadParts = z.infer<typeof uploadPartsOutput>;

export const uploadUrlOutput = z.object({
  /** Where to send the file. Absolute URL: our own `/files/upload/...` (local disk) or the bucket (S3). */
  uploadUrl: z.string(),
  /** Pass back unchanged to `POST /api/evidence`. */
  objectPath: z.string(),
  method: z.literal('PUT'),
  /** Send exactly these headers with the PUT (Content-Type, the type asked for). */
  headers: z.record(z.string(), z.string()),
  /** Largest body accepted, in bytes. */
  maxBytes: z.number(),
  /** ISO time after which the URL no longer works; ask for a new one after it. */
  expiresAt: isoOutput,
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
   * headers of its own; `student.evidence.listUploadedParts` lists the parts already received (to resume), and
   * `student.evidence.completeUpload` joins them. Then record the evidence as usual.
   */
  parts: uploadPartsOutput.nullable(),
});
export type UploadUrlResponse = z.infer<typeof uploadUrlOutput>;

const allowedTypesText =
  'photos (JPEG, PNG, HEIC, WebP), audio (MP3, M4A/AAC, WebM, Ogg, WAV), video (MP4, MOV, WebM), PDF, DOC and DOCX';

type Deps = Pick<Services, 'db' | 'storage' | 'log' | 'evidenceLimits' | 'rateLimits'>;

type UploadUrlRequest = {
  fileName: string;
  fileType: string;
  fileSize?: number;
  clientKey?: string;
  /** The upload in parts an earlier answer under the same client key started (S3). */
  uploadId?: string;
};

/**
 * Grants this user one object path to upload one file of an allowed type to, for a limited time.
 * With a client key, asking again (a retry after a lost answer, a queue resuming after a reload)
 * returns the same object path, so parts already sent are kept and one file is recorded once; on S3,
 * with the `uploadId` it had, the same upload in parts too, with freshly signed part URLs.
 */
export async function issueUploadUrl(
  deps: Deps,
  userId: string,
  input: UploadUrlRequest,
  now: Date = new Date(),
): Promise<UploadUrlResponse> {
  await deps.rateLimits.consume('uploadUrlUser', userId);
  if (input.clientKey) {
    const earlier = await findUploadGrantByClientKey(deps.db, { userId, clientKey: input.clientKey });
    if (earlier) return reissue(deps, earlier, input, now);
  }
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
  const inserted = await insertUploadGrantWithinQuota(
    deps,
    {
      objectPath,
      userId,
      fileName: input.fileName,
      fileType,
      maxBytes: grantMaxBytes,
      declaredSize: input.fileSize ?? null,
      expiresAt,
      clientKey: input.clientKey ?? null,
    },
    now,
  );
  if (inserted === 'client-key-taken' && input.clientKey) {
    // A concurrent request with the same key inserted first: answer with its grant.
    const winner = await findUploadGrantByClientKey(deps.db, { userId, clientKey: input.clientKey });
    if (!winner) throw new Error('upload grant vanished after a conflicting insert');
    return reissue(deps, winner, input, now);
  }
  return signedAnswer(deps, {
    objectPath,
    userId,
    contentType: input.fileType,
    maxBytes: grantMaxBytes,
    fileSize: input.fileSize,
    expiresAt,
  });
}

/** The answer for a grant made earlier under the same client key: same object, fresh signature. */
async function reissue(
  deps: Deps,
  grant: UploadGrantRow,
  input: UploadUrlRequest,
  now: Date,
): Promise<UploadUrlResponse> {
  if (grant.fileType !== normaliseMimeType(input.fileType) || grant.fileName !== input.fileName) {
    throw new AppError('CONFLICT', 'This client key was already used for another file');
  }
  const kind = kindOfMimeType(grant.fileType);
  const ttl = kind === 'video' ? deps.evidenceLimits.videoUploadUrlTtlMs : deps.evidenceLimits.uploadUrlTtlMs;
  let expiresAt = grant.expiresAt;
  // A queue may come back after the URL lapsed; the object path (and any parts sent) stays its.
  if (!grant.recordedAt && expiresAt.getTime() - now.getTime() < ttl / 2) {
    expiresAt = new Date(now.getTime() + ttl);
    await extendUploadGrant(deps.db, { objectPath: grant.objectPath, expiresAt });
  }
  return signedAnswer(deps, {
    objectPath: grant.objectPath,
    userId: grant.userId,
    contentType: input.fileType,
    maxBytes: grant.maxBytes,
    fileSize: grant.declaredSize ?? undefined,
    expiresAt,
    resumeUploadId: input.uploadId,
  });
}

async function signedAnswer(
  deps: Deps,
  grant: {
    objectPath: string;
    userId: string;
    contentType: string;
    maxBytes: number;
    fileSize: number | undefined;
    expiresAt: Date;
    resumeUploadId?: string;
  },
): Promise<UploadUrlResponse> {
  const { objectPath, userId, maxBytes: grantMaxBytes, expiresAt } = grant;
  const input = { fileType: grant.contentType, fileSize: grant.fileSize };
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
    resumeUploadId: grant.resumeUploadId,
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
    resumeUploadId?: string;
  },
): Promise<UploadParts | null> {
  const { multipart } = deps.storage;
  if (multipart) {
    // The bucket needs the plan up front (one presigned URL per part), hence the declared size.
    if (input.fileSize === undefined || !shouldUploadInParts(input.fileSize, multipart)) return null;
    const { fileSize, resumeUploadId, ...grant } = input;
    const start = { ...grant, contentLength: fileSize };
    // Continuing keeps the parts already sent; an upload the bucket no longer has is started afresh.
    const resumed = resumeUploadId ? await multipart.resume({ ...start, uploadId: resumeUploadId }) : null;
    const target = resumed ?? (await multipart.start(start));
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
