import type { ValidationReportPdf } from '@evident/core/ports/validation-report-pdf';
import type { ValidationReport } from '@evident/core/validation-report';
import { renderPdf } from './pdf-printer';
import { validationReportDocument } from './validation-report-document';

/** The PDF bytes of a validation round's report. */
export async function renderValidationReportPdf(report: ValidationReport): Promise<Buffer> {
  return renderPdf(validationReportDocument(report));
}

/** The `ValidationReportPdf` port (`admin.validationRounds.exportReport`, the audit pack). */
export const validationReportPdf: ValidationReportPdf = { render: renderValidationReportPdf };
