import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { evidenceFiles, gradingDecisions, submissions } from '../schema/evidence';
import { isAnyUuidOf, preparedPerDatabase } from './prepared';
import type { SubmissionRow } from './submissions';

export type EvidenceFileRow = typeof evidenceFiles.$inferSelect;

/** Files of a submission that are still part of it (withdrawn ones do not count). */
export async function countSubmissionFiles(db: Database, submissionId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(evidenceFiles)
    .where(and(eq(evidenceFiles.submissionId, submissionId), isNull(evidenceFiles.withdrawnAt)));
  return row?.n ?? 0;
}

export type NewEvidenceFile = {
  submissionId: string;
  objectPath: string;
  fileName: string;
  fileType: string;
  fileSize: number;
  isPrimary: boolean;
  /** The person who recorded it: the student, or the admin viewing the app as them. Always set. */
  recordedBy: string;
  /** `pending` queues a video or a photo for background processing (poster and copy, or thumbnail). */
  videoStatus?: 'pending';
  /** When the device captured it, when it said so. */
  capturedAt?: Date | null;
  /** The client's idempotency key: unique within the submission. */
  clientKey?: string | null;
  /** Hex SHA-256 of the stored bytes, read back as the file is recorded. */
  sha256: string;
};

export async function insertEvidenceFile(db: Database, file: NewEvidenceFile): Promise<EvidenceFileRow> {
  const [row] = await db.insert(evidenceFiles).values(file).returning();
  if (!row) throw new Error('insert returned no evidence file');
  return row;
}

/**
 * Inserts a file carrying a client key; undefined when the submission already has a file under that
 * key (a concurrent retry recorded it first). No error, so the transaction stays usable.
 */
export async function insertEvidenceFileOnce(
  db: Database,
  file: NewEvidenceFile & { clientKey: string },
): Promise<EvidenceFileRow | undefined> {
  const [row] = await db
    .insert(evidenceFiles)
    .values(file)
    .onConflictDoNothing({
      target: [evidenceFiles.submissionId, evidenceFiles.clientKey],
      where: sql`${evidenceFiles.clientKey} is not null`,
    })
    .returning();
  return row;
}

/** A student's file recorded under a client key, with its submission, for idempotent records. */
export async function findEvidenceFileByClientKey(
  db: Database,
  { studentId, clientKey }: { studentId: string; clientKey: string },
): Promise<{ file: EvidenceFileRow; submission: SubmissionRow } | undefined> {
  const [row] = await db
    .select({ file: evidenceFiles, submission: submissions })
    .from(evidenceFiles)
    .innerJoin(submissions, eq(submissions.id, evidenceFiles.submissionId))
    .where(and(eq(submissions.studentId, studentId), eq(evidenceFiles.clientKey, clientKey)))
    .limit(1);
  return row;
}

/** The recorded file at an object path with its submission's owner and task, for idempotent records. */
export async function findEvidenceFileByObjectPath(
  db: Database,
  objectPath: string,
): Promise<{ file: EvidenceFileRow; submission: SubmissionRow } | undefined> {
  const [row] = await db
    .select({ file: evidenceFiles, submission: submissions })
    .from(evidenceFiles)
    .innerJoin(submissions, eq(submissions.id, evidenceFiles.submissionId))
    .where(eq(evidenceFiles.objectPath, objectPath))
    .limit(1);
  return row;
}

/** A submission's files, the primary one first, then in the order they were added; withdrawn ones never. */
const submissionFilesQuery = preparedPerDatabase((db) =>
  db
    .select()
    .from(evidenceFiles)
    .where(and(isAnyUuidOf(evidenceFiles.submissionId, 'submissionIds'), isNull(evidenceFiles.withdrawnAt)))
    .orderBy(desc(evidenceFiles.isPrimary), asc(evidenceFiles.createdAt), asc(evidenceFiles.id))
    .prepare('evident_submission_files'),
);

export async function listSubmissionFiles(db: Database, submissionIds: string[]): Promise<EvidenceFileRow[]> {
  if (submissionIds.length === 0) return [];
  // The grading screen's list asks this on every read: prepared (queries/prepared.ts).
  return submissionFilesQuery(db).execute({ submissionIds });
}

/** The files students withdrew from these submissions, oldest first: the assessment record keeps them. */
export async function listWithdrawnSubmissionFiles(
  db: Database,
  submissionIds: string[],
): Promise<EvidenceFileRow[]> {
  if (submissionIds.length === 0) return [];
  return db
    .select()
    .from(evidenceFiles)
    .where(and(inArray(evidenceFiles.submissionId, submissionIds), isNotNull(evidenceFiles.withdrawnAt)))
    .orderBy(asc(evidenceFiles.createdAt), asc(evidenceFiles.id));
}

/** A student's own evidence file with its submission; `forUpdate` locks the submission row. */
export async function findStudentEvidenceFile(
  db: Database,
  { fileId, studentId, forUpdate = false }: { fileId: string; studentId: string; forUpdate?: boolean },
): Promise<{ file: EvidenceFileRow; submission: SubmissionRow } | undefined> {
  const query = db
    .select({ file: evidenceFiles, submission: submissions })
    .from(evidenceFiles)
    .innerJoin(submissions, eq(submissions.id, evidenceFiles.submissionId))
    .where(and(eq(evidenceFiles.id, fileId), eq(submissions.studentId, studentId)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update', { of: submissions }) : await query;
  return row;
}

/** Marks a file withdrawn; the row and its object stay, for the audit trail. */
export async function withdrawEvidenceFile(
  db: Database,
  { fileId, by, at }: { fileId: string; by: string; at: Date },
): Promise<void> {
  await db
    .update(evidenceFiles)
    .set({ withdrawnAt: at, withdrawnBy: by, isPrimary: false })
    .where(and(eq(evidenceFiles.id, fileId), isNull(evidenceFiles.withdrawnAt)));
}

/** After the primary file was withdrawn, the oldest remaining one becomes primary. */
export async function makeOldestFilePrimary(db: Database, { submissionId }: { submissionId: string }) {
  const oldest = db
    .select({ id: evidenceFiles.id })
    .from(evidenceFiles)
    .where(and(eq(evidenceFiles.submissionId, submissionId), isNull(evidenceFiles.withdrawnAt)))
    .orderBy(asc(evidenceFiles.createdAt), asc(evidenceFiles.id))
    .limit(1);
  await db.update(evidenceFiles).set({ isPrimary: true }).where(inArray(evidenceFiles.id, oldest));
}

/** Whether any grading decision judged this file (it then stays with the evidence for good). */
export async function fileWasJudged(db: Database, { fileId }: { fileId: string }): Promise<boolean> {
  const [row] = await db
    .select({ id: gradingDecisions.id })
    .from(gradingDecisions)
    .where(sql`${fileId}::uuid = any(${gradingDecisions.fileIds})`)
    .limit(1);
  return row !== undefined;
}

/** The files of these submissions that some grading decision judged: the set `fileWasJudged` asks of one. */
export async function listJudgedFileIds(db: Database, submissionIds: string[]): Promise<Set<string>> {
  if (submissionIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ fileId: sql<string>`unnest(${gradingDecisions.fileIds})` })
    .from(gradingDecisions)
    .where(inArray(gradingDecisions.submissionId, submissionIds));
  return new Set(rows.map((row) => row.fileId));
}
