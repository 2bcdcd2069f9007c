import type { AssessmentRecord, RecordObservation } from '@evident/core/assessment-record';
import { observationResultLabels } from '@evident/core/observations';
import type { Content } from 'pdfmake/interfaces';
import { inFonts } from './pdf-text';

type Task = AssessmentRecord['tasks'][number];
/** A moment as the record writes it: in the organisation's zone, which the header names once. */
type At = (iso: string) => string;

function observedBy(observation: RecordObservation): string {
  const assessor = observation.assessorName ?? 'a former assessor';
  return observation.actingAdminName
    ? `${assessor} (recorded by admin ${observation.actingAdminName})`
    : assessor;
}

function observationBlock(observation: RecordObservation, at: At): Content {
  const minutes = observation.durationMinutes === 1 ? '1 minute' : `${observation.durationMinutes} minutes`;
  const release = observation.unitRelease ? `, against unit release ${observation.unitRelease}` : '';
  return {
    stack: [
      { text: inFonts(`Observation by ${observedBy(observation)}`), bold: true },
      {
        text: inFonts(
          `Observed ${observation.observedOn} at ${observation.place}, ${minutes}${release}. Signed ${observation.signedName}; received ${at(observation.createdAt)}.`,
        ),
        style: 'muted',
      },
      {
        table: {
          headerRows: 1,
          keepWithHeaderRows: 1,
          widths: ['auto', '*', 'auto', '*'],
          body: [
            [
              { text: 'Item', style: 'th' },
              { text: 'Requirement', style: 'th' },
              { text: 'Result', style: 'th' },
              { text: 'Note', style: 'th' },
            ],
            ...observation.items.map((item) => [
              { text: item.key, noWrap: true },
              { text: inFonts(item.text ?? '') },
              { text: observationResultLabels[item.result], noWrap: true },
              { text: inFonts(item.note ?? '') },
            ]),
          ],
        },
        layout: 'lightHorizontalLines',
        style: 'table',
      },
    ],
    margin: [0, 2, 0, 4],
  };
}

/**
 * A task's observation checklists (issue 29 §5), evidence beside its files: each with who observed,
 * when, where, how long and the signature, then every item's result. Nothing when there are none.
 */
export function observationsSection(task: Task, at: At): Content {
  if (task.observations.length === 0) return '';
  return {
    stack: [
      { text: 'Observations', style: 'h3' },
      ...task.observations.map((observation) => observationBlock(observation, at)),
    ],
  };
}
