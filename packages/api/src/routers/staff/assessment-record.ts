import type { AssessmentRecord } from '@evident/core/assessment-record';
import { idSchema } from '@evident/core/curriculum-inputs';
import { AppError } from '@evident/core/errors';
import { listSubmissionFiles } from '@evident/db/queries/evidence-files';
import { listGradingDecisions, listUnitRecordRows } from '@evident/db/queries/grading';
import { findUnit } from '@evident/db/queries/units';
import { findUserById } from '@evident/db/queries/users';
import { z } from 'zod';
import { refuseStudentsOutOfScope, type ScopeReader } from '../../rules/class-scope';
import { namesOfRecordingAdmins } from '../../views/recorded-by';

export const assessmentRecordInput = z.object({
  studentId: idSchema('studentId'),
  unitId: idSchema('unitId'),
});

export async function getAssessmentRecord(
  deps: ScopeReader,
  input: z.infer<typeof assessmentRecordInput>,
  now: Date = new Date(),
): Promise<AssessmentRecord> {
  const [student, unit] = await Promise.all([
    findUserById(deps.db, input.studentId),
    findUnit(deps.db, input.unitId),
  ]);
  if (student?.role !== 'student') throw new AppError('NOT_FOUND', 'Student not found');
  if (!unit) throw new AppError('NOT_FOUND', 'Unit not found');
  await refuseStudentsOutOfScope(deps, [student.id]);
  const rows = await listUnitRecordRows(deps.db, input);
  const submissionIds = rows.flatMap((row) => (row.submissionId ? [row.submissionId] : []));
  const [files, decisions] = await Promise.all([
    listSubmissionFiles(deps.db, submissionIds),
    listGradingDecisions(deps.db, { submissionIds }),
  ]);
  const recorders = await namesOfRecordingAdmins(deps.db, files, student.id);
  return {
    student: {
      id: student.id,
      firstName: student.firstName,
      lastName: student.lastName,
      email: student.email,
    },
    unit: { id: unit.id, unitCode: unit.unitCode, title: unit.title },
    generatedAt: now.toISOString(),
    tasks: rows.map((row, index) => ({
      number: index + 1,
      title: row.title,
      description: row.description,
      status: row.status ?? 'pending',
      submittedAt: row.submittedAt?.toISOString() ?? null,
      files: files
        .filter((file) => file.submissionId === row.submissionId)
        .map((file) => ({
          fileName: file.fileName,
          fileType: file.fileType,
          fileSize: file.fileSize,
          uploadedAt: file.createdAt.toISOString(),
          capturedAt: file.capturedAt?.toISOString() ?? null,
          recordedByAdminName: recorders(file),
        })),
      decisions: decisions
        .filter((decision) => decision.submissionId === row.submissionId)
        .map((decision) => ({
          status: decision.status === 'satisfactory' ? 'satisfactory' : 'not_yet_satisfactory',
          assessorName: decision.assessorName,
          actingAdminName: decision.actingAdminName,
          comment: decision.comment,
          strategiesForReassessment: decision.strategiesForReassessment,
          fileCount: decision.fileIds.length,
          createdAt: decision.createdAt.toISOString(),
        })),
    })),
  };
}
