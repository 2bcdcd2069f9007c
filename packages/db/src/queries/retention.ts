import { type AnyColumn, and, desc, eq, inArray, isNull, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../client';
import { tasks, units } from '../schema/curriculum';
import { declarations } from '../schema/declarations';
import { evidenceFiles, gradingDecisions, submissions } from '../schema/evidence';
import { observations, unitOutcomes } from '../schema/outcomes';
import { type DisposalCounts, disposals, legalHolds } from '../schema/retention';
import { orgSettings } from '../schema/settings';
import {
  thirdPartyReports,
  thirdPartyRequests,
  thirdPartyRequestTasks,
  thirdPartyVerifications,
} from '../schema/third-party';
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

/** The submissions of one student's tasks in one unit: what a disposal takes. */
const submissionsOf = (db: Database, studentId: string, unitId: string) =>
  db
    .select({ id: submissions.id })
    .from(submissions)
    .innerJoin(tasks, eq(tasks.id, submissions.taskId))
    .where(and(eq(submissions.studentId, studentId), eq(tasks.unitId, unitId)));

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

/**
 * Deletes one student's assessment records in one unit, in the caller's transaction: observations,
 * decisions, evidence file rows, submissions, the declarations that covered only these, and supervisors'
 * reports asked only about this unit's tasks. Unit outcomes stay (AQF certification records, 30 years).
 * Answers what went and the stored objects to remove once the transaction commits.
 */
export async function deleteRecords(
  db: Database,
  studentId: string,
  unitId: string,
): Promise<{ counts: DisposalCounts; objectPaths: string[] }> {
  const ids = (await submissionsOf(db, studentId, unitId)).map((s) => s.id);
  const counts: DisposalCounts = {
    files: 0,
    bytes: 0,
    submissions: 0,
    decisions: 0,
    declarations: 0,
    observations: 0,
    thirdPartyReports: 0,
  };
  const objectPaths: string[] = [];
  const declarationIds = new Set<string>();
  if (ids.length > 0) {
    counts.observations = (
      await db
        .delete(observations)
        .where(inArray(observations.submissionId, ids))
        .returning({ id: observations.id })
    ).length;
    const decisions = await db
      .delete(gradingDecisions)
      .where(inArray(gradingDecisions.submissionId, ids))
      .returning({ declarationId: gradingDecisions.declarationId });
    counts.decisions = decisions.length;
    const files = await db.delete(evidenceFiles).where(inArray(evidenceFiles.submissionId, ids)).returning({
      objectPath: evidenceFiles.objectPath,
      thumbnailPath: evidenceFiles.thumbnailPath,
      playablePath: evidenceFiles.playablePath,
      fileSize: evidenceFiles.fileSize,
      declarationId: evidenceFiles.declarationId,
    });
    counts.files = files.length;
    for (const file of files) {
      counts.bytes += Number(file.fileSize);
      for (const path of [file.objectPath, file.thumbnailPath, file.playablePath])
        if (path) objectPaths.push(path);
    }
    for (const row of [...decisions, ...files]) if (row.declarationId) declarationIds.add(row.declarationId);
    counts.submissions = (
      await db.delete(submissions).where(inArray(submissions.id, ids)).returning({ id: submissions.id })
    ).length;
  }
  if (declarationIds.size > 0) {
    // A declaration covering files elsewhere too (or a unit outcome) is still someone's record: it stays.
    counts.declarations = (
      await db
        .delete(declarations)
        .where(
          and(
            inArray(declarations.id, [...declarationIds]),
            notExists(
              db
                .select({ x: sql`1` })
                .from(evidenceFiles)
                .where(eq(evidenceFiles.declarationId, declarations.id)),
            ),
            notExists(
              db
                .select({ x: sql`1` })
                .from(gradingDecisions)
                .where(eq(gradingDecisions.declarationId, declarations.id)),
            ),
            notExists(
              db
                .select({ x: sql`1` })
                .from(unitOutcomes)
                .where(eq(unitOutcomes.declarationId, declarations.id)),
            ),
          ),
        )
        .returning({ id: declarations.id })
    ).length;
  }
  counts.thirdPartyReports = await deleteThirdPartyReports(db, studentId, unitId);
  return { counts, objectPaths: [...new Set(objectPaths)] };
}

/** The student's supervisor requests whose every task is in the unit, with their reports and checks. */
async function deleteThirdPartyReports(db: Database, studentId: string, unitId: string): Promise<number> {
  const requests = await db
    .select({ id: thirdPartyRequests.id })
    .from(thirdPartyRequests)
    .innerJoin(thirdPartyRequestTasks, eq(thirdPartyRequestTasks.requestId, thirdPartyRequests.id))
    .innerJoin(tasks, eq(tasks.id, thirdPartyRequestTasks.taskId))
    .where(eq(thirdPartyRequests.studentId, studentId))
    .groupBy(thirdPartyRequests.id)
    .having(sql`bool_and(${tasks.unitId} = ${unitId})`);
  const requestIds = requests.map((r) => r.id);
  if (requestIds.length === 0) return 0;
  const reports = await db
    .select({ id: thirdPartyReports.id })
    .from(thirdPartyReports)
    .where(inArray(thirdPartyReports.requestId, requestIds));
  const reportIds = reports.map((r) => r.id);
  if (reportIds.length > 0) {
    await db.delete(thirdPartyVerifications).where(inArray(thirdPartyVerifications.reportId, reportIds));
    await db.delete(thirdPartyReports).where(inArray(thirdPartyReports.id, reportIds));
  }
  await db.delete(thirdPartyRequests).where(inArray(thirdPartyRequests.id, requestIds));
  return reportIds.length;
}

export async function insertDisposal(db: Database, row: typeof disposals.$inferInsert) {
  const [written] = await db.insert(disposals).values(row).returning();
  if (!written) throw new Error('tombstone not written');
  return written;
}

/** The latest tombstones, newest first. */
export const listDisposals = (db: Database, limit = 50) =>
  db.select().from(disposals).orderBy(desc(disposals.disposedAt), desc(disposals.id)).limit(limit);

/** Tombstones whose stored files are not all removed yet (a storage error, a crash after the commit). */
export const disposalsWithPendingFiles = (db: Database) =>
  db
    .select({ id: disposals.id, filesPending: disposals.filesPending })
    .from(disposals)
    .where(sql`cardinality(${disposals.filesPending}) > 0`)
    .limit(100);

export async function setFilesPending(db: Database, id: string, filesPending: string[]): Promise<void> {
  await db.update(disposals).set({ filesPending }).where(eq(disposals.id, id));
}
