import type { AssessmentRecord } from '@evident/core/assessment-record';
import type { AssessmentRecordPdf } from '@evident/core/ports/assessment-record-pdf';
import { assessmentRecordDocument } from './assessment-record-document';
import { baseFont, fontPath, scriptFonts } from './script-fonts';

const allowedFiles = new Set([
  baseFont.regular,
  baseFont.bold,
  ...scriptFonts.map(([, file]) => fontPath(file)),
]);

const importPdfmake = () => import('pdfmake');
type Pdfmake = Awaited<ReturnType<typeof importPdfmake>>['default'];
let loaded: Promise<Pdfmake> | undefined;

/**
 * pdfmake (with pdfkit and fontkit, some 25 MB) is loaded on the first record asked for, not at
 * start-up: most servers print a record now and then, and memory at rest is a target (issue 15).
 */
function loadPdfmake(): Promise<Pdfmake> {
  loaded ??= importPdfmake().then(({ default: printer }) => {
    printer.setFonts({
      NotoSans: {
        normal: baseFont.regular,
        bold: baseFont.bold,
        italics: baseFont.regular,
        bolditalics: baseFont.bold,
      },
      ...Object.fromEntries(
        scriptFonts.map(([name, file]) => {
          const path = fontPath(file);
          return [name, { normal: path, bold: path, italics: path, bolditalics: path }];
        }),
      ),
    });
    // The document is built from our own data: it may read the bundled fonts and nothing else.
    printer.setUrlAccessPolicy(() => false);
    printer.setLocalAccessPolicy((path) => allowedFiles.has(path));
    return printer;
  });
  return loaded;
}
/** The PDF bytes of a student's assessment record in one unit. */
export async function renderAssessmentRecordPdf(record: AssessmentRecord): Promise<Buffer> {
  const pdfmake = await loadPdfmake();
  return pdfmake.createPdf(assessmentRecordDocument(record)).getBuffer();
}

/** The `AssessmentRecordPdf` port (`staff.records.exportPdf`). */
export const assessmentRecordPdf: AssessmentRecordPdf = { render: renderAssessmentRecordPdf };
