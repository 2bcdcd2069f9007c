import type { EvidenceType, Phase } from '@evident/core/curriculum';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { parsePgArray } from 'drizzle-orm/pg-core';
import type { Database } from '../client';
import { enrolments, tasks, units } from '../schema/curriculum';
import { evidenceFiles, submissions } from '../schema/evidence';
import { arrayRowsStatement, nullableTimestampOf, timestampOf } from './array-rows';

export type TaskRow = typeof tasks.$inferSelect;
export type TaskFields = {
  title: string;
  description: string;
  phase: Phase;
  tooltip: string;
  evidenceTypes: EvidenceType[];
  occasion: number | null;
  performanceEvidenceMapping?: string[];
};

export async function listUnitTasks(db: Database, unitId: string): Promise<TaskRow[]> {
  return db
    .select()
    .from(tasks)
    .where(eq(tasks.unitId, unitId))
    .orderBy(asc(tasks.position), asc(tasks.createdAt));
}

export async function findTask(db: Database, id: string): Promise<TaskRow | undefined> {
  const [row] = await db.select().from(tasks).where(eq(tasks.id, id)).limit(1);
  return row;
}

export async function countUnitTasks(db: Database, unitId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tasks)
    .where(eq(tasks.unitId, unitId));
  return row?.n ?? 0;
}

export async function insertTask(
  db: Database,
  { unitId, fields }: { unitId: string; fields: TaskFields },
): Promise<TaskRow> {
  const [row] = await db
    .insert(tasks)
    .values({
      ...fields,
      unitId,
      position: sql`(select coalesce(max(${tasks.position}), -1) + 1 from ${tasks} where ${tasks.unitId} = ${unitId})`,
    })
    .returning();
  if (!row) throw new Error('insert returned no task');
  return row;
}

/** Replaces every task of a unit; callers check first that no evidence points at the old ones. */
export async function replaceUnitTasks(
  db: Database,
  { unitId, drafts }: { unitId: string; drafts: TaskFields[] },
): Promise<number> {
  await db.delete(tasks).where(eq(tasks.unitId, unitId));
  if (drafts.length === 0) return 0;
  const rows = await db
    .insert(tasks)
    .values(
      drafts.map(
        ({ requirementKeys: _keys, ...draft }: TaskFields & { requirementKeys?: string[] }, position) => ({
          ...draft,
          unitId,
          position,
        }),
      ),
    )
    .returning({ id: tasks.id });
  return rows.length;
}

export async function updateTask(
  db: Database,
  { id, fields }: { id: string; fields: TaskFields },
): Promise<TaskRow | undefined> {
  const [row] = await db.update(tasks).set(fields).where(eq(tasks.id, id)).returning();
  return row;
}

/** The stored PE texts of a task, as its mapped PE items word them. */
export async function setTaskPerformanceEvidence(db: Database, id: string, texts: string[]): Promise<void> {
  await db.update(tasks).set({ performanceEvidenceMapping: texts }).where(eq(tasks.id, id));
}

/** Archives (`archivedBy` set) or restores (null) a task; undefined when there is no such task. */
export async function setTaskArchived(
  db: Database,
  { id, archivedBy, at = new Date() }: { id: string; archivedBy: string | null; at?: Date },
): Promise<TaskRow | undefined> {
  const [row] = await db
    .update(tasks)
    .set({ archivedAt: archivedBy ? at : null, archivedBy })
    .where(eq(tasks.id, id))
    .returning();
  return row;
}

export async function deleteTask(db: Database, id: string): Promise<boolean> {
  const deleted = await db.delete(tasks).where(eq(tasks.id, id)).returning({ id: tasks.id });
  return deleted.length > 0;
}

/** How many submissions each of a unit's tasks has (tasks with none are absent). */
export async function countSubmissionsPerTask(db: Database, unitId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ taskId: submissions.taskId, n: sql<number>`count(*)::int` })
    .from(submissions)
    .innerJoin(tasks, eq(tasks.id, submissions.taskId))
    .where(eq(tasks.unitId, unitId))
    .groupBy(submissions.taskId);
  return new Map(rows.map((row) => [row.taskId, row.n]));
}

export async function countTaskSubmissions(db: Database, taskId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(submissions)
    .where(eq(submissions.taskId, taskId));
  return row?.n ?? 0;
}

/** Writes positions 0..n-1 in the given order; ids must be exactly the unit's tasks. */
export async function reorderUnitTasks(
  db: Database,
  { unitId, orderedIds }: { unitId: string; orderedIds: string[] },
): Promise<void> {
  for (const [position, id] of orderedIds.entries()) {
    await db
      .update(tasks)
      .set({ position })
      .where(and(eq(tasks.id, id), eq(tasks.unitId, unitId)));
  }
}

export type StudentTask = TaskRow & {
  unitCode: string;
  unitTitle: string;
  /** The unit the task belongs to, so callers can group a student's tasks by unit. */
  unit: { id: string; unitCode: string; title: string };
  submission: {
    id: string;
    status: 'submitted' | 'satisfactory' | 'not_yet_satisfactory';
    assessorComment: string | null;
    fileCount: number;
  } | null;
};

/**
 * The tasks of every unit the student is enrolled in, with their own submission (and its file count)
 * if any. The dashboard's every read asks this, so its rows are read by position (array-rows.ts):
 * the task's thirteen columns (0-12, the table's order), the unit's code and title (13-14), then the
 * submission's id, status, comment and file count (15-18).
 */
const studentTasksStatement = arrayRowsStatement<{ studentId: string }>((db) =>
  db
    .select({
      id: tasks.id,
      unitId: tasks.unitId,
      position: tasks.position,
      title: tasks.title,
      description: tasks.description,
      phase: tasks.phase,
      tooltip: tasks.tooltip,
      evidenceTypes: tasks.evidenceTypes,
      occasion: tasks.occasion,
      performanceEvidenceMapping: tasks.performanceEvidenceMapping,
      archivedAt: tasks.archivedAt,
      archivedBy: tasks.archivedBy,
      createdAt: tasks.createdAt,
      unitCode: units.unitCode,
      unitTitle: units.title,
      submissionId: submissions.id,
      status: submissions.status,
      assessorComment: submissions.assessorComment,
      // In the same query rather than a second one: on PGlite every round trip costs a row parse.
      fileCount: sql<number>`(select count(*)::int from ${evidenceFiles} where ${evidenceFiles.submissionId} = ${submissions.id} and ${evidenceFiles.withdrawnAt} is null)`,
    })
    .from(enrolments)
    .innerJoin(units, eq(units.id, enrolments.unitId))
    .innerJoin(tasks, eq(tasks.unitId, units.id))
    .leftJoin(
      submissions,
      and(eq(submissions.taskId, tasks.id), eq(submissions.studentId, sql.placeholder('studentId'))),
    )
    // Archived units and tasks leave the student's list; their records stay for assessors and admins.
    .where(
      and(
        eq(enrolments.studentId, sql.placeholder('studentId')),
        isNull(units.archivedAt),
        isNull(tasks.archivedAt),
      ),
    )
    .orderBy(asc(units.unitCode), asc(tasks.position)),
);

/** An array column: parsed by the driver, or (an enum's array, which neither driver knows) PostgreSQL's text. */
const arrayOf = <T>(value: unknown): T[] =>
  (Array.isArray(value) ? value : parsePgArray(value as string)) as T[];

/** The student's dashboard. */
export async function listStudentTasks(db: Database, studentId: string): Promise<StudentTask[]> {
  const rows = await studentTasksStatement(db, { studentId });
  // An object literal of one fixed shape per row, its keys in the table's column order (the answer's
  // order, which apps/server/test/unchecked-outputs.test.ts holds).
  return rows.map((row) => {
    const unitId = row[1] as string;
    const unitCode = row[13] as string;
    const unitTitle = row[14] as string;
    const submissionId = row[15] as string | null;
    const status = row[16] as NonNullable<StudentTask['submission']>['status'] | null;
    return {
      id: row[0] as string,
      unitId,
      position: row[2] as number,
      title: row[3] as string,
      description: row[4] as string,
      phase: row[5] as Phase,
      tooltip: row[6] as string,
      evidenceTypes: arrayOf<EvidenceType>(row[7]),
      occasion: row[8] as number | null,
      performanceEvidenceMapping: arrayOf<string>(row[9]),
      archivedAt: nullableTimestampOf(row[10]),
      archivedBy: row[11] as string | null,
      createdAt: timestampOf(row[12]),
      unitCode,
      unitTitle,
      unit: { id: unitId, unitCode, title: unitTitle },
      submission:
        submissionId && status
          ? {
              id: submissionId,
              status,
              assessorComment: row[17] as string | null,
              fileCount: row[18] as number,
            }
          : null,
    };
  });
}

/**
 * Whether a task exists and whether it belongs to one of the student's units: the two answers a
 * refusal needs to tell apart ("no such task" against "not your task").
 */
export async function findTaskForStudent(
  db: Database,
  { studentId, taskId }: { studentId: string; taskId: string },
): Promise<{ taskId: string; unitId: string; enrolled: boolean; archived: boolean } | undefined> {
  const [row] = await db
    .select({
      taskId: tasks.id,
      unitId: tasks.unitId,
      enrolledUnit: enrolments.unitId,
      taskArchivedAt: tasks.archivedAt,
      unitArchivedAt: units.archivedAt,
    })
    .from(tasks)
    .innerJoin(units, eq(units.id, tasks.unitId))
    .leftJoin(enrolments, and(eq(enrolments.unitId, tasks.unitId), eq(enrolments.studentId, studentId)))
    .where(eq(tasks.id, taskId))
    .limit(1);
  if (!row) return undefined;
  return {
    taskId: row.taskId,
    unitId: row.unitId,
    enrolled: row.enrolledUnit !== null,
    archived: row.taskArchivedAt !== null || row.unitArchivedAt !== null,
  };
}
