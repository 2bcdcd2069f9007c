/**
 * Resumable uploads in parts on S3 (multipart upload). The server starts the upload and presigns
 * one PUT per part; the browser sends the parts in any order and again after a dropped connection;
 * the server lists what arrived (ListParts) and joins it (CompleteMultipartUpload with the parts'
 * ETags, so the browser never reads a response header and the bucket needs no ExposeHeaders).
 * Completing is a conditional write like the single PUT (`If-None-Match: *`): it never replaces an
 * object that is already there.
 */
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListPartsCommand,
  type Part,
  type S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { AppError } from '@evident/core/errors';
import { assertValidObjectPath } from '@evident/core/object-path';
import type { MultipartListing, MultipartUploads } from '@evident/core/ports/storage';
import { planUploadParts } from '@evident/core/upload-parts';

/** S3's limits: every part but the last at least 5 MiB, part numbers 1 to 10,000. */
export const s3MinPartSize = 5 * 1024 * 1024;
export const s3MaxParts = 10_000;
/** A dropped connection on a phone costs at most this much. */
export const defaultS3PartSize = 8 * 1024 * 1024;

export type S3Multipart = MultipartUploads & {
  /** Aborts every unfinished upload in parts of this object; answers how many there were. */
  abortUnfinished(objectPath: string): Promise<number>;
};

type Options = {
  client: S3Client;
  bucket: string;
  partSize: number;
  presignSeconds(expiresAt: Date): number;
};

function statusOf(error: unknown): number | undefined {
  return error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
}

function isNoSuchUpload(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NoSuchUpload' || statusOf(error) === 404);
}

type ListedPart = { part: number; size: number; etag: string };

export function createS3Multipart({
  client,
  bucket: Bucket,
  partSize,
  presignSeconds,
}: Options): S3Multipart {
  if (!Number.isInteger(partSize) || partSize < s3MinPartSize) {
    throw new RangeError(`S3 parts must be at least ${s3MinPartSize} bytes`);
  }

  function planFor(contentLength: number) {
    const plan = planUploadParts(contentLength, partSize);
    if (plan.length > s3MaxParts) {
      throw new AppError('PAYLOAD_TOO_LARGE', `A file in parts can have at most ${s3MaxParts} parts`);
    }
    return plan;
  }

  /** Each URL binds its part number and exact length: a part cannot land elsewhere or grow. */
  function presignParts(
    Key: string,
    UploadId: string,
    plan: ReturnType<typeof planUploadParts>,
    expiresAt: Date,
  ): Promise<string[]> {
    const expiresIn = presignSeconds(expiresAt);
    return Promise.all(
      plan.map((part) =>
        getSignedUrl(
          client,
          new UploadPartCommand({
            Bucket,
            Key,
            UploadId,
            PartNumber: part.part,
            ContentLength: part.end - part.start,
          }),
          { expiresIn },
        ),
      ),
    );
  }

  /** Every part received, in part order; null when the bucket knows no such upload of this key. */
  async function listAll(Key: string, UploadId: string): Promise<ListedPart[] | null> {
    const parts: ListedPart[] = [];
    let marker: string | undefined;
    try {
      for (;;) {
        const page = await client.send(
          new ListPartsCommand({ Bucket, Key, UploadId, PartNumberMarker: marker }),
        );
        for (const part of page.Parts ?? []) parts.push(listed(part));
        if (!page.IsTruncated || !page.NextPartNumberMarker) break;
        marker = page.NextPartNumberMarker;
      }
    } catch (error) {
      if (isNoSuchUpload(error)) return null;
      throw error;
    }
    return parts.sort((a, b) => a.part - b.part);
  }

  /** The size of the finished object; NOT_FOUND when there is none either. */
  async function finished(Key: string): Promise<{ size: number }> {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key }));
      return { size: head.ContentLength ?? 0 };
    } catch (error) {
      if (statusOf(error) !== 404) throw error;
    }
    throw new AppError('NOT_FOUND', 'This upload is no longer open. Please upload it again');
  }

  async function abort(Key: string, UploadId: string): Promise<void> {
    try {
      await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId }));
    } catch (error) {
      if (!isNoSuchUpload(error)) throw error;
    }
  }

  return {
    partSize,
    maxParts: s3MaxParts,

    async start({ objectPath, userId, contentType, contentLength, expiresAt }) {
      assertValidObjectPath(objectPath);
      const plan = planFor(contentLength);
      const created = await client.send(
        new CreateMultipartUploadCommand({
          Bucket,
          Key: objectPath,
          ContentType: contentType,
          Metadata: { uid: userId },
        }),
      );
      const uploadId = created.UploadId;
      if (!uploadId) throw new Error('The bucket started an upload in parts without an UploadId');
      return { uploadId, partSize, partUrls: await presignParts(objectPath, uploadId, plan, expiresAt) };
    },

    async resume({ objectPath, uploadId, contentLength, expiresAt }) {
      assertValidObjectPath(objectPath);
      const plan = planFor(contentLength);
      // The bucket answers NoSuchUpload for an id that is not an open upload of this very key, so an
      // id from elsewhere (or one the sweep aborted) starts nothing and signs nothing.
      if ((await listAll(objectPath, uploadId)) === null) return null;
      return { uploadId, partSize, partUrls: await presignParts(objectPath, uploadId, plan, expiresAt) };
    },

    async listParts(objectPath, uploadId): Promise<MultipartListing> {
      assertValidObjectPath(objectPath);
      const parts = await listAll(objectPath, uploadId);
      if (parts) return { parts: parts.map(({ part, size }) => ({ part, size })), complete: false };
      const { size } = await finished(objectPath);
      return { parts: [], complete: true, size };
    },

    async complete({ objectPath, uploadId, partCount }) {
      assertValidObjectPath(objectPath);
      const parts = await listAll(objectPath, uploadId);
      // Completed before (the answer was lost): the object is there, and that is the answer.
      if (!parts) return finished(objectPath);
      if (parts.length !== partCount || parts.some((entry, index) => entry.part !== index + 1)) {
        const missing = partCount - parts.filter((entry) => entry.part <= partCount).length;
        throw new AppError(
          'CONFLICT',
          missing > 0
            ? `${missing} of ${partCount} parts have not arrived yet; send them and try again`
            : `The upload has parts beyond the ${partCount} expected`,
        );
      }
      try {
        await client.send(
          new CompleteMultipartUploadCommand({
            Bucket,
            Key: objectPath,
            UploadId: uploadId,
            MultipartUpload: { Parts: parts.map((entry) => ({ PartNumber: entry.part, ETag: entry.etag })) },
            // Write-once, as the single PUT: an object already there is never replaced.
            IfNoneMatch: '*',
          }),
        );
      } catch (error) {
        if (statusOf(error) === 412) {
          // The object arrived another way (the whole-file PUT); it stays, these parts go.
          await abort(objectPath, uploadId);
          return finished(objectPath);
        }
        if (isNoSuchUpload(error)) return finished(objectPath);
        throw error;
      }
      return finished(objectPath);
    },

    async abortUnfinished(objectPath) {
      assertValidObjectPath(objectPath);
      let count = 0;
      let keyMarker: string | undefined;
      let uploadIdMarker: string | undefined;
      for (;;) {
        let page: Awaited<ReturnType<typeof listUploads>>;
        try {
          page = await listUploads(objectPath, keyMarker, uploadIdMarker);
        } catch (error) {
          // Some S3-compatible services cannot list uploads; their lifecycle rule cleans up instead.
          if (statusOf(error) === 501) return count;
          throw error;
        }
        for (const upload of page.Uploads ?? []) {
          if (upload.Key !== objectPath || !upload.UploadId) continue;
          await abort(objectPath, upload.UploadId);
          count++;
        }
        if (!page.IsTruncated || !page.NextKeyMarker) return count;
        keyMarker = page.NextKeyMarker;
        uploadIdMarker = page.NextUploadIdMarker;
      }
    },
  };

  function listUploads(Prefix: string, KeyMarker?: string, UploadIdMarker?: string) {
    return client.send(new ListMultipartUploadsCommand({ Bucket, Prefix, KeyMarker, UploadIdMarker }));
  }
}

function listed(part: Part): ListedPart {
  if (part.PartNumber === undefined || part.ETag === undefined) {
    throw new Error('The bucket listed a part without a number or an ETag');
  }
  return { part: part.PartNumber, size: part.Size ?? 0, etag: part.ETag };
}
