import type { AssessmentRecord, RecordThirdPartyReport } from '@evident/core/assessment-record';
import type { Content } from 'pdfmake/interfaces';
import { inFonts } from './pdf-text';

type Task = AssessmentRecord['tasks'][number];
/** A moment as the record writes it: in the organisation's zone, which the header names once. */
type At = (iso: string) => string;

function verificationLine(report: RecordThirdPartyReport): string {
  if (report.verifications.length === 0) return 'Not verified by an assessor.';
  return report.verifications
    .map(
      (check) =>
        `Verified by ${check.assessorName ?? 'a former assessor'} (${check.method}, ${check.verifiedOn})${check.note ? `: ${check.note}` : ''}.`,
    )
    .join(' ');
}

function reportBlock(report: RecordThirdPartyReport, at: At): Content {
  const observed = report.observed ? `Observed on ${report.dates.join(', ')}.` : 'Not observed.';
  // Every text is the supervisor's or the assessor's own, set as plain text (pdfmake draws no markup).
  return {
    stack: [
      {
        text: inFonts(
          `${report.label}: ${report.supervisorName}, ${report.supervisorRole} at ${report.workplace}`,
        ),
        bold: true,
      },
      {
        text: inFonts(
          `${report.relationship}; supervised the student for ${report.supervisedFor}. Experience: ${report.experience}`,
        ),
        style: 'muted',
      },
      { text: inFonts(`${observed}${report.comment ? ` ${report.comment}` : ''}`) },
      {
        text: inFonts(
          `Signed ${report.signedName} under declaration version ${report.declarationVersion}; received ${at(report.submittedAt)}. ${verificationLine(report)}`,
        ),
        style: 'muted',
      },
    ],
    margin: [0, 2, 0, 4],
  };
}

/** A task's supervisor reports (issue 30 §1), labelled supplementary; nothing when there are none. */
export function thirdPartySection(task: Task, at: At): Content {
  const reports = task.thirdPartyReports ?? [];
  if (reports.length === 0) return '';
  return {
    stack: [
      { text: 'Third-party reports (supplementary)', style: 'h3' },
      ...reports.map((report) => reportBlock(report, at)),
    ],
  };
}
