import { AppError } from './errors';
import { magicBytesHeadLength, matchesMagicBytes } from './magic-bytes';
import type { ObjectStorage } from './ports/storage';
import { hashStoredObject } from './stored-file-hash';

/**
 * What `POST /api/evidence` runs before recording a file: the object exists, fits the size limit
 * (S3 presigned PUTs cannot enforce one) and starts with the bytes its declared type promises.
 * A file that fails is deleted, so a refused upload leaves nothing behind. A file that passes is
 * read back once, streamed, for its SHA-256 (issue 29 §6): hashing what the store holds, rather
 * than what passed through the server, is the one way that works for presigned S3 uploads, which
 * never pass through it, and it proves the bytes the record will point at.
 */
export async function checkUploadedObject(
  storage: ObjectStorage,
  input: { objectPath: string; contentType: string; maxBytes: number },
): Promise<{ size: number; sha256: string }> {
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
  const hashed = await hashStoredObject(storage, input.objectPath);
  if (!hashed) throw new AppError('NOT_FOUND', 'The file was not uploaded. Please upload it again');
  // Uploaded objects are write-once, so a difference means the store answered two different files.
  if (hashed.size !== info.size) {
    throw new AppError('CONFLICT', 'The file changed while it was being recorded. Please upload it again');
  }
  return { size: info.size, sha256: hashed.sha256 };
}
