import type { AssessmentRecord } from '@evident/core/assessment-record';
import type { UnitCoverage } from '@evident/core/coverage';
import { coverageMappingDocument } from '@evident/core/coverage';
import { listPackFiles } from '@evident/db/queries/audit-packs';
import { unitCoverage } from '@evident/db/queries/coverage';
import { listGradingDecisions, listUnitRecordRows } from '@evident/db/queries/grading';
import { listReportsForTasks } from '@evident/db/queries/third-party';
import type { Context } from '../context';
import { getAssessmentRecord } from '../routers/staff/assessment-record';
import { type PackValidationRound, readPackValidation } from './pack-validation';

/**
 * What goes into an audit pack (issue 30 §3), read from the database: for each student the
 * assessment record (files, declarations, decisions, observations, unit outcomes), every decision
 * with its real and acting identity and the unit's release, the third-party reports, and the files
 * to copy with where they live in the zip. The bytes themselves are streamed by the server's job.
 */

export type PackFile = {
  /** Path inside the zip: `Lastname-Firstname/Task-01-Title/01-name.ext`. */
  path: string;
  fileId: string;
  objectPath: string;
  fileName: string;
  fileType: string;
  /** The SHA-256 recorded when the file was sent; null for files from before hashing. */
  recordedSha256: string | null;
  taskNumber: number;
  taskTitle: string;
  uploadedAt: string;
  withdrawnAt: string | null;
};

export type PackStudent = {
  folder: string;
  record: AssessmentRecord;
  decisions: {
    taskNumber: number;
    taskTitle: string;
    status: string;
    assessorName: string | null;
    actingAdminName: string | null;
    unitRelease: string | null;
    comment: string | null;
    strategiesForReassessment: string | null;
    declaration: { version: number; declaredAt: string } | null;
    createdAt: string;
  }[];
  thirdPartyReports: {
    supervisorName: string;
    supervisorEmail: string;
    workplace: string;
    relationship: string;
    supervisorRole: string;
    signedName: string;
    submittedAt: string;
    items: unknown[];
    verifications: {
      assessorName: string | null;
      method: string;
      verifiedOn: string;
      note: string;
      createdAt: string;
    }[];
  }[];
  files: PackFile[];
};

export type PackContents = {
  coverage: UnitCoverage & { mappingDocument: string };
  students: PackStudent[];
  validation: PackValidationRound[];
};

/** Letters, digits and dashes only: a zip path every system unpacks the same way. */
export function plainName(text: string, fallback: string, max = 60): string {
  const plain = text
    .normalize('NFKD')
    .replace(/[^\w.-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, max);
  return plain || fallback;
}

const two = (n: number) => String(n).padStart(2, '0');

async function studentContents(
  db: Context['db'],
  unitId: string,
  studentId: string,
  index: number,
  now: Date,
): Promise<PackStudent> {
  // As an admin reads it: every student is in scope.
  const reader = { db, user: { id: 'audit-pack', role: 'rto_admin' as const } };
  const record = await getAssessmentRecord(reader, { studentId, unitId }, now);
  const rows = await listUnitRecordRows(db, { studentId, unitId });
  const taskOf = new Map(rows.map((row, i) => [row.taskId, { number: i + 1, title: row.title }]));
  const bySubmission = new Map(
    rows.flatMap((row, i) =>
      row.submissionId ? [[row.submissionId, { number: i + 1, title: row.title }]] : [],
    ),
  );
  const submissionIds = rows.flatMap((row) => (row.submissionId ? [row.submissionId] : []));
  const [decisions, reports, files] = await Promise.all([
    listGradingDecisions(db, { submissionIds }),
    listReportsForTasks(db, { studentId, taskIds: rows.map((row) => row.taskId) }),
    listPackFiles(db, { studentId, unitId }),
  ]);
  const folder = `${two(index + 1)}-${plainName(`${record.student.lastName}-${record.student.firstName}`, 'student')}`;
  const perTask = new Map<string, number>();
  return {
    folder,
    record,
    decisions: decisions.map((decision) => {
      const task = bySubmission.get(decision.submissionId);
      return {
        taskNumber: task?.number ?? 0,
        taskTitle: task?.title ?? '',
        status: decision.status,
        assessorName: decision.assessorName,
        actingAdminName: decision.actingAdminName,
        unitRelease: decision.unitRelease,
        comment: decision.comment,
        strategiesForReassessment: decision.strategiesForReassessment,
        declaration:
          decision.declarationVersion !== null && decision.declaredAt
            ? { version: decision.declarationVersion, declaredAt: decision.declaredAt.toISOString() }
            : null,
        createdAt: decision.createdAt.toISOString(),
      };
    }),
    thirdPartyReports: reports.map((report) => ({
      supervisorName: report.request.supervisorName,
      supervisorEmail: report.request.supervisorEmail,
      workplace: report.request.workplace,
      relationship: report.request.relationship,
      supervisorRole: report.supervisorRole,
      signedName: report.signedName,
      submittedAt: report.submittedAt.toISOString(),
      items: report.items,
      verifications: report.verifications.map((check) => ({
        assessorName: check.assessorName,
        method: check.method,
        verifiedOn: String(check.verifiedOn),
        note: check.note,
        createdAt: check.createdAt.toISOString(),
      })),
    })),
    files: files.map((file) => {
      const task = taskOf.get(file.taskId) ?? { number: 0, title: 'Task' };
      const n = (perTask.get(file.taskId) ?? 0) + 1;
      perTask.set(file.taskId, n);
      const taskFolder = `Task-${two(task.number)}-${plainName(task.title, 'task', 40)}`;
      return {
        path: `${folder}/${taskFolder}/${two(n)}-${plainName(file.fileName, 'file', 80)}`,
        fileId: file.id,
        objectPath: file.objectPath,
        fileName: file.fileName,
        fileType: file.fileType,
        recordedSha256: file.sha256,
        taskNumber: task.number,
        taskTitle: task.title,
        uploadedAt: file.createdAt.toISOString(),
        withdrawnAt: file.withdrawnAt?.toISOString() ?? null,
      };
    }),
  };
}

/** Everything but the bytes, for the pack's students in its order. */
export async function readPackContents(
  db: Context['db'],
  pack: { unitId: string; studentIds: string[] },
  now = new Date(),
): Promise<PackContents> {
  const coverage = await unitCoverage(db, pack.unitId);
  if (!coverage) throw new Error('the unit of this pack is gone');
  const students: PackStudent[] = [];
  // One at a time: a large sample reads a little at once.
  for (const [index, studentId] of pack.studentIds.entries())
    students.push(await studentContents(db, pack.unitId, studentId, index, now));
  const validation = await readPackValidation(db, pack, now);
  return {
    coverage: { ...coverage, mappingDocument: coverageMappingDocument(coverage) },
    students,
    validation,
  };
}
