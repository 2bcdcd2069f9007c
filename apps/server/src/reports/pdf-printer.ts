import type { TDocumentDefinitions } from 'pdfmake/interfaces';
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
 * pdfmake (with pdfkit and fontkit, some 25 MB) is loaded on the first document asked for, not at
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
    // Documents are built from our own data: they may read the bundled fonts and nothing else.
    printer.setUrlAccessPolicy(() => false);
    printer.setLocalAccessPolicy((path) => allowedFiles.has(path));
    return printer;
  });
  return loaded;
}

/** The PDF bytes of a document: the assessment record, a validation round's report. */
export async function renderPdf(document: TDocumentDefinitions): Promise<Buffer> {
  const pdfmake = await loadPdfmake();
  return pdfmake.createPdf(document).getBuffer();
}
