import type { AssessmentRecord } from '../assessment-record';

/** Lays a student's assessment record out as a PDF (pdfmake, in apps/server). */
export type AssessmentRecordPdf = {
  render(record: AssessmentRecord): Promise<Uint8Array>;
};
