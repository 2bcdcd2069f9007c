import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../client';
import { enrolments, tasks, units } from '../schema/curriculum';
import { declarations } from '../schema/declarations';
import { evidenceFiles, gradingDecisions, submissions } from '../schema/evidence';
import { users } from '../schema/users';
import { type StudentScope, studentInScope } from './class-scope';
import {
  isAnyUuidOf,
  placeholderScope,
  preparedPerDatabase,
  preparedVariants,
  type ScopeShape,
  scopeShapeOf,
  scopeValues,
} from './prepared';

/** Everyone: an admin's view without a class filter. */
const everyone: StudentScope = { assessorId: null };

/** Who made a decision, and the admin behind them when they were viewing the app as that person. */
const assessor = alias(users, 'assessor');
const actingAdmin = alias(users, 'acting_admin');

export type GradeStatusValue = 'satisfactory' | 'not_yet_satisfactory';

/**
 * Submissions waiting for a decision, student by student (by name), and within a student by unit
 * and task order: the grading screen's list before files are attached.
 */
export async function listPendingSubmissions(
  db: Database,
  { limit, scope = everyone }: { limit?: number; scope?: StudentScope } = {},
) {
  if (limit !== undefined) {
    return pendingSubmissionsQuery(db, scope).limit(limit);
  }
  // The grading screen's list asks this on every read: one prepared statement per shape of scope.
  return preparedPendingSubmissions(db, scopeShapeOf(scope)).execute(scopeValues(scope));
}

function pendingSubmissionsQuery(db: Database, scope: StudentScope) {
  return db
    .select({
      id: submissions.id,
      status: submissions.status,
      studentId: submissions.studentId,
      submittedAt: submissions.submittedAt,
      student: {
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        deactivated: sql<boolean>`${users.deactivatedAt} is not null`,
      },
      task: { id: tasks.id, title: tasks.title, description: tasks.description, position: tasks.position },
      unit: { id: units.id, unitCode: units.unitCode, title: units.title },
    })
    .from(submissions)
    .innerJoin(users, eq(users.id, submissions.studentId))
    .innerJoin(tasks, eq(tasks.id, submissions.taskId))
    .innerJoin(units, eq(units.id, tasks.unitId))
    .where(and(eq(submissions.status, 'submitted'), studentInScope(submissions.studentId, scope)))
    .orderBy(
      asc(users.lastName),
      asc(users.firstName),
      asc(users.id),
      asc(units.unitCode),
      asc(tasks.position),
      asc(submissions.id),
    )
    .$dynamic();
}

const preparedPendingSubmissions = preparedVariants((db, shape: ScopeShape) =>
  pendingSubmissionsQuery(db, placeholderScope(shape)).prepare(
    `evident_pending_submissions_${shape.replace(':', '_')}`,
  ),
);

/**
 * Locks the submissions about to be graded, so two assessors grading the same one at once take
 * turns and the second sees the first's decision. Carries what a refusal must name: the student and
 * the task (and `gradedBy`, read from the locked row itself, so it is the latest).
 */
export async function lockSubmissionsForGrading(
  db: Database,
  { submissionIds }: { submissionIds: string[] },
) {
  if (submissionIds.length === 0) return [];
  return db
    .select({
      id: submissions.id,
      status: submissions.status,
      studentId: submissions.studentId,
      taskId: submissions.taskId,
      gradedBy: submissions.gradedBy,
      unitId: tasks.unitId,
      taskTitle: tasks.title,
      studentName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(submissions)
    .innerJoin(users, eq(users.id, submissions.studentId))
    .innerJoin(tasks, eq(tasks.id, submissions.taskId))
    .where(inArray(submissions.id, submissionIds))
    .orderBy(asc(submissions.id))
    .for('update', { of: submissions });
}

/**
 * Where these submissions stand now, and the last decision on each: who made it (the person the app
 * acted as) and when. What a grading screen says about a card someone else just graded.
 */
export async function findSubmissionOutcomes(db: Database, { submissionIds }: { submissionIds: string[] }) {
  if (submissionIds.length === 0) return [];
  const [rows, lastDecisions] = await Promise.all([
    db
      .select({ submissionId: submissions.id, studentId: submissions.studentId, status: submissions.status })
      .from(submissions)
      .where(inArray(submissions.id, submissionIds))
      .orderBy(asc(submissions.id)),
    db
      .selectDistinctOn([gradingDecisions.submissionId], {
        submissionId: gradingDecisions.submissionId,
        status: gradingDecisions.status,
        createdAt: gradingDecisions.createdAt,
        assessorName: sql<string | null>`${assessor.firstName} || ' ' || ${assessor.lastName}`,
      })
      .from(gradingDecisions)
      .leftJoin(assessor, eq(assessor.id, gradingDecisions.assessorId))
      .where(inArray(gradingDecisions.submissionId, submissionIds))
      .orderBy(gradingDecisions.submissionId, desc(gradingDecisions.createdAt), desc(gradingDecisions.id)),
  ]);
  const lastOf = new Map(lastDecisions.map((decision) => [decision.submissionId, decision]));
  return rows.map((row) => ({ ...row, lastDecision: lastOf.get(row.submissionId) ?? null }));
}

/** Full names by user id, for messages that say who did something. */
export async function findUserNames(db: Database, { userIds }: { userIds: string[] }) {
  if (userIds.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: users.id, name: sql<string>`${users.firstName} || ' ' || ${users.lastName}` })
    .from(users)
    .where(inArray(users.id, userIds));
  return new Map(rows.map((row) => [row.id, row.name]));
}

type Decision = {
  submissionIds: string[];
  status: GradeStatusValue;
  comment: string | null;
  strategiesForReassessment: string | null;
  assessorId: string;
  actingAdminId: string | null;
  /** The assessor's declaration covering every decision of the request; null: 'Not declared'. */
  declarationId?: string | null;
  at: Date;
};

/**
 * Records one decision on each submission: the submission's current state, and a row of the
 * append-only history naming the files it judged (those not withdrawn). Run inside the transaction
 * that locked the submissions.
 */
export async function recordGradingDecisions(db: Database, decision: Decision): Promise<void> {
  const { submissionIds, at } = decision;
  if (submissionIds.length === 0) return;
  await db
    .update(submissions)
    .set({
      status: decision.status,
      assessorComment: decision.comment,
      strategiesForReassessment: decision.strategiesForReassessment,
      gradedBy: decision.assessorId,
      gradedAt: at,
      updatedAt: at,
    })
    .where(inArray(submissions.id, submissionIds));
  const judged = await db
    .select({
      submissionId: evidenceFiles.submissionId,
      fileIds: sql<
        string[]
      >`array_agg(${evidenceFiles.id} order by ${evidenceFiles.createdAt}, ${evidenceFiles.id})`,
    })
    .from(evidenceFiles)
    .where(and(inArray(evidenceFiles.submissionId, submissionIds), isNull(evidenceFiles.withdrawnAt)))
    .groupBy(evidenceFiles.submissionId);
  const filesOf = new Map(judged.map((row) => [row.submissionId, row.fileIds]));
  // The release judged against: a unit fetched again later keeps this decision on its old release.
  const releases = await db
    .select({ submissionId: submissions.id, release: units.release })
    .from(submissions)
    .innerJoin(tasks, eq(tasks.id, submissions.taskId))
    .innerJoin(units, eq(units.id, tasks.unitId))
    .where(inArray(submissions.id, submissionIds));
  const releaseOf = new Map(releases.map((row) => [row.submissionId, row.release]));
  await db.insert(gradingDecisions).values(
    submissionIds.map((submissionId) => ({
      submissionId,
      assessorId: decision.assessorId,
      actingAdminId: decision.actingAdminId,
      status: decision.status,
      comment: decision.comment,
      strategiesForReassessment: decision.strategiesForReassessment,
      fileIds: filesOf.get(submissionId) ?? [],
      declarationId: decision.declarationId ?? null,
      unitRelease: releaseOf.get(submissionId) ?? null,
      createdAt: at,
    })),
  );
}

/** Every decision on these submissions, oldest first, with the names of who made it. */
const gradingDecisionsQuery = preparedPerDatabase((db) =>
  db
    .select({
      id: gradingDecisions.id,
      submissionId: gradingDecisions.submissionId,
      status: gradingDecisions.status,
      comment: gradingDecisions.comment,
      strategiesForReassessment: gradingDecisions.strategiesForReassessment,
      fileIds: gradingDecisions.fileIds,
      createdAt: gradingDecisions.createdAt,
      assessorId: gradingDecisions.assessorId,
      assessorName: sql<string | null>`${assessor.firstName} || ' ' || ${assessor.lastName}`,
      actingAdminId: gradingDecisions.actingAdminId,
      actingAdminName: sql<string | null>`${actingAdmin.firstName} || ' ' || ${actingAdmin.lastName}`,
      /** The unit's release the decision was made against (issue 29); null before releases were kept. */
      unitRelease: gradingDecisions.unitRelease,
      /** The assessor's declaration the decision carries: its version and time; null: 'Not declared'. */
      declarationVersion: declarations.version,
      declaredAt: declarations.createdAt,
    })
    .from(gradingDecisions)
    .leftJoin(assessor, eq(assessor.id, gradingDecisions.assessorId))
    .leftJoin(actingAdmin, eq(actingAdmin.id, gradingDecisions.actingAdminId))
    .leftJoin(declarations, eq(declarations.id, gradingDecisions.declarationId))
    .where(isAnyUuidOf(gradingDecisions.submissionId, 'submissionIds'))
    .orderBy(asc(gradingDecisions.createdAt), asc(gradingDecisions.id))
    .prepare('evident_grading_decisions'),
);

/** Prepared: the grading screen's list asks it on every read. */
export async function listGradingDecisions(db: Database, { submissionIds }: { submissionIds: string[] }) {
  if (submissionIds.length === 0) return [];
  return gradingDecisionsQuery(db).execute({ submissionIds });
}

/** A student's tasks in one unit with their submissions (if any), in task order: an assessment record. */
export async function listUnitRecordRows(
  db: Database,
  { studentId, unitId }: { studentId: string; unitId: string },
) {
  return db
    .select({
      taskId: tasks.id,
      position: tasks.position,
      title: tasks.title,
      description: tasks.description,
      submissionId: submissions.id,
      status: submissions.status,
      submittedAt: submissions.submittedAt,
    })
    .from(tasks)
    .leftJoin(submissions, and(eq(submissions.taskId, tasks.id), eq(submissions.studentId, studentId)))
    .where(eq(tasks.unitId, unitId))
    .orderBy(asc(tasks.position), asc(tasks.createdAt), desc(tasks.id));
}

/** Each student with the units they are enrolled in: whose assessment record can be exported. */
export async function listEnrolledStudents(
  db: Database,
  { scope = everyone }: { scope?: StudentScope } = {},
) {
  return db
    .select({
      studentId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      unitId: units.id,
      unitCode: units.unitCode,
      unitTitle: units.title,
    })
    .from(enrolments)
    .innerJoin(users, eq(users.id, enrolments.studentId))
    .innerJoin(units, eq(units.id, enrolments.unitId))
    .where(studentInScope(enrolments.studentId, scope))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id), asc(units.unitCode));
}
