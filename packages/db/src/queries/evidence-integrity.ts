import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { tasks } from '../schema/curriculum';
import { evidenceFiles, submissions } from '../schema/evidence';
import { users } from '../schema/users';

/** One recorded file as `pnpm cli verify-evidence` checks and lists it. */
export type FileToVerify = {
  id: string;
  objectPath: string;
  fileName: string;
  fileSize: number;
  sha256: string | null;
  sha256RecordedLaterAt: Date | null;
  createdAt: Date;
  withdrawnAt: Date | null;
  studentName: string;
  studentEmail: string;
  taskTitle: string;
};

/**
 * Every recorded evidence file, withdrawn ones too (the record keeps them), a page at a time in id
 * order: `afterId` is the last id of the previous page, so a store of any size is walked in constant
 * memory and files recorded meanwhile are not skipped or seen twice.
 */
export async function listFilesToVerify(
  db: Database,
  { afterId, limit }: { afterId: string | null; limit: number },
): Promise<FileToVerify[]> {
  return db
    .select({
      id: evidenceFiles.id,
      objectPath: evidenceFiles.objectPath,
      fileName: evidenceFiles.fileName,
      fileSize: evidenceFiles.fileSize,
      sha256: evidenceFiles.sha256,
      sha256RecordedLaterAt: evidenceFiles.sha256RecordedLaterAt,
      createdAt: evidenceFiles.createdAt,
      withdrawnAt: evidenceFiles.withdrawnAt,
      studentName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
      studentEmail: users.email,
      taskTitle: tasks.title,
    })
    .from(evidenceFiles)
    .innerJoin(submissions, eq(submissions.id, evidenceFiles.submissionId))
    .innerJoin(users, eq(users.id, submissions.studentId))
    .innerJoin(tasks, eq(tasks.id, submissions.taskId))
    .where(afterId ? gt(evidenceFiles.id, afterId) : undefined)
    .orderBy(asc(evidenceFiles.id))
    .limit(limit);
}

/**
 * Records a hash taken after the file was recorded, marked as such, only where the file still has
 * none: two runs (or servers) at once cannot overwrite each other's, nor one taken at recording.
 * True when this call recorded it.
 */
export async function recordLaterHash(
  db: Database,
  { fileId, sha256, at }: { fileId: string; sha256: string; at: Date },
): Promise<boolean> {
  const rows = await db
    .update(evidenceFiles)
    .set({ sha256, sha256RecordedLaterAt: at })
    .where(and(eq(evidenceFiles.id, fileId), isNull(evidenceFiles.sha256)))
    .returning({ id: evidenceFiles.id });
  return rows.length === 1;
}
