import { idSchema } from '@evident/core/curriculum-inputs';
import { requiredLine } from '@evident/core/text-fields';
import { z } from 'zod';

const fileName = requiredLine({ label: 'File name', max: 255 });

/** A MIME type as the browser reports it, parameters and all (`audio/webm;codecs=opus`). */
const fileType = z
  .string({ error: 'File type is required' })
  .trim()
  .min(1, 'File type is required')
  .max(255, 'File type is too long')
  .regex(/^[\x20-\x7e]+$/, 'File type must be a MIME type such as image/jpeg');

/** Spec section 7, `POST /api/evidence/upload-url`. */
export const uploadUrlInput = z.object({
  fileName,
  fileType,
  /**
   * Optional exact size of the body the client will PUT. When given, an oversize file is refused
   * before any byte is sent, and S3 binds the length into its signature.
   */
  fileSize: z.number().int().min(1, 'The file is empty').optional(),
});
export type UploadUrlInput = z.input<typeof uploadUrlInput>;

/** Spec section 7, `POST /api/evidence`. */
export const recordEvidenceInput = z.object({
  taskId: idSchema('Task id'),
  fileName,
  fileType,
  objectPath: z
    .string({ error: 'Object path is required' })
    .trim()
    .min(1, 'Object path is required')
    .max(400),
});
export type RecordEvidenceInput = z.input<typeof recordEvidenceInput>;

export const taskEvidenceInput = z.object({ taskId: idSchema('Task id') });
