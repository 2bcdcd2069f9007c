import { AppError } from '@evident/core/errors';
import type { Database } from '@evident/db/client';
import { findUploadGrant, type UploadGrantRow } from '@evident/db/queries/upload-grants';

/** The answer for an object path we never granted, or whose grant the sweep has since removed. */
export function noUploadIssued(): AppError {
  return new AppError('NOT_FOUND', 'No upload was issued for this file. Please upload it again');
}

/** The grant of `objectPath`, which only the student it was issued to may use. */
export async function requireOwnUploadGrant(
  db: Database,
  studentId: string,
  objectPath: string,
): Promise<UploadGrantRow> {
  const grant = await findUploadGrant(db, { objectPath });
  if (!grant) throw noUploadIssued();
  if (grant.userId !== studentId) throw new AppError('FORBIDDEN', 'This file was not uploaded by you');
  return grant;
}
