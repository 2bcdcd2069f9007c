import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { tasks } from '../schema/curriculum';
import { declarations, declarationTexts } from '../schema/declarations';
import { evidenceFiles, submissions } from '../schema/evidence';
import { users } from '../schema/users';

/**
 * Whether any of a student's evidence in a unit (files not withdrawn, on any of its tasks, archived
 * ones too: their evidence still counts towards the outcome) lacks the student's declaration. A unit
 * outcome cannot be Competent while this is true.
 */
export async function hasUndeclaredEvidence(
  db: Database,
  { studentId, unitId }: { studentId: string; unitId: string },
): Promise<boolean> {
  const [row] = await db
    .select({ id: evidenceFiles.id })
    .from(evidenceFiles)
    .innerJoin(submissions, eq(submissions.id, evidenceFiles.submissionId))
    .innerJoin(tasks, eq(tasks.id, submissions.taskId))
    .where(
      and(
        eq(submissions.studentId, studentId),
        eq(tasks.unitId, unitId),
        isNull(evidenceFiles.withdrawnAt),
        isNull(evidenceFiles.declarationId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export type UndeclaredFile = {
  id: string;
  fileName: string;
  createdAt: Date;
  taskId: string;
  taskTitle: string;
};

/** A student's files still to declare (not withdrawn), oldest first; one task's when `taskId` is given. */
export async function listUndeclaredFiles(
  db: Database,
  { studentId, taskId }: { studentId: string; taskId?: string },
): Promise<UndeclaredFile[]> {
  return db
    .select({
      id: evidenceFiles.id,
      fileName: evidenceFiles.fileName,
      createdAt: evidenceFiles.createdAt,
      taskId: tasks.id,
      taskTitle: tasks.title,
    })
    .from(evidenceFiles)
    .innerJoin(submissions, eq(submissions.id, evidenceFiles.submissionId))
    .innerJoin(tasks, eq(tasks.id, submissions.taskId))
    .where(
      and(
        eq(submissions.studentId, studentId),
        isNull(evidenceFiles.withdrawnAt),
        isNull(evidenceFiles.declarationId),
        taskId ? eq(tasks.id, taskId) : undefined,
      ),
    )
    .orderBy(asc(evidenceFiles.createdAt), asc(evidenceFiles.id));
}

/**
 * Of the given file ids, those that are the student's, each with its declaration (if any) and
 * whether it was withdrawn. The caller compares with what it asked for to tell "not yours" from
 * "already declared".
 */
export async function findStudentFiles(
  db: Database,
  { studentId, fileIds }: { studentId: string; fileIds: string[] },
): Promise<{ id: string; declarationId: string | null; withdrawn: boolean }[]> {
  if (fileIds.length === 0) return [];
  const rows = await db
    .select({
      id: evidenceFiles.id,
      declarationId: evidenceFiles.declarationId,
      withdrawnAt: evidenceFiles.withdrawnAt,
    })
    .from(evidenceFiles)
    .innerJoin(submissions, eq(submissions.id, evidenceFiles.submissionId))
    .where(and(eq(submissions.studentId, studentId), inArray(evidenceFiles.id, fileIds)));
  return rows.map((r) => ({ id: r.id, declarationId: r.declarationId, withdrawn: r.withdrawnAt !== null }));
}

/**
 * Points undeclared files at a declaration; a file already declared keeps its own (a declaration is
 * never replaced). Returns the ids it set. Call in the transaction that recorded the declaration.
 */
export async function attachDeclaration(
  db: Database,
  { fileIds, declarationId }: { fileIds: string[]; declarationId: string },
): Promise<string[]> {
  if (fileIds.length === 0) return [];
  const rows = await db
    .update(evidenceFiles)
    .set({ declarationId })
    .where(and(inArray(evidenceFiles.id, fileIds), isNull(evidenceFiles.declarationId)))
    .returning({ id: evidenceFiles.id });
  return rows.map((r) => r.id);
}

export type DeclarationRecord = {
  id: string;
  kind: 'student' | 'assessor';
  version: number;
  userId: string | null;
  actingAdminId: string | null;
  createdAt: Date;
};

/** Declarations by id, for screens and the PDF that show which version covered a file or decision. */
export async function findDeclarations(db: Database, ids: string[]): Promise<Map<string, DeclarationRecord>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select().from(declarations).where(inArray(declarations.id, unique));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Saves new wording as the next version of the kind and returns it; earlier versions are never
 * changed. Two admins saving at once: the second's insert meets the first's version (the primary
 * key) and fails rather than overwrite; the caller says so.
 */
export async function addDeclarationText(
  db: Database,
  input: { kind: 'student' | 'assessor'; text: string; by: string; at: Date },
) {
  const [latest] = await db
    .select({ version: declarationTexts.version })
    .from(declarationTexts)
    .where(eq(declarationTexts.kind, input.kind))
    .orderBy(desc(declarationTexts.version))
    .limit(1);
  const [row] = await db
    .insert(declarationTexts)
    .values({
      kind: input.kind,
      version: (latest?.version ?? 0) + 1,
      text: input.text,
      createdBy: input.by,
      createdAt: input.at,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** Every version of both kinds, newest first within a kind, with who saved each (null: shipped with the app). */
export async function listDeclarationHistory(db: Database) {
  return db
    .select({
      kind: declarationTexts.kind,
      version: declarationTexts.version,
      text: declarationTexts.text,
      createdAt: declarationTexts.createdAt,
      createdByName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(declarationTexts)
    .leftJoin(users, eq(users.id, declarationTexts.createdBy))
    .orderBy(asc(declarationTexts.kind), desc(declarationTexts.version));
}

/**
 * Per student, their files in a unit still waiting for their declaration (not withdrawn), oldest
 * first: what the Email Outstanding reminder asks them to declare.
 */
export async function listUndeclaredInUnit(
  db: Database,
  { unitId, studentIds }: { unitId: string; studentIds: string[] },
): Promise<Map<string, { fileName: string; taskTitle: string }[]>> {
  const found = new Map<string, { fileName: string; taskTitle: string }[]>();
  if (studentIds.length === 0) return found;
  const rows = await db
    .select({ studentId: submissions.studentId, fileName: evidenceFiles.fileName, taskTitle: tasks.title })
    .from(evidenceFiles)
    .innerJoin(submissions, eq(submissions.id, evidenceFiles.submissionId))
    .innerJoin(tasks, eq(tasks.id, submissions.taskId))
    .where(
      and(
        eq(tasks.unitId, unitId),
        inArray(submissions.studentId, studentIds),
        isNull(evidenceFiles.withdrawnAt),
        isNull(evidenceFiles.declarationId),
      ),
    )
    .orderBy(asc(evidenceFiles.createdAt), asc(evidenceFiles.id));
  for (const { studentId, ...file } of rows) found.set(studentId, [...(found.get(studentId) ?? []), file]);
  return found;
}
