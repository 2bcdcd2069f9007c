import { createHash } from 'node:crypto';
import type { ObjectStorage } from './ports/storage';

export type StoredFileHash = { sha256: string; size: number };

/**
 * The SHA-256 of a stored object, read from the store a chunk at a time (a local file's read
 * stream, or one S3 GET's body): memory stays at a chunk whatever the size, so a 1 GB video costs
 * what a photo does. Null when the object is not there. Server-only (node:crypto).
 */
export async function hashStoredObject(
  storage: Pick<ObjectStorage, 'getStream'>,
  objectPath: string,
): Promise<StoredFileHash | null> {
  const stream = await storage.getStream(objectPath);
  if (!stream) return null;
  const hash = createHash('sha256');
  let size = 0;
  // for await destroys the stream if hashing throws, so no file handle or socket is left open.
  for await (const chunk of stream) {
    const bytes = chunk as Buffer;
    hash.update(bytes);
    size += bytes.length;
  }
  return { sha256: hash.digest('hex'), size };
}
