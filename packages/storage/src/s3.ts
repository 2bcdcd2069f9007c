import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { AppError } from '@evident/core/errors';
import { assertValidObjectPath } from '@evident/core/object-path';
import type { ObjectStorage } from '@evident/core/ports/storage';
import { contentDisposition } from './content-disposition';
import { createS3Multipart, defaultS3PartSize, type S3Multipart } from './s3-multipart';

export type S3StorageConfig = {
  bucket: string;
  /** Omit for AWS itself; set for MinIO, R2, Backblaze, Ceph, etc. */
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://host/bucket/key` instead of `https://bucket.host/key`; most self-hosted servers need it. */
  forcePathStyle?: boolean;
  /** Size of resumable upload parts (at least 5 MiB); default 8 MiB. */
  partSize?: number;
};

export type S3Storage = ObjectStorage & {
  readonly kind: 's3';
  readonly client: S3Client;
  readonly multipart: S3Multipart;
};

/** SigV4 presigned URLs cannot outlive a week. */
const maxPresignSeconds = 7 * 24 * 60 * 60;

/** PutObject needs a known length: a stream of unknown size (a thumbnail) is gathered first, up to this. */
const maxPutBufferBytes = 64 * 1024 * 1024;

function secondsUntil(expiresAt: Date): number {
  const seconds = Math.ceil((expiresAt.getTime() - Date.now()) / 1000);
  return Math.min(maxPresignSeconds, Math.max(1, seconds));
}

function isMissing(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404;
}

async function gather(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > maxPutBufferBytes) throw new Error(`put() streams are limited to ${maxPutBufferBytes} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export function createS3Storage(config: S3StorageConfig): S3Storage {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle ?? false,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // The SDK's default adds a CRC32 of the (empty, at signing time) body to presigned PUT URLs,
    // which S3 then rejects for the real body; and many S3-compatible servers lack the newer
    // checksum headers altogether. Checksums only where an operation demands them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;
  const multipart = createS3Multipart({
    client,
    bucket: Bucket,
    partSize: config.partSize ?? defaultS3PartSize,
    presignSeconds: secondsUntil,
  });

  return {
    kind: 's3',
    client,
    multipart,

    async createUploadUrl({ objectPath, userId, contentType, contentLength, expiresAt }) {
      assertValidObjectPath(objectPath);
      const command = new PutObjectCommand({
        Bucket,
        Key: objectPath,
        ContentType: contentType,
        ContentLength: contentLength,
        // Hoisted into the signed query string, so the stored object records who uploaded it.
        Metadata: { uid: userId },
        // A conditional write: the URL cannot replace an object once it exists, so evidence that
        // was recorded cannot be swapped while the URL is still unexpired (S3 answers 412).
        IfNoneMatch: '*',
      });
      const uploadUrl = await getSignedUrl(client, command, {
        expiresIn: secondsUntil(expiresAt),
        // Without this the presigner leaves these unsigned: any type could be uploaded, and the
        // client could drop the write-once condition.
        signableHeaders: new Set(['content-type', 'if-none-match']),
      });
      // maxBytes cannot be expressed in a presigned PUT; the server checks `stat()` after upload.
      return { uploadUrl, method: 'PUT', headers: { 'Content-Type': contentType, 'If-None-Match': '*' } };
    },

    async createDownloadUrl({ objectPath, fileName, contentType, expiresAt, disposition = 'inline' }) {
      assertValidObjectPath(objectPath);
      const command = new GetObjectCommand({
        Bucket,
        Key: objectPath,
        ResponseContentType: contentType,
        ResponseContentDisposition: contentDisposition(disposition, fileName, contentType),
      });
      return getSignedUrl(client, command, { expiresIn: secondsUntil(expiresAt) });
    },

    async stat(objectPath) {
      assertValidObjectPath(objectPath);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: objectPath }));
        return { size: head.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async readHead(objectPath, bytes) {
      assertValidObjectPath(objectPath);
      if (bytes <= 0) return Buffer.alloc(0);
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket, Key: objectPath, Range: `bytes=0-${bytes - 1}` }),
        );
        const body = await object.Body?.transformToByteArray();
        // A server that ignores Range sends everything; keep only what was asked for.
        return Buffer.from(body ?? []).subarray(0, bytes);
      } catch (error) {
        if (isMissing(error)) throw new AppError('NOT_FOUND', 'File not found');
        // An empty object has no byte 0, so any range is "not satisfiable".
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 416)
          return Buffer.alloc(0);
        throw error;
      }
    },

    async delete(objectPath) {
      assertValidObjectPath(objectPath);
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectPath }));
      // Parts of an upload that was never completed cost storage until aborted.
      await multipart.abortUnfinished(objectPath);
    },

    async put(objectPath, body, contentType, size) {
      assertValidObjectPath(objectPath);
      // PutObject needs the length: a stream of known size goes straight through, others are gathered.
      const bytes = Buffer.isBuffer(body) ? body : size === undefined ? await gather(body) : null;
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: objectPath,
          Body: bytes ?? body,
          ContentType: contentType,
          ContentLength: bytes?.length ?? size,
        }),
      );
    },

    async getStream(objectPath) {
      assertValidObjectPath(objectPath);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: objectPath }));
        // In Node the SDK's body is an http.IncomingMessage, i.e. already a Readable.
        if (!(object.Body instanceof Readable)) throw new Error('S3 returned a body that is not a stream');
        return object.Body;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
  };
}
