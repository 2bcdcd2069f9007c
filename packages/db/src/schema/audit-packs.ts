import { bigint, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { units } from './curriculum';
import { disposals } from './retention';
import { users } from './users';

/** `disposed`: a disposal took records the pack held, so its zip was deleted with them (issue 30 §4). */
export const auditPackStatusEnum = pgEnum('audit_pack_status', [
  'queued',
  'building',
  'ready',
  'failed',
  'disposed',
]);

/**
 * An audit pack (issue 30 §3): one zip of a unit's records for the students named (or drawn at random
 * for an ASQA sample), built by an `audit-pack` job and kept in object storage at `objectPath`. The
 * students are fixed when it is asked for, so a rerun after a crash builds the same pack.
 */
export const auditPacks = pgTable(
  'audit_packs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    unitId: uuid('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'restrict' }),
    /** In the order they appear in the pack. */
    studentIds: jsonb('student_ids').$type<string[]>().notNull(),
    /** Set for an ASQA sample drawn at random; null when the students were chosen. */
    sampleSize: integer('sample_size'),
    status: auditPackStatusEnum('status').notNull().default('queued'),
    /** Percent done, 0-100, written as the job goes. */
    progress: integer('progress').notNull().default(0),
    objectPath: text('object_path'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    fileCount: integer('file_count'),
    error: text('error'),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** When and by which disposal (its tombstone) the zip was deleted; the row stays as the record of it. */
    disposedAt: timestamp('disposed_at', { withTimezone: true }),
    disposalId: uuid('disposal_id').references(() => disposals.id, { onDelete: 'restrict' }),
  },
  (table) => [index('audit_packs_created_idx').on(table.createdAt)],
);
