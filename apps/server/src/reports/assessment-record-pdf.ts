import { fileURLToPath } from 'node:url';
import type { AssessmentRecord, RecordDecision } from '@evident/api/routers/assessor/assessment-record';
import { formatKilobytes } from '@evident/core/file-size';
import { gradeStatusLabels } from '@evident/core/grading';
import { taskStatusLabels } from '@evident/core/student-progress';
import pdfmake from 'pdfmake';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';

/**
 * Bundled fonts (SIL OFL 1.1, see assets/fonts/OFL.txt), because pdfmake's standard fonts are Latin-1
 * only. Noto Sans covers Latin with every diacritic (Vietnamese too), Greek and Cyrillic; a subset of
 * Noto Sans CJK SC covers the Chinese, Japanese and Korean characters of the national standard sets
 * (GB 2312, JIS X 0208, KS X 1001: 12,800 characters, 2.7 MB instead of the full font's 16 MB).
 * pdfmake has no per-glyph fallback, so `inFonts` sends each CJK stretch of text to the CJK font.
 */
const fontsDir = fileURLToPath(new URL('../../assets/fonts/', import.meta.url));
const latin = { regular: `${fontsDir}NotoSans-Regular.ttf`, bold: `${fontsDir}NotoSans-Bold.ttf` };
const cjk = `${fontsDir}NotoSansCJKsc-Names.otf`;
const allowedFiles = new Set([latin.regular, latin.bold, cjk]);

pdfmake.setFonts({
  NotoSans: { normal: latin.regular, bold: latin.bold, italics: latin.regular, bolditalics: latin.bold },
  NotoSansCJK: { normal: cjk, bold: cjk, italics: cjk, bolditalics: cjk },
});
// The document is built from our own data: it may read the bundled fonts and nothing else.
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((path) => allowedFiles.has(path));

/** Times in UTC with the zone named, so a record reads the same wherever it is opened. */
const dateTime = new Intl.DateTimeFormat('en-AU', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});
const at = (iso: string) => `${dateTime.format(new Date(iso))} UTC`;

/** Han, kana, hangul and their punctuation and full-width forms. */
const cjkStretch = /([\u1100-\u11ff\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]+)/u;

/** Text as pdfmake runs: CJK stretches in the CJK font, the rest in Noto Sans. */
export function inFonts(text: string): string | Content[] {
  if (!cjkStretch.test(text)) return text;
  return text
    .split(cjkStretch)
    .filter((part) => part !== '')
    .map((part) => (cjkStretch.test(part) ? { text: part, font: 'NotoSansCJK' } : part));
}

const header = (labels: string[]): TableCell[] => labels.map((text) => ({ text, style: 'th' }));

function filesTable(task: AssessmentRecord['tasks'][number]): Content {
  if (task.files.length === 0) return { text: 'No evidence files.', style: 'muted' };
  return {
    table: {
      headerRows: 1,
      widths: ['*', 'auto', 'auto', 'auto'],
      body: [
        header(['File', 'Type', 'Size', 'Uploaded']),
        ...task.files.map((file) => [
          file.fileName,
          file.fileType,
          formatKilobytes(file.fileSize),
          at(file.uploadedAt),
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

/** The PDF bytes of a student's assessment record in one unit. */
export function renderAssessmentRecordPdf(record: AssessmentRecord): Promise<Buffer> {
  return pdfmake.createPdf(assessmentRecordDocument(record)).getBuffer();
}
