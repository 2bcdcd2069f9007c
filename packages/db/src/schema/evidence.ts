import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tasks } from './curriculum';
import { declarations } from './declarations';
import { users } from './users';

export const submissionStatusEnum = pgEnum('submission_status', [
  'submitted',
  'satisfactory',
  'not_yet_satisfactory',
]);

export const submissions = pgTable(
  'submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Assessment records are kept for years: nothing deletes them as a side effect.
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'restrict' }),
    status: submissionStatusEnum('status').notNull().default('submitted'),
    assessorComment: text('assessor_comment'),
    strategiesForReassessment: text('strategies_for_reassessment'),
    gradedBy: uuid('graded_by').references(() => users.id, { onDelete: 'set null' }),
    gradedAt: timestamp('graded_at', { withTimezone: true }),
    /** When the student last sent it for a decision: first upload, or new evidence after NYS. */
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('submissions_student_task_idx').on(t.studentId, t.taskId),
    index('submissions_task_idx').on(t.taskId),
    index('submissions_status_idx').on(t.status),
  ],
);

/**
 * What screens show of the background work on a recorded file: a video's poster frame and H.264 MP4
 * copy, or a photo's thumbnail (the name predates photos). `pending` until done, then `ready` or
 * `failed`. Null for other files, and for videos recorded while video processing was off. The work
 * itself is a row in `jobs` (schema/jobs.ts).
 */
export const videoStatusEnum = pgEnum('video_status', ['pending', 'ready', 'failed']);

export const evidenceFiles = pgTable(
  'evidence_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'restrict' }),
    objectPath: text('object_path').notNull(),
    thumbnailPath: text('thumbnail_path'),
    fileName: text('file_name').notNull(),
    fileType: text('file_type').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    videoStatus: videoStatusEnum('video_status'),
    /** The H.264 MP4 copy; null while pending, on failure, or when the original plays everywhere. */
    playablePath: text('playable_path'),
    /**
     * A file the student took back before it was graded: hidden from every view but kept, with who
     * withdrew it and when, for the audit trail. Never deleted.
     */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawnBy: uuid('withdrawn_by').references(() => users.id, { onDelete: 'set null' }),
    /** The real person who recorded the file: the admin behind a student they were viewing as. */
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    /** When the file was captured on the device (offline capture sends it later); null: when received. */
    capturedAt: timestamp('captured_at', { withTimezone: true }),
    /** The client's idempotency key: a retried record returns this file instead of adding another. */
    clientKey: text('client_key'),
    /** Hex SHA-256 of the stored bytes, computed as the file is recorded; null for files from before. */
    sha256: text('sha256'),
    /**
     * Set when `sha256` was computed after the file was recorded (`pnpm cli verify-evidence
     * --record-missing`, for files from before hashing): such a hash proves the bytes unchanged only
     * since this time, not since the student sent them. Null for a hash taken as the file was recorded.
     */
    sha256RecordedLaterAt: timestamp('sha256_recorded_later_at', { withTimezone: true }),
    /** The student's authenticity declaration covering this file; null: 'Not declared' (yet). */
    declarationId: uuid('declaration_id').references(() => declarations.id, { onDelete: 'restrict' }),
  },
  (t) => [
    uniqueIndex('evidence_files_object_idx').on(t.objectPath),
    index('evidence_files_submission_idx').on(t.submissionId),
    uniqueIndex('evidence_files_client_key_idx')
      .on(t.submissionId, t.clientKey)
      .where(sql`${t.clientKey} is not null`),
  ],
);

/** An object path we promised one user they may upload to; unrecorded grants are swept after expiry. */
export const uploadGrants = pgTable(
  'upload_grants',
  {
    objectPath: text('object_path').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    fileType: text('file_type').notNull(),
    maxBytes: bigint('max_bytes', { mode: 'number' }).notNull(),
    /** The size the client declared up front, when it did; what the grant counts against the quota. */
    declaredSize: bigint('declared_size', { mode: 'number' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }),
    /** The client's idempotency key: asking again with it returns this grant. */
    clientKey: text('client_key'),
  },
  (t) => [
    uniqueIndex('upload_grants_client_key_idx')
      .on(t.userId, t.clientKey)
      .where(sql`${t.clientKey} is not null`),
    index('upload_grants_expiry_idx').on(t.expiresAt),
    index('upload_grants_open_user_idx').on(t.userId).where(sql`${t.recordedAt} is null`),
  ],
);

/**
 * Every assessment decision, append-only: a re-grade or new evidence adds a row and never changes
 * one. `assessorId` is who the app acted as; `actingAdminId` the admin behind them when impersonating.
 */
export const gradingDecisions = pgTable(
  'grading_decisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'restrict' }),
    assessorId: uuid('assessor_id').references(() => users.id, { onDelete: 'set null' }),
    actingAdminId: uuid('acting_admin_id').references(() => users.id, { onDelete: 'set null' }),
    status: submissionStatusEnum('status').notNull(),
    comment: text('comment'),
    strategiesForReassessment: text('strategies_for_reassessment'),
    /** The evidence files the decision judged (those not withdrawn at the time). */
    fileIds: uuid('file_ids').array().notNull().default([]),
    /** The assessor's declaration that the judgement follows the rules of evidence; null before issue 29. */
    declarationId: uuid('declaration_id').references(() => declarations.id, { onDelete: 'restrict' }),
    /** The unit's release whose requirements the decision judged against (`units.release` then). */
    unitRelease: text('unit_release'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('grading_decisions_submission_idx').on(t.submissionId, t.createdAt)],
);
