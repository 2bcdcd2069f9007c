import type { AssessmentRecord, RecordUnitOutcome } from '@evident/core/assessment-record';
import { unitOutcomeLabels } from '@evident/core/unit-outcome-values';
import type { Content } from 'pdfmake/interfaces';
import { inFonts } from './pdf-text';

/** A moment as the record writes it, in the organisation's zone. */
type At = (iso: string) => string;

const supersededColour = '#666666';

function recordedBy(outcome: RecordUnitOutcome): string {
  const assessor = outcome.assessorName ?? 'Former assessor';
  return outcome.actingAdminName ? `${assessor} (made by admin ${outcome.actingAdminName})` : assessor;
}

const field = (label: string, value: string): Content => ({
  text: [{ text: `${label}: `, bold: true }, ...[inFonts(value)].flat()],
  margin: [0, 2, 0, 0],
});

/**
 * One outcome: what, when, by whom, against which release, the justification, what remains and the
 * assessor's declaration word for word with its version. A superseded one stays, greyed and marked
 * with when and why, as the record is append-only.
 */
function outcomeBlock(outcome: RecordUnitOutcome, at: At): Content {
  const superseded = outcome.supersededAt !== null;
  const release = outcome.unitRelease ? `, release ${outcome.unitRelease}` : '';
  return {
    stack: [
      {
        text: [
          { text: unitOutcomeLabels[outcome.outcome], bold: true, fontSize: 11 },
          superseded ? { text: '  (superseded)', bold: true } : '',
        ],
      },
      { text: inFonts(`Recorded ${at(outcome.createdAt)} by ${recordedBy(outcome)}${release}`) },
      superseded
        ? field(
            'Superseded',
            `${at(outcome.supersededAt ?? outcome.createdAt)}: ${outcome.supersededReason ?? 'reopened'}`,
          )
        : '',
      outcome.remaining ? field('What remains', outcome.remaining) : '',
      field('Justification', outcome.justification),
      field(`Assessor’s declaration (version ${outcome.declaration.version})`, outcome.declaration.text),
    ],
    margin: [0, 0, 0, 8],
    ...(superseded ? { color: supersededColour } : {}),
  };
}

/** The record's Unit outcome section: the standing outcome first, then those superseded, newest first. */
export function unitOutcomeSection(record: AssessmentRecord, at: At): Content {
  const outcomes = [...record.unitOutcomes].reverse();
  return {
    stack: [
      { text: 'Unit outcome', style: 'h2' },
      outcomes.length === 0
        ? { text: 'No unit outcome recorded yet.', style: 'muted', margin: [0, 0, 0, 8] }
        : { stack: outcomes.map((outcome) => outcomeBlock(outcome, at)) },
    ],
    margin: [0, 0, 0, 10],
  };
}
