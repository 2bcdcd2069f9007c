import type { Readable } from 'node:stream';

export type CreateUploadUrlInput = {
  /** A path from `newObjectPath` (storage package); adapters refuse anything else. */
  objectPath: string;
  /** The user the upload is granted to; bound into the URL so it cannot be reused by another. */
  userId: string;
  /** The client must send exactly this Content-Type with the PUT. */
  contentType: string;
  /** Largest body accepted. Enforced while streaming on local disk; S3 checks it after upload (see `stat`). */
  maxBytes: number;
  /** Exact body length when the client declared it; S3 then binds Content-Length into the signature. */
  contentLength?: number;
  expiresAt: Date;
};

export type UploadTarget = {
  uploadUrl: string;
  method: 'PUT';
  /** Headers the client must send with the PUT. */
  headers: Record<string, string>;
};

export type CreateDownloadUrlInput = {
  objectPath: string;
  /** Offered to the browser in Content-Disposition. */
  fileName: string;
  contentType: string;
  expiresAt: Date;
  /** `inline` (default) lets <img>/<audio>/<video> and the PDF viewer show it; `attachment` forces a download. */
  disposition?: 'inline' | 'attachment';
};

export type StartMultipartInput = CreateUploadUrlInput & {
  /** Exact size of the whole file: each part URL binds its part's exact length. */
  contentLength: number;
};

export type MultipartTarget = {
  /** The bucket's id of this upload; the client passes it back to list and complete. */
  uploadId: string;
  partSize: number;
  /** One presigned PUT per part: `partUrls[i]` takes bytes `[i * partSize, (i + 1) * partSize)`. */
  partUrls: string[];
};

export type MultipartListing = {
  parts: { part: number; size: number }[];
  /** True once the parts were joined into the object (`size`); nothing is left to send. */
  complete: boolean;
  size?: number;
};

/**
 * Resumable uploads in parts that the store itself keeps and joins (S3 multipart upload). The
 * browser PUTs each part to its presigned URL; the server lists and completes, so the client never
 * needs the parts' ETags. Local disk has its own parts protocol on its upload URL instead.
 */
export type MultipartUploads = {
  /** Size of every part but the last (S3 wants at least 5 MiB). */
  readonly partSize: number;
  readonly maxParts: number;
  /** Starts an upload with the type and uploader recorded like a single PUT, and presigns its part URLs. */
  start(input: StartMultipartInput): Promise<MultipartTarget>;
  /**
   * Presigns fresh part URLs for an upload started earlier of the same object, so parts that arrived
   * before (a reload, a lapsed URL) are kept; null when the bucket no longer has that upload open.
   */
  resume(input: StartMultipartInput & { uploadId: string }): Promise<MultipartTarget | null>;
  /**
   * Parts received so far, or `complete` when the object is already there. Throws AppError
   * NOT_FOUND when there is neither (aborted, swept, or an uploadId of another object).
   */
  listParts(objectPath: string, uploadId: string): Promise<MultipartListing>;
  /**
   * Joins parts 1..partCount in order into the object, never replacing one that exists (write-once).
   * Answers the object's size; a repeat after success answers the same. Throws AppError CONFLICT
   * when parts are missing or extra, NOT_FOUND when the upload is gone and no object is there.
   */
  complete(input: { objectPath: string; uploadId: string; partCount: number }): Promise<{ size: number }>;
};

/**
 * Where evidence bytes live. Browsers upload and download directly through signed URLs; the server
 * itself only looks at sizes, the first bytes (magic-byte check) and writes derived files (thumbnails).
 * Adapters: local disk under DATA_DIR with HMAC-signed URLs, or an S3-compatible bucket.
 */
export type ObjectStorage = {
  createUploadUrl(input: CreateUploadUrlInput): Promise<UploadTarget>;
  createDownloadUrl(input: CreateDownloadUrlInput): Promise<string>;
  /** Size of a stored object, or null when there is none. */
  stat(objectPath: string): Promise<{ size: number } | null>;
  /** Up to `bytes` leading bytes (fewer for a shorter object); throws AppError NOT_FOUND when missing. */
  readHead(objectPath: string, bytes: number): Promise<Buffer>;
  /** Removes the object and any unfinished upload in parts of it; no error when it is already gone. */
  delete(objectPath: string): Promise<void>;
  /**
   * Stores a file the server made itself (thumbnails, playable copies of videos). Give `size` with a
   * stream when it is known, so a big file streams straight through instead of being gathered first.
   */
  put(objectPath: string, body: Buffer | Readable, contentType: string, size?: number): Promise<void>;
  /** The object's bytes, or null when there is none. */
  getStream(objectPath: string): Promise<Readable | null>;
  /** Present when the store keeps resumable uploads in parts itself (S3). */
  multipart?: MultipartUploads;
};
