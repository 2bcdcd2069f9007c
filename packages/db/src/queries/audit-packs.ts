import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { auditPacks } from '../schema/audit-packs';
import { tasks } from '../schema/curriculum';
import { evidenceFiles, submissions } from '../schema/evidence';
import { unitOutcomes } from '../schema/outcomes';
import { users } from '../schema/users';

export type AuditPackRow = typeof auditPacks.$inferSelect;

export async function insertAuditPack(
  db: Database,
  pack: { unitId: string; studentIds: string[]; sampleSize: number | null; requestedBy: string },
): Promise<AuditPackRow> {
  const [row] = await db.insert(auditPacks).values(pack).returning();
  if (!row) throw new Error('insert returned no audit pack');
  return row;
}

export async function findAuditPack(db: Database, id: string): Promise<AuditPackRow | undefined> {
  const [row] = await db.select().from(auditPacks).where(eq(auditPacks.id, id));
  return row;
}

export async function findAuditPackByPath(
  db: Database,
  objectPath: string,
): Promise<AuditPackRow | undefined> {
  const [row] = await db.select().from(auditPacks).where(eq(auditPacks.objectPath, objectPath)).limit(1);
  return row;
}

/** The most recent packs first, with the unit's code and who asked. */
export async function listAuditPacks(db: Database, { limit }: { limit: number }) {
  return db
    .select({
      pack: auditPacks,
      requestedByName: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
    })
    .from(auditPacks)
    .leftJoin(users, eq(users.id, auditPacks.requestedBy))
    .orderBy(desc(auditPacks.createdAt), desc(auditPacks.id))
    .limit(limit);
}

export async function updateAuditPack(
  db: Database,
  id: string,
  change: Partial<
    Pick<
      AuditPackRow,
      'status' | 'progress' | 'objectPath' | 'sizeBytes' | 'fileCount' | 'error' | 'finishedAt'
    >
  >,
): Promise<void> {
  await db.update(auditPacks).set(change).where(eq(auditPacks.id, id));
}

/**
 * Students whose work in the unit is complete enough to sample: a unit outcome standing, or every task
 * of the unit (archived ones aside, at least one) judged, satisfactory or not. Ordered by id, so a
 * seeded draw is repeatable.
 */
export async function listCompletedStudents(db: Database, unitId: string): Promise<{ id: string }[]> {
  const standing = db
    .select({ one: sql`1` })
    .from(unitOutcomes)
    .where(
      and(
        eq(unitOutcomes.studentId, users.id),
        eq(unitOutcomes.unitId, unitId),
        isNull(unitOutcomes.supersededAt),
      ),
    );
  const liveTask = and(eq(tasks.unitId, unitId), isNull(tasks.archivedAt));
  const judgedCount = db
    .select({ n: sql`count(*)` })
    .from(submissions)
    .innerJoin(tasks, eq(tasks.id, submissions.taskId))
    .where(
      and(
        liveTask,
        eq(submissions.studentId, users.id),
        inArray(submissions.status, ['satisfactory', 'not_yet_satisfactory']),
      ),
    );
  const taskCount = db.select({ n: sql`count(*)` }).from(tasks).where(liveTask);
  return db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.role, 'student'),
        sql`(exists (${standing}) or ((${taskCount}) > 0 and (${judgedCount}) = (${taskCount})))`,
      ),
    )
    .orderBy(users.id);
}

/**
 * Every file of the student's submissions in the unit, withdrawn ones too (they stay in the record),
 * with where it is stored: what the pack copies, task by task.
 */
export async function listPackFiles(
  db: Database,
  { studentId, unitId }: { studentId: string; unitId: string },
) {
  return db
    .select({
      id: evidenceFiles.id,
      taskId: tasks.id,
      objectPath: evidenceFiles.objectPath,
      fileName: evidenceFiles.fileName,
      fileType: evidenceFiles.fileType,
      fileSize: evidenceFiles.fileSize,
      sha256: evidenceFiles.sha256,
      withdrawnAt: evidenceFiles.withdrawnAt,
      createdAt: evidenceFiles.createdAt,
    })
    .from(evidenceFiles)
    .innerJoin(submissions, eq(submissions.id, evidenceFiles.submissionId))
    .innerJoin(tasks, eq(tasks.id, submissions.taskId))
    .where(and(eq(submissions.studentId, studentId), eq(tasks.unitId, unitId)))
    .orderBy(tasks.position, tasks.createdAt, evidenceFiles.createdAt, evidenceFiles.id);
}

/** Which of these ids are students' (a pack of chosen students takes no one else). */
export async function findStudentIds(db: Database, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.role, 'student')));
  return new Set(rows.map((row) => row.id));
}

/**
 * The packs of the unit that hold the student's records and have not been disposed of (a failed pack
 * kept no zip), locked for the caller's transaction: what a disposal of those records takes with it.
 */
export async function packsHoldingRecords(
  db: Database,
  { studentId, unitId }: { studentId: string; unitId: string },
): Promise<AuditPackRow[]> {
  return db
    .select()
    .from(auditPacks)
    .where(
      and(
        eq(auditPacks.unitId, unitId),
        inArray(auditPacks.status, ['queued', 'building', 'ready']),
        sql`${auditPacks.studentIds} @> ${JSON.stringify([studentId])}::jsonb`,
      ),
    )
    .for('update');
}

/** Marks the packs disposed of by a disposal; the zips are the caller's to delete once it commits. */
export async function markPacksDisposed(
  db: Database,
  ids: string[],
  { at, disposalId }: { at: Date; disposalId: string },
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(auditPacks)
    .set({ status: 'disposed', disposedAt: at, disposalId, progress: 0 })
    .where(inArray(auditPacks.id, ids));
}
