import { stringify } from 'csv-stringify/sync';
import type { PackContents } from './pack-contents';

/**
 * The pack's manifest (issue 30 §3), written last into the zip as `manifest.json` and `manifest.csv`.
 * `files` lists every other entry of the zip with its SHA-256 and size: what `pnpm cli verify-pack`
 * checks. The JSON carries the whole record; the CSV lists the files for a spreadsheet, with
 * formula-like text defused as the other exports do.
 */

export const manifestFormat = 'evident-audit-pack/1';
export const manifestJsonPath = 'manifest.json';
export const manifestCsvPath = 'manifest.csv';

export type ManifestEntry = {
  path: string;
  sha256: string;
  size: number;
  kind: 'evidence' | 'assessment-record-pdf' | 'mapping' | 'validation-report-pdf' | 'validation-record';
  studentName: string | null;
  taskNumber: number | null;
  taskTitle: string | null;
  /** The evidence file's name as the student sent it. */
  originalName: string | null;
  uploadedAt: string | null;
  withdrawnAt: string | null;
  /** When the SHA-256 was the one recorded as the file was sent (not taken while packing). */
  hashRecordedAtUpload: boolean | null;
};

export type PackMeta = {
  id: string;
  createdAt: string;
  requestedBy: string | null;
  /** Set for an ASQA sample drawn at random: how many, from how many who completed the unit. */
  sample: { size: number } | null;
};

/** The path of a round's report and of its record (JSON) inside the zip. */
export const validationReportPath = (folder: string) => `${folder}/validation-report.pdf`;
export const validationRecordPath = (folder: string) => `${folder}/validation-round.json`;

/**
 * The validation rounds that sampled the pack's students (issue 30 §2): each with the reviews of
 * those students' records, the tool's reviews, the actions, and where its report and record lie.
 */
function validationRecords(contents: PackContents) {
  return {
    included: true,
    note:
      contents.validation.length === 0
        ? "No validation round has sampled these students' records in this unit."
        : `${contents.validation.length} validation round${contents.validation.length === 1 ? '' : 's'} sampled these students' records in this unit.`,
    rounds: contents.validation.map((round) => ({
      ...round.record,
      reportPath: validationReportPath(round.folder),
      recordPath: validationRecordPath(round.folder),
    })),
  };
}

export function manifestJson(meta: PackMeta, contents: PackContents, entries: ManifestEntry[]): Buffer {
  const { coverage } = contents;
  const manifest = {
    format: manifestFormat,
    pack: meta,
    unit: coverage.unit,
    requirements: coverage.items.map((item) => ({
      key: item.key,
      section: item.section,
      parentKey: item.parentKey,
      text: item.text,
      coverable: item.coverable,
      taskIds: item.taskIds,
    })),
    tasks: coverage.tasks,
    uncoveredRequirements: coverage.uncovered,
    mappingDocument: coverage.mappingDocument,
    validationRecords: validationRecords(contents),
    students: contents.students.map((student) => ({
      folder: student.folder,
      student: student.record.student,
      unitOutcomes: student.record.unitOutcomes,
      tasks: student.record.tasks,
      decisions: student.decisions,
      thirdPartyReports: student.thirdPartyReports,
    })),
    files: entries,
  };
  return Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
}

export function manifestCsv(entries: ManifestEntry[]): Buffer {
  const header = [
    'Path',
    'SHA-256',
    'Bytes',
    'Kind',
    'Student',
    'Task',
    'Task title',
    'Original name',
    'Uploaded at',
    'Withdrawn at',
    'Hash recorded at upload',
  ];
  const rows = entries.map((entry) => [
    entry.path,
    entry.sha256,
    entry.size,
    entry.kind,
    entry.studentName ?? '',
    entry.taskNumber ?? '',
    entry.taskTitle ?? '',
    entry.originalName ?? '',
    entry.uploadedAt ?? '',
    entry.withdrawnAt ?? '',
    entry.hashRecordedAtUpload === null ? '' : entry.hashRecordedAtUpload ? 'yes' : 'no',
  ]);
  return Buffer.from(
    stringify([header, ...rows], { bom: true, record_delimiter: 'windows', escape_formulas: true }),
  );
}
