import {
  IconFileText,
  IconFileTypePdf,
  IconMovie,
  IconMusic,
  IconPhoto,
  type TablerIcon,
} from '@tabler/icons-react';

export type FileLook = 'image' | 'audio' | 'video' | 'pdf' | 'document';

/** How a file shows in place; HEIC without a server preview cannot show in most browsers. */
export function lookOfFile(file: { fileType: string; thumbnailUrl: string | null }): FileLook {
  if (file.fileType === 'application/pdf') return 'pdf';
  if (file.fileType.startsWith('audio/')) return 'audio';
  if (file.fileType.startsWith('video/')) return 'video';
  if (file.fileType.startsWith('image/') && (file.thumbnailUrl || !/hei[cf]$/.test(file.fileType))) {
    return 'image';
  }
  return 'document';
}

/** The icon a file of each look wears where no thumbnail stands for it. */
export const iconOfLook: Record<FileLook, TablerIcon> = {
  image: IconPhoto,
  audio: IconMusic,
  video: IconMovie,
  pdf: IconFileTypePdf,
  document: IconFileText,
};
