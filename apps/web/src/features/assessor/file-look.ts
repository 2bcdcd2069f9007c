import type { GradingFile } from './grading-types';

export type FileLook = 'image' | 'audio' | 'video' | 'pdf' | 'document';

/** How a file shows in place; HEIC without a server preview cannot show in most browsers. */
export function lookOfFile(file: Pick<GradingFile, 'fileType' | 'thumbnailUrl'>): FileLook {
  if (file.fileType === 'application/pdf') return 'pdf';
  if (file.fileType.startsWith('audio/')) return 'audio';
  if (file.fileType.startsWith('video/')) return 'video';
  if (file.fileType.startsWith('image/') && (file.thumbnailUrl || !/hei[cf]$/.test(file.fileType))) {
    return 'image';
  }
  return 'document';
}
