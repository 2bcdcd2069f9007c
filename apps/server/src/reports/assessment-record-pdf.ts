import type { AssessmentRecord } from '@evident/core/assessment-record';
import type { AssessmentRecordPdf } from '@evident/core/ports/assessment-record-pdf';
import { assessmentRecordDocument } from './assessment-record-document';
import { renderPdf } from './pdf-printer';

/** The PDF bytes of a student's assessment record in one unit. */
export async function renderAssessmentRecordPdf(record: AssessmentRecord): Promise<Buffer> {
  return renderPdf(assessmentRecordDocument(record));
}

/** The `AssessmentRecordPdf` port (`staff.records.exportPdf`). */
export const assessmentRecordPdf: AssessmentRecordPdf = { render: renderAssessmentRecordPdf };
