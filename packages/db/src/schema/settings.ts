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
    /** The IANA zone the PDF record, CSV exports and mail write dates in (`admin.settings`). */
    timeZone: text('time_zone').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('org_settings_one_row', sql`${t.id} = 1`)],
);
