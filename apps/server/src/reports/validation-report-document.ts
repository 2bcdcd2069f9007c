import { formatDate, formatDateTime, timeZoneLabel } from '@evident/core/time-zone';
import type { ValidationReport } from '@evident/core/validation-report';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { pageSetup, reportStyles } from './pdf-styles';
import { inFonts } from './pdf-text';

type At = (iso: string) => string;

const th = (labels: string[]): TableCell[] => labels.map((text) => ({ text, style: 'th' }));

/** A table in the record's look; a line saying so when there is nothing to list. */
function table(widths: string[], labels: string[], rows: TableCell[][], empty: string): Content {
  if (rows.length === 0) return { text: empty, style: 'muted' };
  return {
    table: { headerRows: 1, keepWithHeaderRows: 1, widths, body: [th(labels), ...rows] },
    layout: 'lightHorizontalLines',
    style: 'table',
  };
}

const riskLabel = { low: 'Low', medium: 'Medium', high: 'High' } as const;

function planSection(report: ValidationReport): Content[] {
  const { plan } = report;
  if (!plan) return [{ text: 'No validation plan was recorded for this unit.', style: 'muted' }];
  return [
    {
      text: [
        { text: 'Last validated: ', bold: true },
        plan.lastValidatedOn ?? 'never',
        { text: '   Next due: ', bold: true },
        plan.nextDueOn,
        { text: '   Risk: ', bold: true },
        riskLabel[plan.risk],
      ],
    },
    plan.riskReason ? { text: inFonts(`Reason for the rating: ${plan.riskReason}`) } : '',
  ];
}

function validatorsTable(report: ValidationReport): Content {
  return table(
    ['auto', '*', 'auto'],
    ['Validator', 'Credentials', 'Credential Policy'],
    report.validators.map((v) => [
      { text: inFonts(v.name) },
      {
        stack: v.credentials.map((c) => ({ text: inFonts(`${c.code} ${c.title} (held ${c.heldOn})`) })),
      },
      v.meetsCredentialPolicy ? 'Meets it' : 'Does not',
    ]),
    'No validators.',
  );
}

function agreement(agrees: boolean | null): string {
  if (agrees === null) return '';
  return agrees ? 'Agrees' : 'Disagrees';
}

function sampleSection(report: ValidationReport, at: At): Content[] {
  if (report.sample.length === 0) return [{ text: 'No records were sampled.', style: 'muted' }];
  return report.sample.map((record, index) => ({
    stack: [
      { text: inFonts(`${index + 1}. ${record.studentName}`), bold: true, margin: [0, 4, 0, 0] },
      {
        text: inFonts(`Judged by ${record.assessors.join(', ') || 'no one recorded'}`),
        style: 'muted',
      },
      table(
        ['auto', 'auto', '*', 'auto'],
        ['Validator', 'Judgement', 'Why', 'Recorded'],
        record.reviews.map((review) => [
          { text: inFonts(review.validatorName) },
          { text: agreement(review.agrees), bold: review.agrees === false },
          { text: inFonts(review.reason) },
          { text: at(review.at), noWrap: true },
        ]),
        'Not reviewed.',
      ),
    ],
  }));
}

function toolTable(report: ValidationReport, at: At): Content {
  return table(
    ['auto', '*', '*', 'auto'],
    ['Validator', 'Findings', 'Recommended changes', 'Recorded'],
    report.toolReviews.map((review) => [
      { text: inFonts(review.validatorName) },
      { text: inFonts(review.findings) },
      { text: inFonts(review.recommendedChanges) },
      { text: at(review.at), noWrap: true },
    ]),
    'No one has reviewed the tool.',
  );
}

function missingSection(report: ValidationReport): Content {
  if (report.missing.length === 0)
    return { text: 'Every review the round asked for was recorded.', style: 'muted' };
  return {
    // Each item one text: a name in two scripts is several runs, which a bare array would stack.
    ul: report.missing.map((m) => ({
      text: inFonts(
        m.studentName === null
          ? `${m.validatorName}: the review of the tool`
          : `${m.validatorName}: the record of ${m.studentName}`,
      ),
    })),
  };
}

function actionsTable(report: ValidationReport, at: At): Content {
  return table(
    ['*', 'auto', 'auto', 'auto'],
    ['Action', 'Owner', 'Added', 'State'],
    report.actions.map((action) => [
      { text: inFonts(action.text) },
      { text: inFonts(action.ownerName ?? 'No owner') },
      { text: at(action.createdAt), noWrap: true },
      action.doneAt
        ? { text: inFonts(`Done ${at(action.doneAt)}${action.doneByName ? ` by ${action.doneByName}` : ''}`) }
        : { text: 'Open', bold: true },
    ]),
    'No actions.',
  );
}

/** A validation round's report (issue 30 §2): what an auditor asks to see of Outcome Standard 1.5. */
export function validationReportDocument(report: ValidationReport): TDocumentDefinitions {
  const at: At = (iso) => formatDateTime(iso, report.timeZone);
  const unit = `${report.unit.unitCode} ${report.unit.title}`;
  const { round } = report;
  const method =
    round.sampleMethod === 'drawn'
      ? 'Drawn at random from the students who completed the unit, spread across assessors'
      : 'Chosen by hand from the students who completed the unit';
  const closed = round.closedAt
    ? `Closed ${formatDate(round.closedAt, report.timeZone)}${round.closedByName ? ` by ${round.closedByName}` : ''}`
    : 'Open: not yet closed';
  return {
    info: { title: `Validation report: ${report.unit.unitCode}`, subject: unit, creator: 'Evident' },
    ...pageSetup,
    footer: (page, pages) => ({
      text: inFonts(`Validation report · ${report.unit.unitCode} · page ${page} of ${pages}`),
      style: 'muted',
      alignment: 'center',
      margin: [0, 16, 0, 0],
    }),
    content: [
      { text: 'Validation report', style: 'h1' },
      { text: inFonts(unit), style: 'unit' },
      {
        columns: [
          {
            text: [
              { text: 'Release: ', bold: true },
              inFonts(report.unit.release ?? 'not recorded'),
              { text: '   Round made: ', bold: true },
              at(round.createdAt),
              ...(round.createdByName ? [inFonts(` by ${round.createdByName}`)] : []),
            ].flat(),
          },
          {
            width: 'auto',
            text: [{ text: 'Generated: ', bold: true }, at(report.generatedAt)],
            alignment: 'right',
          },
        ],
        margin: [0, 0, 0, 4],
      },
      {
        columns: [
          { text: inFonts(closed), bold: true },
          {
            width: 'auto',
            text: `Times in ${timeZoneLabel(report.timeZone)}`,
            style: 'muted',
            alignment: 'right',
          },
        ],
        margin: [0, 0, 0, 10],
      },
      { text: 'Validation plan', style: 'h2' },
      ...planSection(report),
      { text: 'Validators', style: 'h2' },
      validatorsTable(report),
      { text: 'Sample', style: 'h2' },
      { text: `${method}: ${report.sample.length} record${report.sample.length === 1 ? '' : 's'}.` },
      ...sampleSection(report, at),
      { text: 'Review of the tool (tasks and coverage)', style: 'h2' },
      toolTable(report, at),
      { text: round.closedAt ? 'Missing when the round closed' : 'Still to come', style: 'h2' },
      missingSection(report),
      { text: 'Actions', style: 'h2' },
      actionsTable(report, at),
    ],
    styles: reportStyles,
  };
}
