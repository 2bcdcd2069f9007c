import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { units } from './curriculum';
import { declarations } from './declarations';
import { submissions } from './evidence';
import { users } from './users';

export const unitOutcomeEnum = pgEnum('unit_outcome', ['competent', 'not_yet_competent']);

/**
 * A student's result in a unit, append-only: a later NYS decision or a new task in the unit marks the
 * current one superseded (when, and why) and never changes what it said. `assessorId` is whom the app
 * acted as; `actingAdminId` the admin behind them.
 */
export const unitOutcomes = pgTable(
  'unit_outcomes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    unitId: uuid('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'restrict' }),
    outcome: unitOutcomeEnum('outcome').notNull(),
    justification: text('justification').notNull(),
    /** For Not Yet Competent: what the student still has to show. */
    remaining: text('remaining'),
    assessorId: uuid('assessor_id').references(() => users.id, { onDelete: 'set null' }),
    actingAdminId: uuid('acting_admin_id').references(() => users.id, { onDelete: 'set null' }),
    declarationId: uuid('declaration_id')
      .notNull()
      .references(() => declarations.id, { onDelete: 'restrict' }),
    unitRelease: text('unit_release'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    /** Why it was reopened, in words for the record: "Not yet satisfactory on Task 3", "New task: ...". */
    supersededReason: text('superseded_reason'),
  },
  (t) => [
    index('unit_outcomes_student_unit_idx').on(t.studentId, t.unitId, t.createdAt),
    index('unit_outcomes_unit_idx').on(t.unitId, t.createdAt),
    // At most one standing outcome per student and unit.
    uniqueIndex('unit_outcomes_current_idx').on(t.studentId, t.unitId).where(sql`${t.supersededAt} is null`),
  ],
);

/** One checklist line: a requirement item as observed, not observed or not applicable. */
export type ObservationItem = {
  key: string;
  result: 'observed' | 'not_observed' | 'not_applicable';
  note?: string;
};

/**
 * An assessor's observation of a student at work, filled on a phone (offline too) and sent once:
 * evidence on the submission beside the student's files. Append-only.
 */
export const observations = pgTable(
  'observations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'restrict' }),
    assessorId: uuid('assessor_id').references(() => users.id, { onDelete: 'set null' }),
    actingAdminId: uuid('acting_admin_id').references(() => users.id, { onDelete: 'set null' }),
    observedOn: date('observed_on').notNull(),
    place: text('place').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    signedName: text('signed_name').notNull(),
    unitRelease: text('unit_release'),
    items: jsonb('items').$type<ObservationItem[]>().notNull(),
    /** The client's idempotency key: the offline queue's retry returns this observation. */
    clientKey: text('client_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('observations_submission_idx').on(t.submissionId, t.createdAt),
    uniqueIndex('observations_client_key_idx')
      .on(t.assessorId, t.clientKey)
      .where(sql`${t.clientKey} is not null`),
  ],
);
