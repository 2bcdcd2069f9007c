import type { Content } from 'pdfmake/interfaces';
import { scriptFontOf } from './script-fonts';

type Run = { text: string; font: string | null };

const rightToLeft = new Set(['NotoSansArabic', 'NotoSansHebrew']);
const isRtl = (run: Run | undefined) => run?.font != null && rightToLeft.has(run.font);
const isSpace = (run: Run | undefined) => run !== undefined && /^\s+$/.test(run.text);

/**
 * pdfmake lays runs out left to right; the font engine turns each Arabic or Hebrew word round, but a
 * name of several such words must also be read from the right, so their order is reversed here.
 */
function orderRightToLeft(runs: Run[]): Run[] {
  const ordered: Run[] = [];
  for (let i = 0; i < runs.length; ) {
    if (!isRtl(runs[i])) {
      ordered.push(runs[i] as Run);
      i += 1;
      continue;
    }
    let end = i + 1;
    while (isRtl(runs[end]) || (isSpace(runs[end]) && isRtl(runs[end + 1]))) end += 1;
    ordered.push(...runs.slice(i, end).reverse());
    i = end;
  }
  return ordered;
}

/**
 * Text as pdfmake runs, each stretch in the font of its script. Spaces and punctuation stay in Noto
 * Sans between runs, so the words of a right-to-left name are laid out one by one.
 */
export function inFonts(text: string): string | Content[] {
  const runs: Run[] = [];
  for (const char of text) {
    const font = scriptFontOf(char.codePointAt(0) ?? 0);
    const last = runs.at(-1);
    if (last && last.font === font) last.text += char;
    else runs.push({ text: char, font });
  }
  if (runs.every((run) => run.font === null)) return text;
  return orderRightToLeft(runs).map((run) => (run.font ? { text: run.text, font: run.font } : run.text));
}
