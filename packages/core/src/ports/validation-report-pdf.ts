import type { ValidationReport } from '../validation-report';

/** Lays a validation round's report out as a PDF (pdfmake, in apps/server, as the assessment record). */
export type ValidationReportPdf = {
  render(report: ValidationReport): Promise<Uint8Array>;
};
