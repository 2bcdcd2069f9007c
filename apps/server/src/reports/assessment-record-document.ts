import type { AssessmentRecord, RecordDecision } from '@evident/core/assessment-record';
import { formatKilobytes } from '@evident/core/file-size';
import { gradeStatusLabels } from '@evident/core/grading';
import { taskStatusLabels } from '@evident/core/student-progress';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { inFonts } from './pdf-text';

/** Times in UTC with the zone named, so a record reads the same wherever it is opened. */
const dateTime = new Intl.DateTimeFormat('en-AU', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});
const at = (iso: string) => `${dateTime.format(new Date(iso))} UTC`;

const header = (labels: string[]): TableCell[] => labels.map((text) => ({ text, style: 'th' }));

function filesTable(task: AssessmentRecord['tasks'][number]): Content {
  if (task.files.length === 0) return { text: 'No evidence files.', style: 'muted' };
  return {
    table: {
      headerRows: 1,
      widths: ['*', 'auto', 'auto', 'auto', 'auto'],
      body: [
        // Captured is when the device took it; Received is when it reached us (issue 18: a file
        // captured offline and sent hours later was on time by its capture).
        header(['File', 'Type', 'Size', 'Captured', 'Received']),
        ...task.files.map((file) => [
          { text: inFonts(file.fileName) },
          file.fileType,
          formatKilobytes(file.fileSize),
          // Files from before capture times were kept have none.
          file.capturedAt ? at(file.capturedAt) : '',
          file.recordedByAdminName
            ? { text: inFonts(`${at(file.uploadedAt)} (recorded by admin ${file.recordedByAdminName})`) }
            : at(file.uploadedAt),
        ]),
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

function decisionsTable(task: AssessmentRecord['tasks'][number]): Content {
  if (task.decisions.length === 0) return { text: 'No decisions yet.', style: 'muted' };
  return {
    table: {
      headerRows: 1,
      widths: ['auto', 'auto', 'auto', '*', '*'],
      body: [
        header(['Date', 'Decision', 'Assessor', 'Comment', 'Strategies for reassessment']),
        ...task.decisions.map((decision) => [
          at(decision.createdAt),
          gradeStatusLabels[decision.status],
          { text: inFonts(decisionBy(decision)) },
          { text: inFonts(decision.comment ?? '') },
          { text: inFonts(decision.strategiesForReassessment ?? '') },
        ]),
      ],
    },
    layout: 'lightHorizontalLines',
    style: 'table',
  };
}

function taskSection(task: AssessmentRecord['tasks'][number]): Content {
  return {
    stack: [
      { text: inFonts(`Task ${task.number}: ${task.title}`), style: 'h2' },
      {
        text: [
          { text: 'Status: ', bold: true },
          taskStatusLabels[task.status],
          task.submittedAt ? `   Submitted ${at(task.submittedAt)}` : '',
        ],
      },
      task.description ? { text: inFonts(task.description), style: 'description' } : '',
      { text: 'Evidence', style: 'h3' },
      filesTable(task),
      { text: 'Decisions', style: 'h3' },
      decisionsTable(task),
    ],
    margin: [0, 0, 0, 14],
  };
}

export function assessmentRecordDocument(record: AssessmentRecord): TDocumentDefinitions {
  const studentName = `${record.student.firstName} ${record.student.lastName}`.trim();
  const satisfied = record.tasks.filter((task) => task.status === 'satisfactory').length;
  return {
    info: {
      title: `Assessment record: ${studentName}, ${record.unit.unitCode}`,
      subject: `${record.unit.unitCode} ${record.unit.title}`,
      creator: 'Evident',
    },
    pageSize: 'A4',
    pageMargins: [40, 48, 40, 48],
    defaultStyle: { font: 'NotoSans', fontSize: 9.5, lineHeight: 1.2 },
    footer: (page, pages) => ({
      text: inFonts(`${studentName} · ${record.unit.unitCode} · page ${page} of ${pages}`),
      style: 'muted',
      alignment: 'center',
      margin: [0, 16, 0, 0],
    }),
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
        text: `${satisfied} of ${record.tasks.length} tasks satisfactory`,
        margin: [0, 0, 0, 14],
      },
      ...record.tasks.map(taskSection),
    ],
    styles: {
      h1: { fontSize: 18, bold: true, margin: [0, 0, 0, 2] },
      unit: { fontSize: 12, margin: [0, 0, 0, 10] },
      h2: { fontSize: 12, bold: true, margin: [0, 6, 0, 2] },
      h3: { fontSize: 10, bold: true, margin: [0, 6, 0, 2] },
      th: { bold: true },
      table: { fontSize: 8.5, margin: [0, 0, 0, 2] },
      description: { color: '#444444', margin: [0, 2, 0, 0] },
      muted: { color: '#666666', fontSize: 8.5 },
    },
  };
}
