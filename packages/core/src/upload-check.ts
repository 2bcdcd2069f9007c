import { AppError } from './errors';
import { magicBytesHeadLength, matchesMagicBytes } from './magic-bytes';
import type { ObjectStorage } from './ports/storage';

/**
 * What `POST /api/evidence` runs before recording a file: the object exists, fits the size limit
 * (S3 presigned PUTs cannot enforce one) and starts with the bytes its declared type promises.
 * A file that fails is deleted, so a refused upload leaves nothing behind.
 */
export async function checkUploadedObject(
  storage: ObjectStorage,
  input: { objectPath: string; contentType: string; maxBytes: number },
): Promise<{ size: number }> {
  const info = await storage.stat(input.objectPath);
  if (!info) throw new AppError('NOT_FOUND', 'The file was not uploaded. Please upload it again');
  if (info.size === 0) {
    await storage.delete(input.objectPath);
    throw new AppError('UNPROCESSABLE', 'The file is empty');
  }
  if (info.size > input.maxBytes) {
    await storage.delete(input.objectPath);
    throw new AppError('PAYLOAD_TOO_LARGE', `File is larger than the limit of ${input.maxBytes} bytes`);
  }
  const head = await storage.readHead(input.objectPath, magicBytesHeadLength);
  if (!matchesMagicBytes(input.contentType, head)) {
    await storage.delete(input.objectPath);
    throw new AppError('UNPROCESSABLE', `The file's contents are not a valid ${input.contentType}`);
  }
  return info;
}
