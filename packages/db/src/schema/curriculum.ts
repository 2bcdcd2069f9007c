import { evidenceTypes, phases } from '@evident/core/curriculum';
import { requirementSections } from '@evident/core/requirements';
import {
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

export const phaseEnum = pgEnum('phase', phases);
export const evidenceTypeEnum = pgEnum('evidence_type', evidenceTypes);
export const requirementSectionEnum = pgEnum('requirement_section', requirementSections);

export const units = pgTable(
  'units',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    unitCode: text('unit_code').notNull(),
    title: text('title').notNull(),
    performanceEvidence: text('performance_evidence'),
    mappingDocument: text('mapping_document'),
    /** The register's release number whose requirements the unit holds now; null before any was read. */
    release: text('release'),
    /**
     * Archived units leave set-up, students' lists and the matrix's unit choice, while every record,
     * file and PDF stays reachable. A unit with evidence or decisions can only be archived, never deleted.
     */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    archivedBy: uuid('archived_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('units_code_idx').on(t.unitCode)],
);

export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    unitId: uuid('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    phase: phaseEnum('phase').notNull().default('Do'),
    tooltip: text('tooltip').notNull().default(''),
    evidenceTypes: evidenceTypeEnum('evidence_types').array().notNull().default(['photo']),
    occasion: integer('occasion'),
    performanceEvidenceMapping: text('performance_evidence_mapping').array().notNull().default([]),
    /** As for units: a task with evidence or decisions is archived, never deleted. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    archivedBy: uuid('archived_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tasks_unit_position_idx').on(t.unitId, t.position)],
);

export const enrolments = pgTable(
  'enrolments',
  {
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    unitId: uuid('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.unitId] }), index('enrolments_unit_idx').on(t.unitId)],
);

/**
 * A unit's requirements, one row an item, per release: fetching a newer release adds its rows and
 * keeps the older ones, because tasks and decisions made against an item must still name it.
 * The unit's current items are those of `units.release`.
 */
export const unitRequirements = pgTable(
  'unit_requirements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    unitId: uuid('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    release: text('release').notNull(),
    section: requirementSectionEnum('section').notNull(),
    key: text('key').notNull(),
    parentKey: text('parent_key'),
    text: text('text').notNull(),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('unit_requirements_key_idx').on(t.unitId, t.release, t.key),
    index('unit_requirements_position_idx').on(t.unitId, t.release, t.position),
  ],
);

/** Which requirement items a task evidences (of any release: an older release's item stays mapped). */
export const taskRequirements = pgTable(
  'task_requirements',
  {
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    requirementId: uuid('requirement_id')
      .notNull()
      .references(() => unitRequirements.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.requirementId] }),
    index('task_requirements_requirement_idx').on(t.requirementId),
  ],
);
