import { idSchema } from '@evident/core/curriculum-inputs';
import { moment } from '@evident/core/date-fields';
import { declarationVersionSchema } from '@evident/core/declarations';
import { lookupIdSchema } from '@evident/core/lookup-id';
import { requiredLine, text } from '@evident/core/text-fields';
import { z } from 'zod';

const fileName = requiredLine({ label: 'File name', max: 255 });

/** A MIME type as the browser reports it, parameters and all (`audio/webm;codecs=opus`). */
const fileType = text({ label: 'File type', max: 255, trim: true, required: true }).regex(
  /^[\x20-\x7e]+$/,
  'File type must be a MIME type such as image/jpeg',
);

/**
 * Issue 18: a key the client makes once per captured file and sends with every retry, so that
 * asking for the upload URL or recording the evidence again returns what the first request made.
 */
const clientKey = text({ label: 'Client key', max: 100, trim: true })
  .min(8, 'Client key must be at least 8 characters')
  .max(100, 'Client key must be at most 100 characters')
  .regex(/^[A-Za-z0-9_.:-]+$/, 'Client key may hold only letters, digits and _ . : -')
  .optional();

/** Spec section 7, `POST /api/evidence/upload-url`. */
export const uploadUrlInput = z.object({
  fileName,
  fileType,
  /**
   * Optional exact size of the body the client will PUT. When given, an oversize file is refused
   * before any byte is sent, and S3 binds the length into its signature.
   */
  fileSize: z.number().int().min(1, 'The file is empty').optional(),
  clientKey,
  /**
   * Asking again under the same client key (a reload, a lapsed URL): the bucket's upload in parts the
   * client already sent parts to, so it continues instead of starting over. Ignored without a key.
   */
  uploadId: text({ label: 'Upload id', max: 1024, trim: true, required: true }).optional(),
});
export type UploadUrlInput = z.input<typeof uploadUrlInput>;

const objectPath = text({ label: 'Object path', max: 400, trim: true, required: true });

/** Spec section 7, `POST /api/evidence`. */
export const recordEvidenceInput = z.object({
  taskId: idSchema('Task id'),
  fileName,
  fileType,
  objectPath,
  clientKey,
  /** When the file was captured on the device; a file sent hours later still counts from then. */
  capturedAt: moment({ label: 'Captured time' }).optional(),
  /**
   * Issue 29: the version of the student's authenticity declaration they confirmed before this
   * upload (GET /api/student/declaration). Optional so the spec's callers keep working; a file
   * recorded without one is 'Not declared' until the student declares it.
   */
  declarationVersion: declarationVersionSchema.optional(),
  /** When they confirmed it, when that was earlier (offline capture); otherwise the time it is recorded. */
  declaredAt: moment({ label: 'Declared time' }).optional(),
});
export type RecordEvidenceInput = z.input<typeof recordEvidenceInput>;

/** `GET /api/student/tasks/{taskId}/evidence`: a task id that cannot be one is simply not found. */
export const taskEvidenceInput = z.object({ taskId: lookupIdSchema('Task') });

const uploadId = text({ label: 'Upload id', max: 1024, required: true });

/** `student.evidence.listUploadedParts`: which parts of an upload in parts (protocol `s3`) already arrived. */
export const uploadPartsInput = z.object({ objectPath, uploadId });
export type UploadPartsInput = z.input<typeof uploadPartsInput>;

/** `student.evidence.completeUpload`: join parts 1..partCount into the object. */
export const completeUploadInput = z.object({
  objectPath,
  uploadId,
  partCount: z
    .number()
    .int()
    .min(1, 'An upload has at least one part')
    .max(10_000, 'An upload has at most 10,000 parts'),
});
export type CompleteUploadInput = z.input<typeof completeUploadInput>;
