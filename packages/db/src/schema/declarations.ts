import {
  foreignKey,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/** Who declares: a student that evidence is their own, an assessor that a judgement follows the rules. */
export const declarationKindEnum = pgEnum('declaration_kind', ['student', 'assessor']);

/**
 * The wording of each declaration, versioned: an admin's edit adds a version and never changes one,
 * so a declaration made years ago still reads as it was made. Version 1 of each ships with the app.
 */
export const declarationTexts = pgTable(
  'declaration_texts',
  {
    kind: declarationKindEnum('kind').notNull(),
    version: integer('version').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.kind, t.version] })],
);

/**
 * One person's declaration of one version, made at one time: a student's covers the evidence files
 * that point at it, an assessor's the decision or unit outcome that does. `userId` is who declared
 * (the app's user); `actingAdminId` the admin behind them when viewing as them.
 */
export const declarations = pgTable(
  'declarations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: declarationKindEnum('kind').notNull(),
    version: integer('version').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    actingAdminId: uuid('acting_admin_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'declarations_text_fk',
      columns: [t.kind, t.version],
      foreignColumns: [declarationTexts.kind, declarationTexts.version],
    }).onDelete('restrict'),
    index('declarations_user_idx').on(t.userId, t.createdAt),
  ],
);
