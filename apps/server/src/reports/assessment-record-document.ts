import type { AssessmentRecord, RecordDecision } from '@evident/core/assessment-record';
import { formatKilobytes } from '@evident/core/file-size';
import { gradeStatusLabels } from '@evident/core/grading';
import { taskStatusLabels } from '@evident/core/student-progress';
import { formatDateTime, timeZoneLabel } from '@evident/core/time-zone';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { observationsSection } from './observation-section';
import { pageSetup, reportStyles } from './pdf-styles';
import { inFonts } from './pdf-text';
import { thirdPartySection } from './third-party-section';
import { unitOutcomeSection } from './unit-outcome-section';

type Task = AssessmentRecord['tasks'][number];
type RecordFile = Task['files'][number];
/** A moment as the record writes it: in the organisation's zone, which the header names once. */
type At = (iso: string) => string;

/** A table's header row; its first cell carries the id a heading is kept with (see `keptTogether`). */
const header = (id: string, labels: string[]): TableCell[] =>
  labels.map((text, index) => (index === 0 ? { id, text, style: 'th' } : { text, style: 'th' }));

/**
 * The headings that must not end a page apart from what they head, by node id: a task's heading and
 * its Evidence heading stay with the files table's header (which its first row stays with:
 * `keepWithHeaderRows`), the Decisions heading with the decisions'.
 */
const ids = (task: Task) => ({
  heading: `task-${task.number}`,
  evidence: `task-${task.number}-evidence`,
  files: `task-${task.number}-files`,
  decisionsHeading: `task-${task.number}-decisions`,
  decisions: `task-${task.number}-decision-rows`,
});

function keptTogether(tasks: Task[]): Map<string, string> {
  return new Map(
    tasks.flatMap((task) => {
      const id = ids(task);
      return [
        [id.heading, id.files],
        [id.evidence, id.files],
        [id.decisionsHeading, id.decisions],
      ];
    }),
  );
}

const withdrawnColour = '#666666';

function withdrawalNote(withdrawal: NonNullable<RecordFile['withdrawal']>, at: At): string {
  const by = withdrawal.byAdmin ? `admin ${withdrawal.byName}` : withdrawal.byName;
  return `Withdrawn ${at(withdrawal.at)} by ${by}`;
}

/**
 * The file's SHA-256 under its name, whole: on paper nothing can be copied, and an auditor compares
 * it with `sha256sum` of the file. In groups of 16 so it wraps in a narrow column and reads in chunks.
 */
function hashNote(file: RecordFile, at: At): Content {
  if (!file.sha256) return { text: 'No SHA-256: recorded before files were hashed', style: 'hash' };
  const groups = file.sha256.match(/.{1,16}/g)?.join(' ') ?? file.sha256;
  // A hash taken later proves the bytes unchanged only since then, not since the student sent them.
  const label = file.sha256RecordedLaterAt
    ? `SHA-256 (taken ${at(file.sha256RecordedLaterAt)}, after the file was recorded): `
    : 'SHA-256: ';
  return { text: `${label}${groups}`, style: 'hash' };
}

/** Issue 29: the student's declaration that the file is their own work, or that there is none. */
function declarationNote(declaration: RecordFile['declaration'], at: At): Content {
  if (!declaration) return { text: 'Not declared', bold: true };
  return {
    text: `Declared own work (version ${declaration.version}, ${at(declaration.declaredAt)})`,
    style: 'hash',
  };
}

function fileRow(file: RecordFile, at: At): TableCell[] {
  // A withdrawn file stays in the record, greyed: it is no longer part of what was judged.
  const tone = file.withdrawal ? { color: withdrawnColour } : {};
  const name = {
    stack: [
      inFonts(file.fileName),
      ...(file.withdrawal ? [{ text: inFonts(withdrawalNote(file.withdrawal, at)), bold: true }] : []),
      hashNote(file, at),
      declarationNote(file.declaration, at),
    ],
  };
  // Dates, types and sizes on one line each: the file's name and the notes wrap instead.
  const line = (text: string) => ({ text, noWrap: true, ...tone });
  return [
    { ...name, ...tone },
    line(file.fileType),
    line(formatKilobytes(file.fileSize)),
    // Files from before capture times were kept have none.
    line(file.capturedAt ? at(file.capturedAt) : ''),
    file.recordedByAdminName
      ? {
          stack: [
            { text: at(file.uploadedAt), noWrap: true },
            { text: inFonts(`recorded by admin ${file.recordedByAdminName}`) },
          ],
          ...tone,
        }
      : line(at(file.uploadedAt)),
  ];
}

function filesTable(task: Task, at: At): Content {
  const id = ids(task).files;
  if (task.files.length === 0) return { id, text: 'No evidence files.', style: 'muted' };
  return {
    table: {
      headerRows: 1,
      keepWithHeaderRows: 1,
      widths: ['*', 'auto', 'auto', 'auto', 'auto'],
      body: [
        // Captured is when the device took it; Received is when it reached us (issue 18: a file
        // captured offline and sent hours later was on time by its capture).
        header(id, ['File', 'Type', 'Size', 'Captured', 'Received']),
        ...task.files.map((file) => fileRow(file, at)),
      ],
    },
    layout: 'lightHorizontalLines',
    style: 'table',
  };
}

function decisionBy(decision: RecordDecision): string {
  const assessor = decision.assessorName ?? 'Former assessor';
  return decision.actingAdminName ? `${assessor} (made by admin ${decision.actingAdminName})` : assessor;
}

function decisionsTable(task: Task, at: At): Content {
  const id = ids(task).decisions;
  if (task.decisions.length === 0) return { id, text: 'No decisions yet.', style: 'muted' };
  return {
    table: {
      headerRows: 1,
      keepWithHeaderRows: 1,
      widths: ['auto', 'auto', 'auto', '*', '*'],
      body: [
        header(id, ['Date', 'Decision', 'Assessor', 'Comment', 'Strategies for reassessment']),
        ...task.decisions.map((decision) => [
          { text: at(decision.createdAt), noWrap: true },
          gradeStatusLabels[decision.status],
          {
            stack: [
              { text: inFonts(decisionBy(decision)) },
              // The assessor's declaration that the judgement follows the rules of evidence (issue 29).
              decision.declaration
                ? { text: `Declared (version ${decision.declaration.version})`, style: 'hash' }
                : { text: 'Not declared', bold: true },
            ],
          },
          { text: inFonts(decision.comment ?? '') },
          { text: inFonts(decision.strategiesForReassessment ?? '') },
        ]),
      ],
    },
    layout: 'lightHorizontalLines',
    style: 'table',
  };
}

function taskSection(task: Task, at: At): Content {
  const id = ids(task);
  return {
    stack: [
      { id: id.heading, text: inFonts(`Task ${task.number}: ${task.title}`), style: 'h2' },
      {
        text: [
          { text: 'Status: ', bold: true },
          taskStatusLabels[task.status],
          task.submittedAt ? `   Submitted ${at(task.submittedAt)}` : '',
        ],
      },
      task.description ? { text: inFonts(task.description), style: 'description' } : '',
      { id: id.evidence, text: 'Evidence', style: 'h3' },
      filesTable(task, at),
      observationsSection(task, at),
      thirdPartySection(task, at),
      { id: id.decisionsHeading, text: 'Decisions', style: 'h3' },
      decisionsTable(task, at),
    ],
    margin: [0, 0, 0, 14],
  };
}

export function assessmentRecordDocument(record: AssessmentRecord): TDocumentDefinitions {
  const studentName = `${record.student.firstName} ${record.student.lastName}`.trim();
  const satisfied = record.tasks.filter((task) => task.status === 'satisfactory').length;
  const at: At = (iso) => formatDateTime(iso, record.timeZone);
  const keepWith = keptTogether(record.tasks);
  return {
    info: {
      title: `Assessment record: ${studentName}, ${record.unit.unitCode}`,
      subject: `${record.unit.unitCode} ${record.unit.title}`,
      creator: 'Evident',
    },
    ...pageSetup,
    footer: (page, pages) => ({
      text: inFonts(`${studentName} · ${record.unit.unitCode} · page ${page} of ${pages}`),
      style: 'muted',
      alignment: 'center',
      margin: [0, 16, 0, 0],
    }),
    // pdfmake asks this of each node once laid out; a break it asks for lays the document out again.
    pageBreakBefore: (node, nodes) => {
      const rowsId = node.id ? keepWith.get(node.id) : undefined;
      if (!rowsId) return false;
      const page = node.startPosition.pageNumber;
      // Already at a page's top: moving it would only leave that page empty.
      if (nodes.getPreviousNodesOnPage().length === 0) return false;
      const rows = nodes.getFollowingNodesOnPage().find((following) => following.id === rowsId);
      return rows?.startPosition.pageNumber !== page;
    },
    content: [
      { text: 'Assessment record', style: 'h1' },
      { text: inFonts(`${record.unit.unitCode} ${record.unit.title}`), style: 'unit' },
      {
        columns: [
          {
            text: [
              { text: 'Student: ', bold: true },
              ...[inFonts(`${studentName} (${record.student.email})`)].flat(),
            ],
          },
          { text: [{ text: 'Generated: ', bold: true }, at(record.generatedAt)], alignment: 'right' },
        ],
        margin: [0, 0, 0, 4],
      },
      {
        columns: [
          { text: `${satisfied} of ${record.tasks.length} tasks satisfactory` },
          // Named once here rather than after every time, which made the tables' columns wide.
          { text: `Times in ${timeZoneLabel(record.timeZone)}`, style: 'muted', alignment: 'right' },
        ],
        margin: [0, 0, 0, 14],
      },
      // The judgement of the whole unit first: what an auditor sampling the record looks for.
      unitOutcomeSection(record, at),
      ...record.tasks.map((task) => taskSection(task, at)),
    ],
    styles: reportStyles,
  };
}
