import { fileTypeFromName } from '@evident/core/file-type-from-name';
import { isReencodablePhotoType } from '@evident/core/image-resize';
import { compressImage } from './compress-image';

/** The bytes, name and type that will actually be uploaded for a chosen or recorded file. */
export type PreparedEvidence = { blob: Blob; fileName: string; fileType: string };

/** Fixes up a missing type from the extension and re-encodes photos (resized, location stripped). */
export async function prepareEvidenceFile(file: File): Promise<PreparedEvidence> {
  const fileName = file.name.trim() || 'evidence';
  const fileType = fileTypeFromName(fileName, file.type);
  if (!isReencodablePhotoType(fileType)) return { blob: file, fileName, fileType };
  // Re-typing is a slice, not a copy: the bytes stay on disk until they are read.
  const typed = file.type === fileType ? file : file.slice(0, file.size, fileType);
  const photo = await compressImage(typed, fileName);
  return {
    blob: photo.blob,
    fileName: photo.fileName,
    fileType: photo.reencoded ? photo.fileType : fileType,
  };
}
