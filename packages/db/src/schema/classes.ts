import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { units } from './curriculum';
import { ltiContexts } from './lti';
import { users } from './users';

/**
 * A cohort: students taking one or more units together, and the assessors who assess them. Students
 * in no class stay visible to every assessor, as before classes existed.
 */
export const classes = pgTable(
  'classes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    startsOn: date('starts_on'),
    endsOn: date('ends_on'),
    /** The secret in the class invitation link; a signed-in student who opens it joins. */
    inviteCode: text('invite_code').notNull(),
    /** The LMS course this class mirrors, when an LTI launch or roster sync made it. */
    ltiContextId: uuid('lti_context_id').references(() => ltiContexts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Deleting a class archives it: its enrolments stay for the record. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    archivedBy: uuid('archived_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('classes_invite_code_idx').on(t.inviteCode),
    uniqueIndex('classes_lti_context_idx').on(t.ltiContextId),
  ],
);

export const classUnits = pgTable(
  'class_units',
  {
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    unitId: uuid('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.classId, t.unitId] }), index('class_units_unit_idx').on(t.unitId)],
);

export const classAssessors = pgTable(
  'class_assessors',
  {
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    assessorId: uuid('assessor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.classId, t.assessorId] }),
    index('class_assessors_assessor_idx').on(t.assessorId),
  ],
);

/**
 * A student's place in a class. Ending it sets `ended_at`; the row stays, so who was in which class
 * when remains on record. At most one open enrolment per student and class.
 */
export const classEnrolments = pgTable(
  'class_enrolments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }).notNull().defaultNow(),
    enrolledBy: uuid('enrolled_by').references(() => users.id, { onDelete: 'set null' }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endedBy: uuid('ended_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('class_enrolments_open_idx').on(t.classId, t.studentId).where(sql`${t.endedAt} is null`),
    index('class_enrolments_student_idx').on(t.studentId),
  ],
);

/** What a person chose to hear about and to see; one row per person, made on first change. */
export const userPreferences = pgTable('user_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** A mail to the student each time their work is graded. */
  gradedMail: boolean('graded_mail').notNull().default(true),
  /** An assessor's morning mail of the evidence waiting for their decision (on mornings anything waits). */
  waitingWorkDigest: boolean('waiting_work_digest').notNull().default(true),
  /** The class the grading queue, the Evidence Matrix and Email Outstanding last filtered by. */
  classFilterId: uuid('class_filter_id').references(() => classes.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
