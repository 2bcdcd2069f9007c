import {
  type RequirementItem,
  type RequirementSection,
  requirementKeyPrefixes,
  requirementSections,
} from './requirements';

/**
 * One reader for a requirements section's plain text, shared by the register client (its HTML made
 * into lines) and an admin's pasted text, so both give the same keys. One item a line; a nested item
 * is indented (two spaces a level, or a tab) or numbered ("3.2"); a line ending in ':' over lines at
 * its own indentation introduces them. Framing sentences that open a section ("The candidate must
 * ...:") are kept apart as its preamble: no task can evidence them.
 */

/** The release a unit's items are stored under when no register release is known. */
export const UNKNOWN_RELEASE = 'unknown';
/** The release of the bundled catalogue's items: summaries in our words, not a register release. */
export const CATALOGUE_RELEASE = 'catalogue';

/** "release 3", or what the two stand-ins mean, for a screen to show. */
export function releaseLabel(release: string | null): string {
  if (release === null || release === UNKNOWN_RELEASE) return 'release not known';
  if (release === CATALOGUE_RELEASE) return 'bundled catalogue summary';
  return `release ${release}`;
}

/** Why a unit holds no items of a section, and what an admin can do: never guessed, so it says where to get it. */
export function missingSectionReason(release: string | null, title: string): string {
  if (release === CATALOGUE_RELEASE)
    return `${title} is not in the bundled catalogue: fetch the unit from training.gov.au, or paste the section's text.`;
  if (release === null || release === UNKNOWN_RELEASE)
    return `${title} has not been read for this unit: fetch the unit from training.gov.au, or paste the section's text.`;
  return `Release ${release} as read lists no ${title}: fetch the unit again, or paste the section's text if the register has it.`;
}

/** Sections an admin pastes one at a time: elements and their criteria are one text on the register. */
export const pastableSections = ['element', 'pe', 'ke', 'ac', 'fs'] as const;
export type PastableSection = (typeof pastableSections)[number];

export type ParsedSection = { items: RequirementItem[]; preamble: string[] };

// Deeper than `KE 3.2.1` is joined to its parent's text: the key format stops at three levels.
const MAX_DEPTH = 3;
const NUMBERED = /^(\d{1,3}(?:\.\d{1,3}){0,3})(?:[.)]|\s*[-–:])?\s+(.+)$/;
const BULLET = /^(?:[-*•–·▪◦●○■□‣⁃]|[a-z][.)]|\((?:[a-z]|\d{1,2}|[ivx]{1,4})\))\s+/i;
const NOTE =
  /^(?:summary prepared|note\b|this (?:is a )?summary|not the official)|not the official register/i;
const FRAMING =
  /^(?:the (?:candidate|learner|student|person|individual|participant)s?\b|candidates?\b|learners?\b|evidence (?:of|that|is required|must|required)\b|there must be evidence|(?:performance|knowledge) evidence\b|a person (?:who|must)|it is essential|demonstrated evidence|to demonstrate competency|in order to demonstrate|competency (?:in|is demonstrated)|assessment (?:of|must|is to)\b|assessors? must\b|this section describes|the foundation skills|foundation skills (?:essential|demands|describe)|elements? describe|performance criteria describe)/i;
const HEADINGS = new Set([
  'element',
  'elements',
  'performance criteria',
  'elements and performance criteria',
  'performance evidence',
  'knowledge evidence',
  'assessment conditions',
  'foundation skills',
  'skill',
  'skills',
  'description',
]);

type Line = { indent: number; text: string; number: string | null };

function readLines(text: string): Line[] {
  const lines: Line[] = [];
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const expanded = raw.replace(/\t/g, '  ').replace(/[\u00a0\u2007\u202f]/g, ' ');
    const content = expanded.trim();
    if (!content) continue;
    const indent = Math.floor((expanded.length - expanded.trimStart().length) / 2);
    const unbulleted = content.replace(BULLET, '');
    const numbered = NUMBERED.exec(unbulleted);
    const body = (numbered?.[2] ?? unbulleted).replace(/\s+/g, ' ').trim();
    if (body && !HEADINGS.has(body.toLowerCase()))
      lines.push({ indent, text: body.slice(0, 2000), number: numbered?.[1] ?? null });
  }
  return lines;
}

type Node = { text: string; number: string | null; indent: number; children: Node[] };

/** A ':' line over lines at its own indentation introduces them, as if they were indented under it. */
function effectiveIndents(lines: Line[]): number[] {
  const indents = lines.map((line) => line.indent * 2);
  lines.forEach((line, index) => {
    const next = lines[index + 1];
    if (!line.text.endsWith(':') || !next || next.indent !== line.indent || line.number) return;
    for (let j = index + 1; j < lines.length; j++) {
      const follower = lines[j];
      if (!follower || follower.indent < line.indent) break;
      if (follower.indent === line.indent && follower.text.endsWith(':')) break;
      indents[j] = (indents[j] ?? 0) + 1;
    }
  });
  return indents;
}

function buildTree(lines: Line[]): Node[] {
  const indents = effectiveIndents(lines);
  const roots: Node[] = [];
  const stack: Node[] = [];
  lines.forEach((line, index) => {
    const node: Node = { ...line, indent: indents[index] ?? 0, children: [] };
    while (stack.length > 0 && (stack[stack.length - 1]?.indent ?? 0) >= node.indent) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(node);
    else roots.push(node);
    stack.push(node);
  });
  return roots;
}

/** Leading framing and notes, then the lines that are items. */
function splitPreamble(lines: Line[]): { preamble: string[]; body: Line[] } {
  const preamble: string[] = [];
  let start = 0;
  while (start < lines.length) {
    const line = lines[start];
    if (!line || line.number || !(NOTE.test(line.text) || FRAMING.test(line.text))) break;
    preamble.push(line.text);
    start++;
  }
  const body = lines.slice(start).filter((line) => {
    if (!NOTE.test(line.text)) return true;
    preamble.push(line.text);
    return false;
  });
  return { preamble, body };
}

function keyOf(section: RequirementSection, number: string): string {
  return `${requirementKeyPrefixes[section]} ${number}`;
}

function parentNumber(number: string): string | null {
  const dot = number.lastIndexOf('.');
  return dot < 0 ? null : number.slice(0, dot);
}

/** Items in reading order; an explicit number wins over the position, so "3.2" stays `KE 3.2`. */
function flatten(section: RequirementSection, nodes: Node[]): RequirementItem[] {
  const items: RequirementItem[] = [];
  const used = new Set<string>();
  const visit = (list: Node[], prefix: string, depth: number) => {
    let position = 0;
    for (const node of list) {
      position += 1;
      let number = node.number ?? (prefix ? `${prefix}.${position}` : String(position));
      // A repeated or clashing number would break the key's uniqueness; its place decides instead.
      if (used.has(number)) number = prefix ? `${prefix}.${position}` : String(position);
      while (used.has(number)) number = `${number}.1`;
      used.add(number);
      const parent = node.number ? parentNumber(number) : prefix || null;
      const text =
        depth + 1 >= MAX_DEPTH && node.children.length > 0
          ? `${node.text} ${descendantsText(node.children)}`
          : node.text;
      items.push({
        section,
        key: keyOf(section, number),
        parentKey: parent && used.has(parent) ? keyOf(section, parent) : null,
        text,
      });
      if (depth + 1 < MAX_DEPTH) visit(node.children, number, depth + 1);
      const last = number.split('.').pop();
      if (node.number && last) position = Number(last);
    }
  };
  visit(nodes, '', 0);
  return items;
}

function descendantsText(nodes: Node[]): string {
  return nodes
    .map((node) => (node.children.length > 0 ? `${node.text} ${descendantsText(node.children)}` : node.text))
    .join('; ');
}

/** Elements and criteria: "1 Element" over "1.1 Criterion", or elements at the top and criteria indented. */
function parseElements(body: Line[]): RequirementItem[] {
  const numbered = body.some((line) => line.number?.includes('.'));
  const items: RequirementItem[] = [];
  let element: RequirementItem | undefined;
  let elementCount = 0;
  let criterionCount = 0;
  let criterion: RequirementItem | undefined;
  for (const line of body) {
    const isElement = numbered ? line.number !== null && !line.number.includes('.') : line.indent === 0;
    const isCriterion = numbered ? (line.number?.includes('.') ?? false) : line.indent > 0;
    if (isElement) {
      elementCount = Number(line.number ?? elementCount + 1);
      criterionCount = 0;
      criterion = undefined;
      element = { section: 'element', key: `E ${elementCount}`, parentKey: null, text: line.text };
      items.push(element);
    } else if (isCriterion) {
      const [e, c] = (line.number ?? '').split('.');
      if (numbered && e && Number(e) !== elementCount) {
        elementCount = Number(e);
        element = { section: 'element', key: `E ${e}`, parentKey: null, text: `Element ${e}` };
        items.push(element);
      }
      criterionCount = c ? Number(c) : criterionCount + 1;
      criterion = {
        section: 'pc',
        key: `PC ${elementCount}.${criterionCount}`,
        parentKey: element?.key ?? null,
        text: line.text,
      };
      if (!items.some((item) => item.key === criterion?.key)) items.push(criterion);
    } else if (criterion) {
      // Unnumbered lines under a criterion ("including:" and a list) are part of its text.
      criterion.text = /[:;,]$/.test(criterion.text)
        ? `${criterion.text} ${line.text}`
        : `${criterion.text}; ${line.text}`;
    }
  }
  return items;
}

/** Reads one section's text. For 'element' the text holds elements and their performance criteria. */
export function parseRequirementText(section: PastableSection, text: string): ParsedSection {
  const { preamble, body } = splitPreamble(readLines(text));
  if (section === 'element') return { items: parseElements(body), preamble };
  return { items: flatten(section, buildTree(body)), preamble };
}

/** The register's elements (as its client reads them) as items: `E 1`, and `PC 1.1` under it. */
export function elementsToItems(
  elements: { title: string; performanceCriteria: string[] }[],
): RequirementItem[] {
  return elements.flatMap((element, e) => [
    { section: 'element' as const, key: `E ${e + 1}`, parentKey: null, text: element.title },
    ...element.performanceCriteria.map((text, c) => ({
      section: 'pc' as const,
      key: `PC ${e + 1}.${c + 1}`,
      parentKey: `E ${e + 1}`,
      text,
    })),
  ]);
}

export type RequirementChange = { key: string; section: RequirementSection; before: string; after: string };
export type RequirementDiff = {
  added: RequirementItem[];
  removed: RequirementItem[];
  reworded: RequirementChange[];
  unchanged: number;
};

/** What changed from one list of items to another, by key: a key kept with other words is reworded. */
export function diffRequirements(before: RequirementItem[], after: RequirementItem[]): RequirementDiff {
  const old = new Map(before.map((item) => [item.key, item]));
  const now = new Map(after.map((item) => [item.key, item]));
  const diff: RequirementDiff = { added: [], removed: [], reworded: [], unchanged: 0 };
  for (const item of after) {
    const was = old.get(item.key);
    if (!was) diff.added.push(item);
    else if (was.text !== item.text)
      diff.reworded.push({ key: item.key, section: item.section, before: was.text, after: item.text });
    else diff.unchanged += 1;
  }
  diff.removed = before.filter((item) => !now.has(item.key));
  return diff;
}

export function isEmptyDiff(diff: RequirementDiff): boolean {
  return diff.added.length + diff.removed.length + diff.reworded.length === 0;
}

/** Items in the register's order: by section, then as they were read. */
export function sortBySection(items: RequirementItem[]): RequirementItem[] {
  const rank = (item: RequirementItem) => requirementSections.indexOf(item.section);
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => rank(a.item) - rank(b.item) || a.index - b.index)
    .map(({ item }) => item);
}
