import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { units } from './curriculum';
import { users } from './users';

/**
 * A person's credential (issue 30 §2): the qualification code (TAE40122), its title and the date held.
 * Validation asks for one: a validator without a recorded credential is refused.
 */
export const personCredentials = pgTable(
  'person_credentials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    code: text('code').notNull(),
    title: text('title').notNull(),
    heldOn: date('held_on').notNull(),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('person_credentials_user_idx').on(t.userId)],
);

export const validationRiskEnum = pgEnum('validation_risk', ['low', 'medium', 'high']);

/**
 * A unit's validation plan (Outcome Standard 1.5): when it was last validated and when it is next due,
 * at most five years on and earlier when the risk rating's reason says so. One row a unit.
 */
export const unitValidationPlans = pgTable('unit_validation_plans', {
  unitId: uuid('unit_id')
    .primaryKey()
    .references(() => units.id, { onDelete: 'restrict' }),
  lastValidatedOn: date('last_validated_on'),
  nextDueOn: date('next_due_on').notNull(),
  risk: validationRiskEnum('risk').notNull().default('low'),
  riskReason: text('risk_reason'),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const validationRoundStatusEnum = pgEnum('validation_round_status', ['open', 'closed']);

/** One sampled record: a student's work in the round's unit. */
export type ValidationSampleItem = { studentId: string };

/** A validation round: a unit, its sample (drawn or chosen, fixed when made) and its validators. */
export const validationRounds = pgTable(
  'validation_rounds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    unitId: uuid('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'restrict' }),
    /** 'drawn' at random, spread across assessors; or 'chosen' by hand. */
    sampleMethod: text('sample_method').notNull(),
    sample: jsonb('sample').$type<ValidationSampleItem[]>().notNull(),
    status: validationRoundStatusEnum('status').notNull().default('open'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** The admin who closed it (and, viewing as someone, still the admin: only admins close rounds). */
    closedBy: uuid('closed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('validation_rounds_unit_idx').on(t.unitId, t.createdAt)],
);

export const validationRoundValidators = pgTable(
  'validation_round_validators',
  {
    roundId: uuid('round_id')
      .notNull()
      .references(() => validationRounds.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.roundId, t.userId] })],
);

/**
 * A validator's review, append-only. A record review names the sampled student and says whether the
 * validator agrees with the judgement and why; a tool review (studentId null) gives findings on the
 * unit's tasks and coverage and the changes recommended.
 */
export const validationReviews = pgTable(
  'validation_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roundId: uuid('round_id')
      .notNull()
      .references(() => validationRounds.id, { onDelete: 'restrict' }),
    validatorId: uuid('validator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    actingAdminId: uuid('acting_admin_id').references(() => users.id, { onDelete: 'set null' }),
    studentId: uuid('student_id').references(() => users.id, { onDelete: 'restrict' }),
    agrees: boolean('agrees'),
    reason: text('reason'),
    findings: text('findings'),
    recommendedChanges: text('recommended_changes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('validation_reviews_round_idx').on(t.roundId, t.createdAt),
    // One review per validator per sampled record (and one tool review): a second is a mistake.
    uniqueIndex('validation_reviews_record_idx')
      .on(t.roundId, t.validatorId, t.studentId)
      .where(sql`${t.studentId} is not null`),
    uniqueIndex('validation_reviews_tool_idx')
      .on(t.roundId, t.validatorId)
      .where(sql`${t.studentId} is null`),
  ],
);

/** What a round asks to be done, with an owner, tracked to done. */
export const validationActions = pgTable(
  'validation_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roundId: uuid('round_id')
      .notNull()
      .references(() => validationRounds.id, { onDelete: 'restrict' }),
    text: text('text').notNull(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    /** Who marked it done: an action is tracked to done by someone, not just at some time. */
    doneBy: uuid('done_by').references(() => users.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('validation_actions_round_idx').on(t.roundId)],
);
