import { kindOfMimeType } from '@evident/core/evidence-types';
import type { EvidenceFileRow } from '@evident/db/queries/evidence-files';
import { z } from 'zod';
import type { Services } from '../context';
import { isoOutput } from './common-outputs';

const processing = z.enum(['pending', 'ready', 'failed']).nullable();

/** Spec section 3 "Evidence file": what is recorded about a file, whoever is told of it. */
export const evidenceFileRecordOutput = z.object({
  id: z.string(),
  fileName: z.string(),
  /** MIME type without parameters, e.g. `audio/webm`. */
  fileType: z.string(),
  /** Bytes. */
  fileSize: z.number(),
  isPrimary: z.boolean(),
  /** ISO time the file was recorded (received by the server). */
  createdAt: isoOutput,
  /** ISO time the device captured it (a file captured offline is sent later); null when not told. */
  capturedAt: isoOutput.nullable(),
  /**
   * Hex SHA-256 of the file's bytes, computed as it was recorded; `pnpm cli verify-evidence` checks
   * the stored file still matches. Null for files recorded before hashing began.
   */
  sha256: z.string().nullable(),
  /**
   * ISO time the hash was taken when that was after the file was recorded (files from before
   * hashing): it proves the bytes unchanged only since then. Null for a hash taken at recording.
   */
  sha256RecordedLaterAt: isoOutput.nullable(),
  /**
   * Issue 29: whether the student's authenticity declaration covers the file. False: recorded
   * without one ('Not declared'), until the student declares it (POST /api/evidence/declare).
   */
  declared: z.boolean(),
});
export type EvidenceFileRecord = z.infer<typeof evidenceFileRecordOutput>;

export function toEvidenceFileRecord(file: EvidenceFileRow): EvidenceFileRecord {
  return {
    id: file.id,
    fileName: file.fileName,
    fileType: file.fileType,
    fileSize: file.fileSize,
    isPrimary: file.isPrimary,
    createdAt: file.createdAt.toISOString(),
    capturedAt: file.capturedAt?.toISOString() ?? null,
    sha256: file.sha256,
    sha256RecordedLaterAt: file.sha256RecordedLaterAt?.toISOString() ?? null,
    declared: file.declarationId !== null,
  };
}

/** The file's record plus short-lived links to the bytes. */
export const evidenceFileViewOutput = evidenceFileRecordOutput.extend({
  /** Signed GET URL of the file, served inline (for <img>, <audio>, <video>, the PDF viewer). */
  url: z.string(),
  /** Signed GET URL forcing a download under the original file name. */
  downloadUrl: z.string(),
  /**
   * Signed GET URL of a small WebP preview: of a photo, or a frame of a video (the player's poster);
   * null when none was made (a document, an undecodable file, or a video not processed yet).
   */
  thumbnailUrl: z.string().nullable(),
  /**
   * Videos: a signed GET URL of the H.264/AAC MP4 copy that plays in every browser, once it is made;
   * players use it instead of `url`. Null for other files, while the copy is being made, when making
   * it failed, or when the original already plays everywhere.
   */
  playableUrl: z.string().nullable(),
  /** Videos: whether the background processing is `pending`, `ready` or `failed`; null when none was queued. */
  videoStatus: processing,
  /**
   * Photos: whether the thumbnail is still being made (`pending`), was made (`ready`), or cannot be
   * made (`failed`: too many pixels, a type the server cannot decode, a damaged file); null for other
   * files. Viewers show a generic icon until it is `ready`, never the original inline.
   */
  thumbnailStatus: processing,
  /** ISO time after which the URLs stop working; fetch the list again for fresh ones. */
  urlsExpireAt: isoOutput,
});
export type EvidenceFileView = z.infer<typeof evidenceFileViewOutput>;

function renamed(fileName: string, extension: string): string {
  return `${fileName.replace(/\.[^.]*$/, '') || 'file'}.${extension}`;
}

/** Photos and videos share one status column; each view field speaks for its own kind. */
function processingOf(file: EvidenceFileRow): Pick<EvidenceFileView, 'videoStatus' | 'thumbnailStatus'> {
  const kind = kindOfMimeType(file.fileType);
  if (kind === 'video') return { videoStatus: file.videoStatus, thumbnailStatus: null };
  if (kind !== 'image') return { videoStatus: null, thumbnailStatus: null };
  // Photos recorded before thumbnails moved to the background have no status.
  const thumbnailStatus = file.videoStatus ?? (file.thumbnailPath ? 'ready' : 'failed');
  return { videoStatus: null, thumbnailStatus };
}

/**
 * Turns stored files into views with signed URLs. It does not check who asks: callers issue these
 * only to the student who owns the files, assessors and admins.
 */
export async function toEvidenceFileViews(
  deps: Pick<Services, 'storage' | 'images' | 'evidenceLimits'>,
  files: readonly EvidenceFileRow[],
  now: Date = new Date(),
): Promise<EvidenceFileView[]> {
  const expiresAt = new Date(now.getTime() + deps.evidenceLimits.downloadUrlTtlMs);
  return Promise.all(
    files.map(async (file) => {
      const link = (disposition: 'inline' | 'attachment') =>
        deps.storage.createDownloadUrl({
          objectPath: file.objectPath,
          fileName: file.fileName,
          contentType: file.fileType,
          expiresAt,
          disposition,
        });
      const [url, downloadUrl, thumbnailUrl, playableUrl] = await Promise.all([
        link('inline'),
        link('attachment'),
        file.thumbnailPath
          ? deps.storage.createDownloadUrl({
              objectPath: file.thumbnailPath,
              fileName: renamed(file.fileName, 'webp'),
              contentType: deps.images.thumbnailContentType,
              expiresAt,
            })
          : null,
        file.playablePath && file.videoStatus === 'ready'
          ? deps.storage.createDownloadUrl({
              objectPath: file.playablePath,
              fileName: renamed(file.fileName, 'mp4'),
              contentType: 'video/mp4',
              expiresAt,
            })
          : null,
      ]);
      const { videoStatus, thumbnailStatus } = processingOf(file);
      // Added to the record, not spread with more keys after (docs/ARCHITECTURE.md, "A hot read's path").
      return Object.assign(toEvidenceFileRecord(file), {
        url,
        downloadUrl,
        thumbnailUrl,
        playableUrl,
        videoStatus,
        thumbnailStatus,
        urlsExpireAt: expiresAt.toISOString(),
      });
    }),
  );
}
