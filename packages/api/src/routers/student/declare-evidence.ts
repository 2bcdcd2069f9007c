import { AppError } from '@evident/core/errors';
import { recordAudit } from '@evident/db/queries/audit';
import {
  attachDeclaration,
  findStudentFiles,
  listUndeclaredFiles,
} from '@evident/db/queries/evidence-declarations';
import { z } from 'zod';
import type { Services } from '../../context';
import { declareIfGiven } from '../../rules/declarations';
import { dateOutput } from '../../views/common-outputs';

/** `student.evidence.listUndeclared` / `GET /api/student/evidence/undeclared`: what is still to declare. */
export const undeclaredFilesOutput = z.array(
  z.object({
    id: z.string(),
    fileName: z.string(),
    createdAt: dateOutput,
    taskId: z.string(),
    taskTitle: z.string(),
  }),
);

export const undeclaredFilesInput = z
  .object({ taskId: z.uuid({ error: 'taskId must be a task id' }).optional() })
  .optional();

export function listUndeclared(deps: Pick<Services, 'db'>, studentId: string, taskId?: string) {
  return listUndeclaredFiles(deps.db, { studentId, taskId });
}

export const declaredEvidenceOutput = z.object({
  declarationVersion: z.number(),
  declaredAt: dateOutput,
  fileIds: z.array(z.string()).describe('The files this declaration now covers'),
});

/**
 * `student.declarations.record` / `POST /api/evidence/declare`: one declaration for files the student
 * recorded without one. Every id must be the student's own file, not withdrawn and still undeclared,
 * or nothing is written: a declaration is never moved from one file to another, nor made for
 * someone else's evidence.
 */
export async function declareEvidence(
  deps: Pick<Services, 'db'>,
  who: { studentId: string; actorId: string },
  input: { fileIds: string[]; declarationVersion: number },
  now: Date = new Date(),
) {
  const { studentId, actorId } = who;
  return deps.db.transaction(async (tx) => {
    const found = await findStudentFiles(tx, { studentId, fileIds: input.fileIds });
    const byId = new Map(found.map((file) => [file.id, file]));
    const missing = input.fileIds.filter((id) => !byId.has(id) || byId.get(id)?.withdrawn);
    if (missing.length > 0)
      throw new AppError(
        'NOT_FOUND',
        `${missing.length === 1 ? 'Evidence file' : 'Evidence files'} not found: ${missing.join(', ')}. Nothing was declared.`,
      );
    const declared = found.filter((file) => file.declarationId !== null).map((file) => file.id);
    if (declared.length > 0)
      throw new AppError(
        'CONFLICT',
        `${declared.length === 1 ? 'This file is' : `${declared.length} files are`} already declared: ${declared.join(', ')}. Nothing was declared; reload to see what is left.`,
      );
    const declarationId = await declareIfGiven(tx, {
      kind: 'student',
      version: input.declarationVersion,
      userId: studentId,
      actingAdminId: actorId === studentId ? null : actorId,
      now,
    });
    if (!declarationId) throw new Error('declaration was not recorded');
    const fileIds = await attachDeclaration(tx, { fileIds: input.fileIds, declarationId });
    // Two requests at once: the second finds the files taken and writes nothing.
    if (fileIds.length !== input.fileIds.length)
      throw new AppError(
        'CONFLICT',
        'Some of these files were declared a moment ago. Nothing was declared; reload.',
      );
    await recordAudit(tx, {
      actorId,
      actingAsId: actorId === studentId ? null : studentId,
      action: 'evidence.declared',
      subjectId: studentId,
      detail: { fileIds, declarationVersion: input.declarationVersion },
    });
    return { declarationVersion: input.declarationVersion, declaredAt: now, fileIds };
  });
}
