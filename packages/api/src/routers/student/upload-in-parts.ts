import { AppError } from '@evident/core/errors';
import type { MultipartListing } from '@evident/core/ports/storage';
import type { Services } from '../../context';
import { requireOwnUploadGrant } from '../../rules/upload-grants';

/**
 * The server's half of an upload in parts that the bucket keeps (protocol `s3` in
 * `UploadUrlResponse.parts`): the browser PUTs the parts to presigned URLs, and asks here which
 * arrived and to join them. Only the student the upload was granted to may; the grant's lifetime
 * ends with the sweep, as for recording.
 */

type Deps = Pick<Services, 'db' | 'storage'>;

async function ownUpload(deps: Deps, userId: string, objectPath: string) {
  const grant = await requireOwnUploadGrant(deps.db, userId, objectPath);
  const { multipart } = deps.storage;
  if (!multipart) {
    throw new AppError('BAD_REQUEST', 'This store takes parts through the upload URL itself');
  }
  return { grant, multipart };
}

/** Parts already received, so a resumed upload sends only the rest; `complete` once joined. */
export async function listUploadParts(
  deps: Deps,
  userId: string,
  input: { objectPath: string; uploadId: string },
): Promise<MultipartListing> {
  const { multipart } = await ownUpload(deps, userId, input.objectPath);
  return multipart.listParts(input.objectPath, input.uploadId);
}

/** Joins the parts into the object (write-once); a repeat after success answers the same. */
export async function completeUpload(
  deps: Deps,
  userId: string,
  input: { objectPath: string; uploadId: string; partCount: number },
): Promise<{ size: number }> {
  const { grant, multipart } = await ownUpload(deps, userId, input.objectPath);
  // Recorded evidence is final: no later join may put an object (back) at its path.
  if (grant.recordedAt) {
    const recorded = await deps.storage.stat(input.objectPath);
    if (!recorded) throw new AppError('NOT_FOUND', 'This file is no longer stored');
    return recorded;
  }
  return multipart.complete(input);
}
