import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Who did what to whom, append-only: security-relevant events must be answerable for years, so a row
 * keeps the names it needs in `detail` and survives deletion of what it names. `actorId` is the real
 * person; `actingAsId` whom the app acted as (impersonation), when it differs.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actingAsId: uuid('acting_as_id'),
    action: text('action').notNull(),
    subjectId: uuid('subject_id'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_events_created_idx').on(t.createdAt),
    index('audit_events_actor_idx').on(t.actorId, t.createdAt),
    index('audit_events_subject_idx').on(t.subjectId, t.createdAt),
    index('audit_events_action_idx').on(t.action, t.createdAt),
  ],
);
