import type { AssessmentRecord } from '@evident/core/assessment-record';
import { idSchema } from '@evident/core/curriculum-inputs';
import { AppError } from '@evident/core/errors';
import { findDeclarations } from '@evident/db/queries/evidence-declarations';
import {
  type EvidenceFileRow,
  listSubmissionFiles,
  listWithdrawnSubmissionFiles,
} from '@evident/db/queries/evidence-files';
import { listGradingDecisions, listUnitRecordRows } from '@evident/db/queries/grading';
import { listObservations } from '@evident/db/queries/observations';
import { listStudentUnitOutcomes } from '@evident/db/queries/unit-outcomes';
import { findUnit } from '@evident/db/queries/units';
import { findUserById, namesOfUsers } from '@evident/db/queries/users';
import { z } from 'zod';
import { refuseStudentsOutOfScope, type ScopeReader } from '../../rules/class-scope';
import { orgTimeZone } from '../../rules/org-time-zone';
import { toObservationView } from '../../views/observation-views';
import { namesOfRecordingAdmins } from '../../views/recorded-by';
import { reportsFor } from '../third-party/reports';

export const assessmentRecordInput = z.object({
  studentId: idSchema('studentId'),
  unitId: idSchema('unitId'),
});

/** Who withdrew each file and when: the student, or an admin viewing the app as them. */
async function withdrawalsOf(
  db: ScopeReader['db'],
  files: EvidenceFileRow[],
  student: { id: string; firstName: string; lastName: string },
) {
  const admins = await namesOfUsers(
    db,
    files.flatMap((file) => (file.withdrawnBy && file.withdrawnBy !== student.id ? [file.withdrawnBy] : [])),
  );
  return (file: EvidenceFileRow) => {
    if (!file.withdrawnAt) return null;
    const at = file.withdrawnAt.toISOString();
    if (file.withdrawnBy === student.id) {
      return { at, byName: `${student.firstName} ${student.lastName}`.trim(), byAdmin: false };
    }
    // A withdrawer since removed (the column is then null) was an admin: a student's account stays.
    const byName = (file.withdrawnBy && admins.get(file.withdrawnBy)) || 'a former admin';
    return { at, byName, byAdmin: true };
  };
}

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
  const [current, withdrawn, decisions, { timeZone }, outcomes] = await Promise.all([
    listSubmissionFiles(deps.db, submissionIds),
    listWithdrawnSubmissionFiles(deps.db, submissionIds),
    listGradingDecisions(deps.db, { submissionIds }),
    orgTimeZone(deps.db),
    listStudentUnitOutcomes(deps.db, input),
  ]);
  const files = [...current, ...withdrawn];
  const observations = (await listObservations(deps.db, submissionIds)).map(toObservationView);
  const supervisorReports = await reportsFor(deps.db, student.id);
  const [recorders, withdrawal, declared] = await Promise.all([
    namesOfRecordingAdmins(deps.db, files, student.id),
    withdrawalsOf(deps.db, withdrawn, student),
    findDeclarations(
      deps.db,
      files.flatMap((file) => (file.declarationId ? [file.declarationId] : [])),
    ),
  ]);
  const declarationOf = (id: string | null) => {
    const found = id ? declared.get(id) : undefined;
    return found ? { version: found.version, declaredAt: found.createdAt.toISOString() } : null;
  };
  return {
    student: {
      id: student.id,
      firstName: student.firstName,
      lastName: student.lastName,
      email: student.email,
    },
    unit: { id: unit.id, unitCode: unit.unitCode, title: unit.title },
    generatedAt: now.toISOString(),
    timeZone,
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
          sha256: file.sha256,
          sha256RecordedLaterAt: file.sha256RecordedLaterAt?.toISOString() ?? null,
          withdrawal: withdrawal(file),
          declaration: declarationOf(file.declarationId),
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
          declaration:
            decision.declarationVersion !== null && decision.declaredAt
              ? { version: decision.declarationVersion, declaredAt: decision.declaredAt.toISOString() }
              : null,
        })),
      observations: observations
        .filter((observation) => observation.submissionId === row.submissionId)
        .map(({ id: _id, submissionId: _submission, createdAt, ...observation }) => ({
          ...observation,
          createdAt: createdAt.toISOString(),
        })),
      thirdPartyReports: supervisorReports.flatMap((report) =>
        report.items
          .filter((item) => item.taskId === row.taskId)
          .map((item) => ({
            label: report.label,
            supervisorName: report.supervisorName,
            workplace: report.workplace,
            relationship: report.relationship,
            supervisorRole: report.supervisorRole,
            supervisedFor: report.supervisedFor,
            experience: report.experience,
            observed: item.observed,
            dates: item.dates,
            comment: item.comment,
            signedName: report.signedName,
            declarationVersion: report.declarationVersion,
            submittedAt: report.submittedAt.toISOString(),
            verifications: report.verifications.map(({ method, verifiedOn, note, assessorName }) => ({
              method,
              verifiedOn,
              note,
              assessorName,
            })),
          })),
      ),
    })),
    unitOutcomes: outcomes.map(({ id: _id, studentId: _s, unitId: _u, ...outcome }) => ({
      ...outcome,
      createdAt: outcome.createdAt.toISOString(),
      supersededAt: outcome.supersededAt?.toISOString() ?? null,
    })),
  };
}
