import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { units } from './curriculum';
import { users } from './users';

/**
 * A legal hold (issue 30 §4): while one stands on a student or a unit, none of their assessment records
 * may be disposed of, however old. Placed and lifted by an admin, each with a reason; never deleted,
 * so the history of holds stays readable (a lifted hold keeps who lifted it, when and why).
 */
export const legalHolds = pgTable(
  'legal_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id').references(() => users.id, { onDelete: 'restrict' }),
    unitId: uuid('unit_id').references(() => units.id, { onDelete: 'restrict' }),
    reason: text('reason').notNull(),
    placedBy: uuid('placed_by').references(() => users.id, { onDelete: 'set null' }),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    releasedBy: uuid('released_by').references(() => users.id, { onDelete: 'set null' }),
    releaseReason: text('release_reason'),
  },
  (t) => [
    check('legal_holds_on_something', sql`${t.studentId} is not null or ${t.unitId} is not null`),
    index('legal_holds_student_idx').on(t.studentId).where(sql`${t.releasedAt} is null`),
    index('legal_holds_unit_idx').on(t.unitId).where(sql`${t.releasedAt} is null`),
  ],
);

/** What one disposal removed, counted by kind: the tombstone says how much went, not what it said. */
export type DisposalCounts = {
  files: number;
  bytes: number;
  submissions: number;
  decisions: number;
  declarations: number;
  observations: number;
  thirdPartyReports: number;
  /** Audit packs holding these records whose zips went with them; absent on tombstones written before. */
  auditPacks?: number;
};

/**
 * The tombstone a disposal leaves (issue 30 §4): whose records for which unit went, when they were
 * completed and due, when and by whom they were disposed of, and how many of each. Names and codes are
 * copied in, so the row reads the same should the person or unit change. `filesPending` lists the
 * stored objects still to remove: written in the disposal's transaction and emptied as they go, so a
 * crash between the commit and the storage leaves a list to finish rather than unknown orphans.
 */
export const disposals = pgTable(
  'disposals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id').references(() => users.id, { onDelete: 'set null' }),
    studentName: text('student_name').notNull(),
    unitId: uuid('unit_id').references(() => units.id, { onDelete: 'set null' }),
    unitCode: text('unit_code').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
    dueSince: timestamp('due_since', { withTimezone: true }).notNull(),
    disposedAt: timestamp('disposed_at', { withTimezone: true }).notNull().defaultNow(),
    disposedBy: uuid('disposed_by').references(() => users.id, { onDelete: 'set null' }),
    disposedByName: text('disposed_by_name').notNull(),
    counts: jsonb('counts').$type<DisposalCounts>().notNull(),
    filesPending: text('files_pending').array().notNull().default([]),
  },
  (t) => [
    index('disposals_disposed_idx').on(t.disposedAt),
    index('disposals_pending_idx').on(t.disposedAt).where(sql`cardinality(${t.filesPending}) > 0`),
  ],
);
