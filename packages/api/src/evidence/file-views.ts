import type { EvidenceFileRow } from '@evident/db/queries/evidence';
import type { Services } from '../context';

/** Spec section 3 "Evidence file", plus short-lived links to the bytes. */
export type EvidenceFileView = {
  id: string;
  fileName: string;
  /** MIME type without parameters, e.g. `audio/webm`. */
  fileType: string;
  /** Bytes. */
  fileSize: number;
  isPrimary: boolean;
  /** ISO time the file was recorded. */
  createdAt: string;
  /** Signed GET URL of the file, served inline (for <img>, <audio>, <video>, the PDF viewer). */
  url: string;
  /** Signed GET URL forcing a download under the original file name. */
  downloadUrl: string;
  /** Signed GET URL of a small WebP preview; null when none was made (not an image, or undecodable). */
  thumbnailUrl: string | null;
  /** ISO time after which the URLs stop working; fetch the list again for fresh ones. */
  urlsExpireAt: string;
};

function thumbnailName(fileName: string): string {
  return `${fileName.replace(/\.[^.]*$/, '') || 'thumbnail'}.webp`;
}

/**
 * Turns stored files into views with signed URLs. It does not check who asks: callers issue these
 * only to the student who owns the files, assessors and admins.
 */
export async function toEvidenceFileViews(
  deps: Pick<Services, 'storage' | 'evidence'>,
  files: readonly EvidenceFileRow[],
  now: Date = new Date(),
): Promise<EvidenceFileView[]> {
  const expiresAt = new Date(now.getTime() + deps.evidence.downloadUrlTtlMs);
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
      const [url, downloadUrl, thumbnailUrl] = await Promise.all([
        link('inline'),
        link('attachment'),
        file.thumbnailPath
          ? deps.storage.createDownloadUrl({
              objectPath: file.thumbnailPath,
              fileName: thumbnailName(file.fileName),
              contentType: deps.evidence.thumbnailContentType,
              expiresAt,
            })
          : null,
      ]);
      return {
        id: file.id,
        fileName: file.fileName,
        fileType: file.fileType,
        fileSize: file.fileSize,
        isPrimary: file.isPrimary,
        createdAt: file.createdAt.toISOString(),
        url,
        downloadUrl,
        thumbnailUrl,
        urlsExpireAt: expiresAt.toISOString(),
      };
    }),
  );
}
