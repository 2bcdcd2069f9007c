import type { Readable } from 'node:stream';

/** Image work the server does on evidence photos (and video posters). Implemented with sharp in packages/storage. */
export type ImageProcessor = {
  /** MIME type of what `createThumbnail` makes. */
  readonly thumbnailContentType: string;
  /**
   * A small preview, upright and without metadata. Throws AppError UNPROCESSABLE when the image cannot
   * be decoded; callers treat thumbnails as optional.
   */
  createThumbnail(image: Buffer | Readable): Promise<Buffer>;
};

/**
 * The background worker that makes thumbnails of recorded photos, one at a time, so recording never
 * waits for a decoder (packages/api/src/jobs/thumbnail-queue.ts).
 */
export type ThumbnailQueue = {
  /** A photo was queued (or the server started): work through pending photos. Returns at once. */
  wake(): void;
  /** Resolves once no work is running or queued in this process (tests, benchmarks). */
  idle(): Promise<void>;
  /** Lets a running thumbnail finish, then stops taking work. */
  stop(): Promise<void>;
};
