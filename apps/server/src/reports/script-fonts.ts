import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The fonts the assessment record prints in (all SIL OFL 1.1, see assets/fonts/OFL.txt). pdfmake has
 * no per-glyph fallback, so each stretch of text goes to the font of its script: Noto Sans for
 * Latin (every diacritic, Vietnamese too), Greek and Cyrillic, and one Noto font per other script a
 * name is commonly written in. Regular weights only for those (bold falls back to regular there).
 */
const fontsDir = [
  // The bundle: build.mjs copies them to dist/assets/fonts, beside the chunk holding this code.
  new URL('./assets/fonts/', import.meta.url),
  // The sources (tsx, vitest): apps/server/assets/fonts.
  new URL('../../assets/fonts/', import.meta.url),
]
  .map((url) => fileURLToPath(url))
  .find((dir) => existsSync(join(dir, 'NotoSans-Regular.ttf')));
// Found at start-up, not on the first download: a server that cannot print records does not start.
if (!fontsDir)
  throw new Error('the assessment record fonts are missing beside the server bundle (assets/fonts)');
export const fontPath = (file: string) => `${fontsDir}${file}`;

export const baseFont = { regular: fontPath('NotoSans-Regular.ttf'), bold: fontPath('NotoSans-Bold.ttf') };

/** [pdfmake font name, file, the Unicode blocks it takes]. Order matters only where blocks overlap (none do). */
export const scriptFonts: readonly [string, string, readonly [number, number][]][] = [
  // A 2.7 MB subset of Noto Sans CJK SC (GB 2312, JIS X 0208, KS X 1001 characters) instead of 16 MB.
  [
    'NotoSansCJK',
    'NotoSansCJKsc-Names.otf',
    [
      [0x1100, 0x11ff],
      [0x2e80, 0x9fff],
      [0xac00, 0xd7af],
      [0xf900, 0xfaff],
      [0xfe30, 0xfe4f],
      [0xff00, 0xffef],
    ],
  ],
  [
    'NotoSansArabic',
    'NotoSansArabic-Regular.ttf',
    [
      [0x0600, 0x06ff],
      [0x0750, 0x077f],
      [0x08a0, 0x08ff],
      [0xfb50, 0xfdff],
      [0xfe70, 0xfeff],
    ],
  ],
  ['NotoSansHebrew', 'NotoSansHebrew-Regular.ttf', [[0x0590, 0x05ff]]],
  ['NotoSansDevanagari', 'NotoSansDevanagari-Regular.ttf', [[0x0900, 0x097f]]],
  ['NotoSansBengali', 'NotoSansBengali-Regular.ttf', [[0x0980, 0x09ff]]],
  ['NotoSansGurmukhi', 'NotoSansGurmukhi-Regular.ttf', [[0x0a00, 0x0a7f]]],
  ['NotoSansGujarati', 'NotoSansGujarati-Regular.ttf', [[0x0a80, 0x0aff]]],
  ['NotoSansTamil', 'NotoSansTamil-Regular.ttf', [[0x0b80, 0x0bff]]],
  ['NotoSansTelugu', 'NotoSansTelugu-Regular.ttf', [[0x0c00, 0x0c7f]]],
  ['NotoSansKannada', 'NotoSansKannada-Regular.ttf', [[0x0c80, 0x0cff]]],
  ['NotoSansMalayalam', 'NotoSansMalayalam-Regular.ttf', [[0x0d00, 0x0d7f]]],
  ['NotoSansSinhala', 'NotoSansSinhala-Regular.ttf', [[0x0d80, 0x0dff]]],
  ['NotoSansThai', 'NotoSansThai-Regular.ttf', [[0x0e00, 0x0e7f]]],
  ['NotoSansLao', 'NotoSansLao-Regular.ttf', [[0x0e80, 0x0eff]]],
  ['NotoSansMyanmar', 'NotoSansMyanmar-Regular.ttf', [[0x1000, 0x109f]]],
  ['NotoSansGeorgian', 'NotoSansGeorgian-Regular.ttf', [[0x10a0, 0x10ff]]],
  [
    'NotoSansEthiopic',
    'NotoSansEthiopic-Regular.ttf',
    [
      [0x1200, 0x139f],
      [0x2d80, 0x2ddf],
    ],
  ],
  ['NotoSansKhmer', 'NotoSansKhmer-Regular.ttf', [[0x1780, 0x17ff]]],
  ['NotoSansArmenian', 'NotoSansArmenian-Regular.ttf', [[0x0530, 0x058f]]],
];

/** The script font a character needs, or null for Noto Sans (Latin, Greek, Cyrillic, digits, spaces). */
export function scriptFontOf(codePoint: number): string | null {
  for (const [name, , blocks] of scriptFonts) {
    for (const [from, to] of blocks) if (codePoint >= from && codePoint <= to) return name;
  }
  return null;
}
