import { and, desc, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { tasks } from '../schema/curriculum';
import { declarations } from '../schema/declarations';
import { evidenceFiles, gradingDecisions, submissions } from '../schema/evidence';
import { observations, unitOutcomes } from '../schema/outcomes';
import { type DisposalCounts, disposals } from '../schema/retention';
import {
  thirdPartyReports,
  thirdPartyRequests,
  thirdPartyRequestTasks,
  thirdPartyVerifications,
} from '../schema/third-party';

/** Disposal (issue 30 §4): the one place that deletes assessment records, and its tombstones. */
/** The submissions of one student's tasks in one unit: what a disposal takes. */
const submissionsOf = (db: Database, studentId: string, unitId: string) =>
  db
    .select({ id: submissions.id })
    .from(submissions)
    .innerJoin(tasks, eq(tasks.id, submissions.taskId))
    .where(and(eq(submissions.studentId, studentId), eq(tasks.unitId, unitId)));

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
