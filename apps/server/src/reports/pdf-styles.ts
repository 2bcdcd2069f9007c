import type { StyleDictionary, TDocumentDefinitions } from 'pdfmake/interfaces';

/** The page every report prints on: A4, Noto Sans (see script-fonts.ts). */
export const pageSetup: Pick<TDocumentDefinitions, 'pageSize' | 'pageMargins' | 'defaultStyle'> = {
  pageSize: 'A4',
  pageMargins: [40, 48, 40, 48],
  defaultStyle: { font: 'NotoSans', fontSize: 9.5, lineHeight: 1.2 },
};

/** The styles the reports share, so an assessment record and a validation report read alike. */
export const reportStyles: StyleDictionary = {
  h1: { fontSize: 18, bold: true, margin: [0, 0, 0, 2] },
  unit: { fontSize: 12, margin: [0, 0, 0, 10] },
  h2: { fontSize: 12, bold: true, margin: [0, 6, 0, 2] },
  h3: { fontSize: 10, bold: true, margin: [0, 6, 0, 2] },
  th: { bold: true },
  table: { fontSize: 8.5, margin: [0, 0, 0, 2] },
  description: { color: '#444444', margin: [0, 2, 0, 0] },
  muted: { color: '#666666', fontSize: 8.5 },
  hash: { color: '#444444', fontSize: 7.5 },
};
