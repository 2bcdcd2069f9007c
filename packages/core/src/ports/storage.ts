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
  /** Removes the object; no error when it is already gone. */
  delete(objectPath: string): Promise<void>;
  /** Stores a file the server made itself (thumbnails). */
  put(objectPath: string, body: Buffer | Readable, contentType: string): Promise<void>;
  /** The object's bytes, or null when there is none. */
  getStream(objectPath: string): Promise<Readable | null>;
};
