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
