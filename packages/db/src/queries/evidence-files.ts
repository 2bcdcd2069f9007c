import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { evidenceFiles, submissions } from '../schema/evidence';
import type { SubmissionRow } from './submissions';

export type EvidenceFileRow = typeof evidenceFiles.$inferSelect;

export async function countSubmissionFiles(db: Database, submissionId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(evidenceFiles)
    .where(eq(evidenceFiles.submissionId, submissionId));
  return row?.n ?? 0;
}

export type NewEvidenceFile = {
  submissionId: string;
  objectPath: string;
  fileName: string;
  fileType: string;
  fileSize: number;
  isPrimary: boolean;
  /** `pending` queues a video for background processing. */
  videoStatus?: 'pending';
};

export async function insertEvidenceFile(db: Database, file: NewEvidenceFile): Promise<EvidenceFileRow> {
  const [row] = await db.insert(evidenceFiles).values(file).returning();
  if (!row) throw new Error('insert returned no evidence file');
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

export async function setEvidenceThumbnail(
  db: Database,
  { fileId, thumbnailPath }: { fileId: string; thumbnailPath: string },
): Promise<void> {
  await db.update(evidenceFiles).set({ thumbnailPath }).where(eq(evidenceFiles.id, fileId));
}

/** A submission's files, the primary one first, then in the order they were added; withdrawn ones never. */
export async function listSubmissionFiles(db: Database, submissionIds: string[]): Promise<EvidenceFileRow[]> {
  if (submissionIds.length === 0) return [];
  return db
    .select()
    .from(evidenceFiles)
    .where(and(inArray(evidenceFiles.submissionId, submissionIds), isNull(evidenceFiles.withdrawnAt)))
    .orderBy(desc(evidenceFiles.isPrimary), asc(evidenceFiles.createdAt), asc(evidenceFiles.id));
}
