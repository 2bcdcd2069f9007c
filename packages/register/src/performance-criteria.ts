import type { RegisterUnit } from '@evident/core/curriculum';
import { htmlToLines } from './html-text';

type Element = RegisterUnit['elements'][number];

const ELEMENT_LINE = /^(\d+)\.?\s+(\D.*)$/;
const CRITERION_LINE = /^(\d+)\.(\d+)\.?\s+(.+)$/;
const NUMBER_ONLY = /^\d+(?:\.\d+)?\.?$/;
const HEADINGS = new Set([
  'element',
  'elements',
  'performance criteria',
  'elements and performance criteria',
]);

function isHeading(text: string): boolean {
  const lower = text.toLowerCase();
  return (
    HEADINGS.has(lower) ||
    lower.startsWith('elements describe') ||
    lower.startsWith('performance criteria describe')
  );
}

/** Register tables sometimes put "1.1" in one cell and its text in the next; rejoin them. */
function joinSplitNumbers(lines: string[]): string[] {
  const joined: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const next = lines[i + 1];
    if (NUMBER_ONLY.test(line.trim()) && next !== undefined && !NUMBER_ONLY.test(next.trim())) {
      joined.push(`${line.trim()} ${next.trim()}`);
      i++;
    } else {
      joined.push(line);
    }
  }
  return joined;
}

function appendToLastCriterion(element: Element | undefined, text: string): void {
  const criteria = element?.performanceCriteria;
  if (!criteria || criteria.length === 0) return;
  const last = criteria.length - 1;
  const previous = criteria[last] ?? '';
  criteria[last] =
    /[:;,]$/.test(previous) || previous.endsWith('including')
      ? `${previous} ${text}`
      : `${previous}; ${text}`;
}

function parseNumbered(lines: string[]): Element[] {
  const elements: Element[] = [];
  const byNumber = new Map<string, Element>();
  let current: Element | undefined;
  for (const line of lines) {
    const text = line.trim();
    const criterion = CRITERION_LINE.exec(text);
    if (criterion) {
      const [, elementNumber = '', , criterionText = ''] = criterion;
      let owner = byNumber.get(elementNumber) ?? current;
      if (!owner) {
        owner = { title: `Element ${elementNumber}`, performanceCriteria: [] };
        elements.push(owner);
        byNumber.set(elementNumber, owner);
      }
      owner.performanceCriteria.push(criterionText.trim());
      current = owner;
      continue;
    }
    const element = ELEMENT_LINE.exec(text);
    if (element && !line.startsWith(' ')) {
      const [, number = '', title = ''] = element;
      current = { title: title.trim(), performanceCriteria: [] };
      elements.push(current);
      byNumber.set(number, current);
      continue;
    }
    // Unnumbered text after a criterion is a sub-list of it (e.g. "including:" followed by items).
    if (!isHeading(text)) appendToLastCriterion(current, text);
  }
  return elements;
}

/** Without numbering, fall back to the list hierarchy: top-level lines are elements, nested ones criteria. */
function parseByIndentation(lines: string[]): Element[] {
  const elements: Element[] = [];
  let current: Element | undefined;
  for (const line of lines) {
    const text = line.trim();
    if (isHeading(text)) continue;
    if (!line.startsWith(' ')) {
      current = { title: text, performanceCriteria: [] };
      elements.push(current);
    } else if (current) {
      current.performanceCriteria.push(text);
    }
  }
  return elements.filter((element) => element.performanceCriteria.length > 0);
}

/**
 * Elements and their performance criteria from the register's HTML, which is usually a table of
 * "1. Element" cells beside "1.1 Criterion" paragraphs, sometimes nested lists. Numbers are dropped
 * from the text: the order of the arrays carries them.
 */
export function parsePerformanceCriteria(html: string): Element[] {
  const lines = joinSplitNumbers(htmlToLines(html));
  const numbered = lines.some((line) => CRITERION_LINE.test(line.trim()));
  return numbered ? parseNumbered(lines) : parseByIndentation(lines);
}
