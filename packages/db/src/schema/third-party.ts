import {
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tasks } from './curriculum';
import { users } from './users';

/**
 * Stored state of a request; 'expired' is not stored but read from `expires_at` (a request that
 * expired untouched needs no job to say so).
 */
export const thirdPartyRequestStateEnum = pgEnum('third_party_request_state', [
  'sent',
  'opened',
  'submitted',
  'revoked',
]);

/**
 * A student's or assessor's request that a workplace supervisor report on some of the student's
 * tasks (issue 30 §1). The supervisor has no account: the mailed link is the only key, stored as the
 * SHA-256 of its secret. A re-send replaces the hash (the old link dies) and the expiry.
 * `requestedBy` is whom the app acted as; `actingAdminId` the admin behind them.
 */
export const thirdPartyRequests = pgTable(
  'third_party_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    supervisorName: text('supervisor_name').notNull(),
    supervisorEmail: text('supervisor_email').notNull(),
    workplace: text('workplace').notNull(),
    relationship: text('relationship').notNull(),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    actingAdminId: uuid('acting_admin_id').references(() => users.id, { onDelete: 'set null' }),
    state: thirdPartyRequestStateEnum('state').notNull().default('sent'),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** How many times the link was mailed (1, then one more per re-send). */
    sendCount: integer('send_count').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull().defaultNow(),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('third_party_requests_token_idx').on(t.tokenHash),
    index('third_party_requests_student_idx').on(t.studentId, t.createdAt),
  ],
);

/** The tasks a request asks about, in the order the requester chose them. */
export const thirdPartyRequestTasks = pgTable(
  'third_party_request_tasks',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => thirdPartyRequests.id, { onDelete: 'cascade' }),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.taskId] }),
    index('third_party_request_tasks_task_idx').on(t.taskId),
  ],
);

/** One task's answer in a report: the task's title as the supervisor read it, kept with the answer. */
export type ThirdPartyReportItem = {
  taskId: string;
  taskTitle: string;
  observed: boolean;
  /** Days observed (YYYY-MM-DD), earliest first; empty when not observed. */
  dates: string[];
  comment: string;
};

/**
 * The supervisor's report, sent once (one per request: the unique index makes a replay fail).
 * Append-only: the declaration they confirmed is kept in full with its version.
 */
export const thirdPartyReports = pgTable(
  'third_party_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => thirdPartyRequests.id, { onDelete: 'restrict' }),
    supervisorRole: text('supervisor_role').notNull(),
    supervisedFor: text('supervised_for').notNull(),
    experience: text('experience').notNull(),
    items: jsonb('items').$type<ThirdPartyReportItem[]>().notNull(),
    declarationVersion: integer('declaration_version').notNull(),
    declarationText: text('declaration_text').notNull(),
    signedName: text('signed_name').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('third_party_reports_request_idx').on(t.requestId)],
);

/** How an assessor checked a report was genuine (a phone call, an email): append-only. */
export const thirdPartyVerifications = pgTable(
  'third_party_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reportId: uuid('report_id')
      .notNull()
      .references(() => thirdPartyReports.id, { onDelete: 'restrict' }),
    method: text('method').notNull(),
    verifiedOn: date('verified_on').notNull(),
    note: text('note').notNull(),
    assessorId: uuid('assessor_id').references(() => users.id, { onDelete: 'set null' }),
    actingAdminId: uuid('acting_admin_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('third_party_verifications_report_idx').on(t.reportId, t.createdAt)],
);
