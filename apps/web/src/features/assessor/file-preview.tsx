import { lazyDialog } from '../dialog/lazy-dialog';
import type { FilePreviewModalProps } from './file-preview-modal';

/**
 * A file opened from a grading card (file-preview-modal.tsx): in the page from its first opening, its
 * code fetched once the screen is idle. Mounted closed, Mantine's Modal set state in its portal's
 * layout effect, and React rendered it again inside the commit that takes the grading screen over.
 */
export const FilePreview = lazyDialog<FilePreviewModalProps>(
  () => import('./file-preview-modal').then((module) => module.FilePreviewModal),
  (props) => props.file !== null,
);
