import { type AnyColumn, and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../client';
import { tasks, units } from '../schema/curriculum';
import { evidenceFiles, submissions } from '../schema/evidence';
import { unitOutcomes } from '../schema/outcomes';
import { legalHolds } from '../schema/retention';
import { orgSettings } from '../schema/settings';
import { users } from '../schema/users';

/** The months an admin chose, or null while none was (the default stands). */
export async function findRetentionMonths(db: Database): Promise<number | null> {
  const [row] = await db.select({ months: orgSettings.retentionMonths }).from(orgSettings).limit(1);
  return row?.months ?? null;
}

/** Saves the period, making the settings row (time zone still unchosen) the first time. */
export async function saveRetentionMonths(
  db: Database,
  { months, by, at }: { months: number; by: string; at: Date },
): Promise<void> {
  await db
    .insert(orgSettings)
    .values({ id: 1, timeZone: null, retentionMonths: months, updatedBy: by, updatedAt: at })
    .onConflictDoUpdate({
      target: orgSettings.id,
      set: { retentionMonths: months, updatedBy: by, updatedAt: at },
    });
}

const name = (t: { firstName: AnyColumn; lastName: AnyColumn }) =>
  sql<string>`${t.firstName} || ' ' || ${t.lastName}`;

export type DueRow = {
  studentId: string;
  studentName: string;
  unitId: string;
  unitCode: string;
  unitTitle: string;
  outcome: 'competent' | 'not_yet_competent';
  completedAt: Date;
  dueSince: Date;
  files: number;
  submissions: number;
};

/**
 * Each student and unit whose standing outcome was recorded at least `months` ago and who still has
 * records there (submissions): oldest first. The database adds the months (a month end stays one).
 * `studentId`/`unitId` narrow it to one pair, as a disposal re-checks it.
 */
export async function listDueRecords(
  db: Database,
  { months, now, studentId, unitId }: { months: number; now: Date; studentId?: string; unitId?: string },
): Promise<DueRow[]> {
  const dueSince = sql<Date>`(${unitOutcomes.createdAt} + make_interval(months => ${months}::int))`;
  const counts = db
    .select({
      studentId: submissions.studentId,
      unitId: tasks.unitId,
      submissions: sql<number>`count(distinct ${submissions.id})::int`.as('submission_count'),
      files: sql<number>`count(${evidenceFiles.id})::int`.as('file_count'),
    })
    .from(submissions)
    .innerJoin(tasks, eq(tasks.id, submissions.taskId))
    .leftJoin(evidenceFiles, eq(evidenceFiles.submissionId, submissions.id))
    .groupBy(submissions.studentId, tasks.unitId)
    .as('counts');
  const rows = await db
    .select({
      studentId: unitOutcomes.studentId,
      studentName: name(users),
      unitId: unitOutcomes.unitId,
      unitCode: units.unitCode,
      unitTitle: units.title,
      outcome: unitOutcomes.outcome,
      completedAt: unitOutcomes.createdAt,
      dueSince,
      files: counts.files,
      submissions: counts.submissions,
    })
    .from(unitOutcomes)
    .innerJoin(users, eq(users.id, unitOutcomes.studentId))
    .innerJoin(units, eq(units.id, unitOutcomes.unitId))
    .innerJoin(
      counts,
      and(eq(counts.studentId, unitOutcomes.studentId), eq(counts.unitId, unitOutcomes.unitId)),
    )
    .where(
      and(
        isNull(unitOutcomes.supersededAt),
        sql`${dueSince} <= ${now.toISOString()}::timestamptz`,
        studentId ? eq(unitOutcomes.studentId, studentId) : undefined,
        unitId ? eq(unitOutcomes.unitId, unitId) : undefined,
      ),
    )
    .orderBy(unitOutcomes.createdAt, unitOutcomes.id);
  return rows.map((row) => ({
    ...row,
    completedAt: new Date(row.completedAt),
    dueSince: new Date(row.dueSince),
  }));
}

const placer = alias(users, 'hold_placer');
const releaser = alias(users, 'hold_releaser');
const holdStudent = alias(users, 'hold_student');

/** Standing holds, or every hold (lifted ones too) with `all`, newest first, with the names they touch. */
export async function listLegalHolds(db: Database, { all = false }: { all?: boolean } = {}) {
  return db
    .select({
      id: legalHolds.id,
      studentId: legalHolds.studentId,
      studentName: sql<
        string | null
      >`case when ${holdStudent.id} is null then null else ${name(holdStudent)} end`,
      unitId: legalHolds.unitId,
      unitCode: units.unitCode,
      reason: legalHolds.reason,
      placedAt: legalHolds.placedAt,
      placedByName: sql<string | null>`case when ${placer.id} is null then null else ${name(placer)} end`,
      releasedAt: legalHolds.releasedAt,
      releasedByName: sql<
        string | null
      >`case when ${releaser.id} is null then null else ${name(releaser)} end`,
      releaseReason: legalHolds.releaseReason,
    })
    .from(legalHolds)
    .leftJoin(holdStudent, eq(holdStudent.id, legalHolds.studentId))
    .leftJoin(units, eq(units.id, legalHolds.unitId))
    .leftJoin(placer, eq(placer.id, legalHolds.placedBy))
    .leftJoin(releaser, eq(releaser.id, legalHolds.releasedBy))
    .where(all ? undefined : isNull(legalHolds.releasedAt))
    .orderBy(desc(legalHolds.placedAt), legalHolds.id);
}

/**
 * The standing holds that cover one student's records in one unit: on the student, on the unit, or on
 * the student in the unit. Locked FOR SHARE inside a disposal, so a hold placed meanwhile waits for it.
 */
export async function holdsCovering(db: Database, studentId: string, unitId: string) {
  return db
    .select({ id: legalHolds.id, reason: legalHolds.reason })
    .from(legalHolds)
    .where(
      and(
        isNull(legalHolds.releasedAt),
        or(isNull(legalHolds.studentId), eq(legalHolds.studentId, studentId)),
        or(isNull(legalHolds.unitId), eq(legalHolds.unitId, unitId)),
      ),
    );
}

export async function insertLegalHold(
  db: Database,
  hold: { studentId: string | null; unitId: string | null; reason: string; placedBy: string; placedAt: Date },
) {
  const [row] = await db.insert(legalHolds).values(hold).returning({ id: legalHolds.id });
  if (!row) throw new Error('legal hold not written');
  return row;
}

/** Lifts a standing hold; null when there is none by that id, or it was lifted already. */
export async function releaseLegalHold(
  db: Database,
  { id, reason, by, at }: { id: string; reason: string; by: string; at: Date },
) {
  const [row] = await db
    .update(legalHolds)
    .set({ releasedAt: at, releasedBy: by, releaseReason: reason })
    .where(and(eq(legalHolds.id, id), isNull(legalHolds.releasedAt)))
    .returning({ id: legalHolds.id, studentId: legalHolds.studentId, unitId: legalHolds.unitId });
  return row ?? null;
}

export const findLegalHold = async (db: Database, id: string) =>
  (await db.select().from(legalHolds).where(eq(legalHolds.id, id)).limit(1))[0] ?? null;
