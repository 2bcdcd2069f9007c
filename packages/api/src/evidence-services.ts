import type { Readable } from 'node:stream';
import type { EvidenceKind } from '@evident/core/evidence-types';
import type { VideoQueue } from './jobs/video-queue';

/**
 * What the evidence procedures need beyond the object store itself: the limits from the server's
 * configuration, and the storage package's path, checking and thumbnail helpers. apps/server passes
 * the helpers in, so this package stays free of the storage adapter (and of sharp).
 */
export type EvidenceServices = {
  /** Largest upload per kind of file, in bytes. */
  maxBytes: Readonly<Record<EvidenceKind, number>>;
  /** How long an upload URL stays valid; video gets longer, since a big file on a slow phone takes a while. */
  uploadUrlTtlMs: number;
  videoUploadUrlTtlMs: number;
  /** How long a download URL stays valid. */
  downloadUrlTtlMs: number;
  /**
   * Suggested part size when the store takes resumable uploads in parts on its upload URL (the local
   * adapter's protocol, documented in packages/storage/src/local-disk.ts); null otherwise. A store
   * that keeps parts itself (S3) offers them through `storage.multipart` instead.
   */
  partSize: number | null;
  maxParts: number;

  newObjectPath(userId: string, fileName: string): string;
  thumbnailPathFor(objectPath: string): string;
  /** Size, limit and magic-byte check of a landed upload; deletes the object when it fails. */
  checkUploadedObject(input: { objectPath: string; contentType: string; maxBytes: number }): Promise<{
    size: number;
  }>;
  createThumbnail(image: Buffer | Readable): Promise<Buffer>;
  thumbnailContentType: string;
  /** Poster frames and playable copies of videos, made in the background; null when ffmpeg is not there. */
  videos: VideoQueue | null;
};
