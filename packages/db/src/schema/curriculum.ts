import { evidenceTypes, phases } from '@evident/core/curriculum';
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

export const units = pgTable(
  'units',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    unitCode: text('unit_code').notNull(),
    title: text('title').notNull(),
    performanceEvidence: text('performance_evidence'),
    mappingDocument: text('mapping_document'),
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
