import type { UnitOutcomeValue } from '@evident/core/unit-outcome-values';
import type { UnitOutcomeView } from '@evident/core/unit-outcomes';
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../client';
import { enrolments, tasks, units } from '../schema/curriculum';
import { declarations, declarationTexts } from '../schema/declarations';
import { submissions } from '../schema/evidence';
import { unitOutcomes } from '../schema/outcomes';
import { users } from '../schema/users';
import { type StudentScope, studentInScope } from './class-scope';

const assessor = alias(users, 'outcome_assessor');
const actingAdmin = alias(users, 'outcome_acting_admin');

export type StudentUnitPair = { studentId: string; unitId: string };

/** The outcome standing for a student in a unit (at most one: a partial unique index holds to it). */
export async function findStandingOutcome(db: Database, { studentId, unitId }: StudentUnitPair) {
  const [row] = await db
    .select({ id: unitOutcomes.id, outcome: unitOutcomes.outcome, assessorId: unitOutcomes.assessorId })
    .from(unitOutcomes)
    .where(
      and(
        eq(unitOutcomes.studentId, studentId),
        eq(unitOutcomes.unitId, unitId),
        isNull(unitOutcomes.supersededAt),
      ),
    )
    .for('update');
  return row;
}

/**
 * The unit's tasks (archived ones aside) the student has not had judged satisfactory, in task order:
 * while any is left, the unit cannot be Competent.
 */
export async function listUnsatisfiedTasks(db: Database, { studentId, unitId }: StudentUnitPair) {
  return db
    .select({ id: tasks.id, title: tasks.title })
    .from(tasks)
    .leftJoin(submissions, and(eq(submissions.taskId, tasks.id), eq(submissions.studentId, studentId)))
    .where(
      and(
        eq(tasks.unitId, unitId),
        isNull(tasks.archivedAt),
        or(isNull(submissions.status), sql`${submissions.status} <> 'satisfactory'`),
      ),
    )
    .orderBy(asc(tasks.position), asc(tasks.createdAt));
}

/** How many tasks the unit has, archived ones aside: a unit with none has nothing to judge Competent. */
export async function countActiveTasks(db: Database, unitId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tasks)
    .where(and(eq(tasks.unitId, unitId), isNull(tasks.archivedAt)));
  return row?.n ?? 0;
}

/** Whether the student is enrolled in the unit, and the unit's release now; undefined: not enrolled. */
export async function findEnrolledUnit(db: Database, { studentId, unitId }: StudentUnitPair) {
  const [row] = await db
    .select({ release: units.release, unitCode: units.unitCode })
    .from(enrolments)
    .innerJoin(units, eq(units.id, enrolments.unitId))
    .where(and(eq(enrolments.studentId, studentId), eq(enrolments.unitId, unitId)));
  return row;
}

export type NewUnitOutcome = StudentUnitPair & {
  outcome: UnitOutcomeValue;
  justification: string;
  remaining: string | null;
  assessorId: string;
  actingAdminId: string | null;
  declarationId: string;
  unitRelease: string | null;
  at: Date;
};

export async function insertUnitOutcome(db: Database, outcome: NewUnitOutcome): Promise<string> {
  const { at, ...values } = outcome;
  const [row] = await db
    .insert(unitOutcomes)
    .values({ ...values, createdAt: at })
    .returning({ id: unitOutcomes.id });
  if (!row) throw new Error('unit outcome was not recorded');
  return row.id;
}

/**
 * Marks the standing outcomes of these students in these units superseded, with why. What each said
 * stays as it was. Returns the pairs it reopened (for grade passback and live updates).
 */
export async function supersedeStandingOutcomes(
  db: Database,
  entries: (StudentUnitPair & { reason: string })[],
  at: Date,
): Promise<StudentUnitPair[]> {
  const reopened: StudentUnitPair[] = [];
  // One entry per pair: a bulk decision on several of a student's tasks reopens once, naming the first.
  const seen = new Set<string>();
  for (const entry of entries) {
    const key = `${entry.studentId} ${entry.unitId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const rows = await db
      .update(unitOutcomes)
      .set({ supersededAt: at, supersededReason: entry.reason })
      .where(
        and(
          eq(unitOutcomes.studentId, entry.studentId),
          eq(unitOutcomes.unitId, entry.unitId),
          isNull(unitOutcomes.supersededAt),
        ),
      )
      .returning({ studentId: unitOutcomes.studentId, unitId: unitOutcomes.unitId });
    reopened.push(...rows);
  }
  return reopened;
}

/** A new task in the unit reopens every student's standing outcome in it: none covered that task. */
export async function supersedeUnitOutcomes(
  db: Database,
  { unitId, reason, at }: { unitId: string; reason: string; at: Date },
): Promise<StudentUnitPair[]> {
  return db
    .update(unitOutcomes)
    .set({ supersededAt: at, supersededReason: reason })
    .where(and(eq(unitOutcomes.unitId, unitId), isNull(unitOutcomes.supersededAt)))
    .returning({ studentId: unitOutcomes.studentId, unitId: unitOutcomes.unitId });
}

const viewColumns = {
  id: unitOutcomes.id,
  studentId: unitOutcomes.studentId,
  unitId: unitOutcomes.unitId,
  outcome: unitOutcomes.outcome,
  justification: unitOutcomes.justification,
  remaining: unitOutcomes.remaining,
  assessorName: sql<string | null>`${assessor.firstName} || ' ' || ${assessor.lastName}`,
  actingAdminName: sql<string | null>`${actingAdmin.firstName} || ' ' || ${actingAdmin.lastName}`,
  declaration: { version: declarationTexts.version, text: declarationTexts.text },
  unitRelease: unitOutcomes.unitRelease,
  createdAt: unitOutcomes.createdAt,
  supersededAt: unitOutcomes.supersededAt,
  supersededReason: unitOutcomes.supersededReason,
};

function outcomeViews(db: Database) {
  return db
    .select(viewColumns)
    .from(unitOutcomes)
    .innerJoin(declarations, eq(declarations.id, unitOutcomes.declarationId))
    .innerJoin(
      declarationTexts,
      and(eq(declarationTexts.kind, declarations.kind), eq(declarationTexts.version, declarations.version)),
    )
    .leftJoin(assessor, eq(assessor.id, unitOutcomes.assessorId))
    .leftJoin(actingAdmin, eq(actingAdmin.id, unitOutcomes.actingAdminId));
}

/**
 * A unit's outcomes for the students in scope, standing and superseded, newest first; `standingOnly`
 * leaves out those superseded.
 */
export async function listUnitOutcomes(
  db: Database,
  {
    unitId,
    scope = { assessorId: null },
    standingOnly = false,
  }: { unitId: string; scope?: StudentScope; standingOnly?: boolean },
): Promise<UnitOutcomeView[]> {
  return outcomeViews(db)
    .where(
      and(
        eq(unitOutcomes.unitId, unitId),
        standingOnly ? isNull(unitOutcomes.supersededAt) : undefined,
        studentInScope(unitOutcomes.studentId, scope),
      ),
    )
    .orderBy(desc(unitOutcomes.createdAt), desc(unitOutcomes.id));
}

/** One student's outcomes in one unit, oldest first: the assessment record's history. */
export async function listStudentUnitOutcomes(db: Database, { studentId, unitId }: StudentUnitPair) {
  return outcomeViews(db)
    .where(and(eq(unitOutcomes.studentId, studentId), eq(unitOutcomes.unitId, unitId)))
    .orderBy(asc(unitOutcomes.createdAt), asc(unitOutcomes.id));
}

/** A student's standing outcomes in any of their units: the dashboard's banner. */
export async function listStandingOutcomesOfStudent(db: Database, studentId: string) {
  return db
    .select({
      unitId: unitOutcomes.unitId,
      outcome: unitOutcomes.outcome,
      remaining: unitOutcomes.remaining,
      createdAt: unitOutcomes.createdAt,
    })
    .from(unitOutcomes)
    .where(and(eq(unitOutcomes.studentId, studentId), isNull(unitOutcomes.supersededAt)))
    .orderBy(asc(unitOutcomes.createdAt));
}

/** The standing outcome of each of these pairs, for grade passback. */
export async function findStandingOutcomes(db: Database, pairs: StudentUnitPair[]) {
  if (pairs.length === 0) return [];
  return db
    .select({ studentId: unitOutcomes.studentId, unitId: unitOutcomes.unitId, outcome: unitOutcomes.outcome })
    .from(unitOutcomes)
    .where(
      and(
        isNull(unitOutcomes.supersededAt),
        inArray(unitOutcomes.studentId, [...new Set(pairs.map((p) => p.studentId))]),
        inArray(unitOutcomes.unitId, [...new Set(pairs.map((p) => p.unitId))]),
      ),
    );
}

/**
 * Where each of these students stands in the unit (tasks archived aside): how many tasks, how many
 * satisfactory, and whether any file is still undeclared, for the pairs where the student is enrolled
 * and in scope. The grading screen asks after a decision whether a unit is now ready to judge.
 */
export async function listUnitProgress(
  db: Database,
  { pairs, scope }: { pairs: StudentUnitPair[]; scope: StudentScope },
) {
  if (pairs.length === 0) return [];
  const wanted = or(
    ...pairs.map((pair) => and(eq(enrolments.studentId, pair.studentId), eq(enrolments.unitId, pair.unitId))),
  );
  return db
    .select({
      studentId: enrolments.studentId,
      unitId: enrolments.unitId,
      total: sql<number>`count(${tasks.id})::int`,
      satisfied: sql<number>`(count(*) filter (where ${submissions.status} = 'satisfactory'))::int`,
      undeclared: sql<boolean>`exists (select 1 from evidence_files uf
        join submissions us on us.id = uf.submission_id
        join tasks ut on ut.id = us.task_id
        where us.student_id = ${enrolments.studentId} and ut.unit_id = ${enrolments.unitId}
          and uf.withdrawn_at is null and uf.declaration_id is null)`,
    })
    .from(enrolments)
    .leftJoin(tasks, and(eq(tasks.unitId, enrolments.unitId), isNull(tasks.archivedAt)))
    .leftJoin(
      submissions,
      and(eq(submissions.taskId, tasks.id), eq(submissions.studentId, enrolments.studentId)),
    )
    .where(and(wanted, studentInScope(enrolments.studentId, scope)))
    .groupBy(enrolments.studentId, enrolments.unitId);
}

/** The outcomes standing for these pairs, as the record shows them. */
export async function listStandingOutcomeViews(
  db: Database,
  pairs: StudentUnitPair[],
): Promise<UnitOutcomeView[]> {
  if (pairs.length === 0) return [];
  return outcomeViews(db).where(
    and(
      isNull(unitOutcomes.supersededAt),
      or(
        ...pairs.map((pair) =>
          and(eq(unitOutcomes.studentId, pair.studentId), eq(unitOutcomes.unitId, pair.unitId)),
        ),
      ),
    ),
  );
}
