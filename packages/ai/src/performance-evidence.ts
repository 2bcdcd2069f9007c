import { toInstruction } from './verbs';

/**
 * Reads a unit's Performance Evidence as the register adapter hands it over: plain text, one item a
 * line, nested items indented by two spaces. Register text often opens with framing ("The candidate
 * must demonstrate the ability to:") and groups items under lines ending in ':'; neither is evidence
 * a student can produce on its own, so they are kept apart from the items tasks must cover.
 */

export type PerformanceEvidenceLine = {
  /** A heading introduces the lines under it; an item is evidence a task must cover. */
  kind: 'heading' | 'item';
  /** The line as written, without indentation or bullet. Task mappings quote this exact text. */
  text: string;
  /** Outline number, e.g. "3" or "3.2", for the mapping document and for the model to refer to. */
  number: string;
  /** Nesting level, 0 for top-level lines. */
  depth: number;
  /** Texts of the headings this line sits under, outermost first. */
  headings: string[];
  /** How many times this must be shown: from this line, a heading above it or the preamble. */
  occasions: number | null;
};

export type PerformanceEvidenceOutline = {
  /** Framing and notes that come with the text, e.g. "Summary prepared by Evident; ...". */
  preamble: string[];
  /** Headings and items in reading order. */
  lines: PerformanceEvidenceLine[];
  /** The items only: each needs at least one task. */
  items: PerformanceEvidenceLine[];
};

/**
 * Beyond this many occasions a task per occasion would bury the student; one task that asks for
 * evidence from every occasion reads better, and the model is not held to one per occasion either.
 */
export const MAX_OCCASION_TASKS = 10;

const numberWords: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
};
const countPattern = `(\\d{1,2}|${Object.keys(numberWords).join('|')})(?:\\s*\\(\\s*\\d{1,2}\\s*\\))?`;
const qualifierPattern = '(?:(?:separate|different|distinct|individual|discrete)\\s+)?';
const countedOccasions = new RegExp(`\\b${countPattern}\\s+${qualifierPattern}occasions?\\b`, 'i');
const uncountedOccasions = new RegExp(
  `\\b(?:more than one|multiple|several|a number of|repeated)\\s+${qualifierPattern}occasions?\\b`,
  'i',
);
const twice = /\btwice\b/i;
/** The whole phrase, with the lead-in words, so it can be cut from a title. */
const occasionPhrase = new RegExp(
  `[,;]?\\s*\\b(?:on|over|across)?\\s*(?:(?:at least|a minimum of|no fewer than|no less than|minimum of|each of)\\s+)?` +
    `(?:${countPattern}|more than one|multiple|several|a number of|repeated)\\s+${qualifierPattern}occasions?\\b,?`,
  'i',
);

/** "on at least two occasions" -> 2, "on three (3) separate occasions" -> 3, no mention -> null. */
export function requiredOccasions(text: string): number | null {
  // Before the counted form, which would read "more than one occasion" as one.
  if (uncountedOccasions.test(text)) return 2;
  const counted = countedOccasions.exec(text);
  if (counted?.[1]) {
    const word = counted[1].toLowerCase();
    const count = numberWords[word] ?? Number.parseInt(word, 10);
    return Number.isFinite(count) && count > 0 ? count : null;
  }
  return twice.test(text) ? 2 : null;
}

/** The text with its occasion phrase removed: "operate a forklift on two occasions" -> "operate a forklift". */
export function withoutOccasions(text: string): string {
  return text
    .replace(occasionPhrase, ' ')
    .replace(/\s+twice\b/i, '')
    .replace(/\s{2,}/g, ' ')
    .replace(/\s+([,.;:])/g, '$1')
    .replace(/^[\s,;]+/, '')
    .trim();
}

/** Notes about the text itself, wherever they appear. */
const notePattern =
  /^(?:summary prepared|note\b|this (?:is a )?summary|not the official)|not the official register/i;
/** Framing sentences that open register text before the items. */
const framingPattern =
  /^(?:the (?:candidate|learner|student|person|individual|participant)s?\b|candidates?\b|learners?\b|evidence (?:of|that|is required|must|required)\b|there must be evidence|performance evidence\b|a person (?:who|must)|it is essential|demonstrated evidence|to demonstrate competency|in order to demonstrate|competency (?:in|is demonstrated))|performance criteria (?:of|in) this unit|elements and performance criteria/i;
const bulletPattern = /^(?:[-*•–·▪◦●]|\d{1,2}[.)]|[a-z][.)]|\((?:[a-z]|\d{1,2}|[ivx]{1,4})\))\s+/i;

type RawLine = { indent: number; text: string };

function readLines(text: string): RawLine[] {
  const lines: RawLine[] = [];
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const expanded = raw.replace(/\t/g, '  ');
    const content = expanded.trim();
    if (!content) continue;
    const indent = expanded.length - expanded.trimStart().length;
    const withoutBullet = content.replace(bulletPattern, '').replace(/\s+/g, ' ').trim();
    // A task mapping holds at most 2,000 characters; no real register line comes close.
    if (withoutBullet) lines.push({ indent, text: withoutBullet.slice(0, 2000) });
  }
  return lines;
}

type Node = { text: string; indent: number; children: Node[] };

export function parsePerformanceEvidence(text: string): PerformanceEvidenceOutline {
  const raw = readLines(text);
  const preamble: string[] = [];
  const body: RawLine[] = [];
  let seenItem = false;
  for (const line of raw) {
    const isNote = notePattern.test(line.text);
    // Framing only counts before the first item; later it would be a real (if wordy) item.
    const isFraming = !seenItem && framingPattern.test(line.text) && line.indent <= (raw[0]?.indent ?? 0);
    if (isNote || isFraming) {
      preamble.push(line.text);
      continue;
    }
    seenItem = true;
    body.push(line);
  }

  // A Performance Evidence that is one framing sentence still has to be evidenced: keep it as the item.
  if (body.length === 0) {
    body.push(...raw.filter((line) => !notePattern.test(line.text)));
    preamble.splice(
      0,
      preamble.length,
      ...raw.filter((line) => notePattern.test(line.text)).map((l) => l.text),
    );
  }

  const effective = flattenedHeadingIndents(body);
  const roots: Node[] = [];
  const stack: Node[] = [];
  body.forEach((line, index) => {
    const node: Node = { text: line.text, indent: effective[index] ?? line.indent, children: [] };
    while (stack.length > 0 && (stack[stack.length - 1]?.indent ?? 0) >= node.indent) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(node);
    else roots.push(node);
    stack.push(node);
  });

  const globalOccasions = preamble.map(requiredOccasions).find((count) => count !== null) ?? null;
  const lines: PerformanceEvidenceLine[] = [];
  const visit = (nodes: Node[], prefix: string, headings: string[], inherited: number | null) => {
    nodes.forEach((node, index) => {
      const number = prefix ? `${prefix}.${index + 1}` : String(index + 1);
      const occasions = requiredOccasions(node.text) ?? inherited;
      const kind = node.children.length > 0 ? 'heading' : 'item';
      lines.push({ kind, text: node.text, number, depth: headings.length, headings, occasions });
      if (kind === 'heading') visit(node.children, number, [...headings, node.text], occasions);
    });
  };
  visit(roots, '', [], globalOccasions);

  return { preamble, lines, items: lines.filter((line) => line.kind === 'item') };
}

function startsWithVerb(text: string): boolean {
  return toInstruction(withoutOccasions(text)).verb !== null;
}

/**
 * A line ending in ':' followed by lines at its own indentation ("including:" and then a flat list)
 * introduces those lines just as if they were indented under it. Pushing them half a level deeper
 * lets one tree builder handle both layouts.
 */
function flattenedHeadingIndents(lines: RawLine[]): number[] {
  const indents = lines.map((line) => line.indent * 2);
  const introducesFlatList = (line: RawLine, next: RawLine | undefined) =>
    next !== undefined && next.indent === line.indent && startsUpper(line.text) && startsLower(next.text);
  // "Lift and move a load safely:" over lower-case lines: in this text a capitalised line starts an
  // item and the lower-case lines after it are its sub-points, with or without the colon.
  const capitalsLead = lines.some(
    (line, index) => line.text.endsWith(':') && introducesFlatList(line, lines[index + 1]),
  );
  lines.forEach((line, index) => {
    const next = lines[index + 1];
    const heading = line.text.endsWith(':') || (capitalsLead && introducesFlatList(line, next));
    if (!heading || !next || next.indent > line.indent) return;
    // Without indentation the list ends where its shape changes: "knowledge of:" lists noun phrases,
    // and the next line that starts with a verb is the next item again; under a capitalised heading a
    // capitalised line is the next item, so its sub-points are not read as the one before's.
    const listsActions = startsWithVerb(next.text);
    const lowerList = capitalsLead && startsUpper(line.text) && startsLower(next.text);
    for (let j = index + 1; j < lines.length; j++) {
      const follower = lines[j];
      if (!follower || follower.indent < line.indent) break;
      if (follower.indent === line.indent) {
        if (follower.text.endsWith(':') || startsWithVerb(follower.text) !== listsActions) break;
        if (lowerList && startsUpper(follower.text)) break;
      }
      indents[j] = (indents[j] ?? 0) + 1;
    }
  });
  return indents;
}

const startsUpper = (text: string) => /^[A-Z]/.test(text);
const startsLower = (text: string) => /^[a-z]/.test(text);
