import { sql } from 'drizzle-orm';
import { check, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The organisation's settings, one row (id 1), written the first time an admin saves them: until
 * then each takes its default (the time zone is the server's).
 */
export const orgSettings = pgTable(
  'org_settings',
  {
    id: smallint('id').primaryKey().default(1),
    /**
     * The IANA zone the PDF record, CSV exports and mail write dates in (`admin.settings`); null until an
     * admin chooses one (the row may exist for another setting): the server's zone stands.
     */
    timeZone: text('time_zone'),
    /**
     * How long completed assessment records are kept after the unit outcome, in months (issue 30 §4);
     * null: the default, 24 (core/retention.ts).
     */
    retentionMonths: smallint('retention_months'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('org_settings_one_row', sql`${t.id} = 1`)],
);
