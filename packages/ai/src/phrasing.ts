import { lookUpVerb } from './verbs';

/*
 * Small pieces of English for task text: short titles cut at a clause boundary, lists, capitals.
 * Every cut lands after a whole phrase, never on "of", "and" or "the".
 */

const MAX_TITLE_WORDS = 10;

/** Words after which a phrase is unfinished. */
const danglingWords = new Set(
  (
    'a an the your their its this these those each every any all some and or but nor so then that which ' +
    'while when where if because of to for with in on at by from into about through against within during ' +
    'before after under over using via per as is are be been being including such than'
  ).split(' '),
);

/** Phrases that mean one thing and must not be cut inside ("a permit | to work"). */
const fixedPhrases =
  /\b(?:permits? to work|ready to eat|point of care|fit for purpose|up to date|out of date)\b/gi;
const GLUE = '\u00a0';

/** Where an adjunct or a new clause starts once the verb has its object. */
const clauseWords = new Set(
  (
    'that which while whilst so where when whenever as including such e.g. then according ensuring showing ' +
    'before after during within against using at in on for with to from by under across throughout ' +
    'without per following'
  ).split(' '),
);
const particles = /^(?:on|off|up|down|out|back|in|away|over)$/i;
const adverbs = /^\w+ly$/i;

function isBaseVerb(word: string): boolean {
  const verb = lookUpVerb(word.replace(/[,;:]$/, ''));
  return verb !== null && verb.form === 'base';
}

type Breaks = { hard: { index: number; preposition: boolean }[]; soft: number[] };

/** Where the verbs' object ends: adjuncts, new clauses ("that", ", then", ", keep"), "and <verb>". */
function findBreaks(words: string[]): Breaks {
  const breaks: Breaks = { hard: [], soft: [] };
  let objectSeen = false;
  for (let i = 1; i < words.length; i++) {
    const word = words[i] ?? '';
    const bare = word.replace(/[,;:.]$/, '').toLowerCase();
    const previous = words[i - 1] ?? '';
    const afterJoiner = /^(?:and|or)$/i.test(previous) || previous.endsWith(',');
    if (objectSeen) {
      const newClause = previous.endsWith(',') && (isBaseVerb(bare) || bare === 'then');
      // "forward and in reverse": a phrase joined to the one before is part of it.
      const coordinated = /^(?:and|or)$/i.test(previous) && prepositions.has(bare);
      if (/[;:]$/.test(previous) || newClause || (clauseWords.has(bare) && !coordinated)) {
        breaks.hard.push({ index: i, preposition: prepositions.has(bare) && !previous.endsWith(',') });
      } else if (bare === 'and' && isBaseVerb(words[i + 1] ?? '')) breaks.soft.push(i);
      continue;
    }
    const verbInList = isBaseVerb(bare) && afterJoiner;
    const particle = particles.test(bare) && isBaseVerb(previous.replace(/,$/, ''));
    if (!verbInList && !particle && !adverbs.test(bare) && !/^(?:and|or|of|in|at)$/.test(bare)) {
      objectSeen = true;
    }
  }
  return breaks;
}

const prepositions = new Set(
  'before after during within against using at in on for with to from by under across throughout without per'.split(
    ' ',
  ),
);
/** "do the work", "complete the task": a title that names no job until its adjunct. */
const genericJob = /^\S+(?:\s+\S+)?\s+(?:the|a|an|this|your)\s+(?:work|job|task|activity)$/i;

/**
 * A short action title from an instruction: the verbs and their object, up to the first adjunct or
 * new clause ("Inspect harnesses, lanyards and connectors" from "... for wear or damage"), keeping a
 * second action when it is short ("Identify an infection risk and report it").
 */
export function shortTitle(instruction: string): string {
  const text = abbreviated(instruction).replace(fixedPhrases, (phrase) => phrase.replace(/ /g, GLUE));
  const words = text.split(/\s+/).filter(Boolean);
  const breaks = findBreaks(words);
  let cut = breaks.hard.find((b) => !genericJob.test(words.slice(0, b.index).join(' ')));
  // Only "do the work" before every break: the whole line when it is short, else the first cut.
  if (!cut && words.length > MAX_TITLE_WORDS) cut = breaks.hard[0];
  let kept = words.slice(0, cut?.index ?? words.length);
  if (cut?.preposition) {
    // "identify a risk in the workplace and report it to ...": the second action belongs in the title.
    const rest = words.slice(cut.index);
    const and = rest.findIndex(
      (word, i) =>
        word === 'and' &&
        isBaseVerb(rest[i + 1] ?? '') &&
        /^(?:it|them)$/i.test((rest[i + 2] ?? '').replace(/[,;:.]$/, '')),
    );
    if (and >= 0) kept = [...kept, 'and', rest[and + 1] ?? '', (rest[and + 2] ?? '').replace(/[,;:.]$/, '')];
  }
  if (kept.length > MAX_TITLE_WORDS) {
    const soft = breaks.soft.filter((index) => index <= MAX_TITLE_WORDS && index >= 2).at(-1);
    if (soft !== undefined) kept = kept.slice(0, soft);
    else if (kept.length > MAX_TITLE_WORDS + 3) {
      const comma = kept.slice(0, MAX_TITLE_WORDS).findLastIndex((word, i) => i >= 2 && word.endsWith(','));
      kept = kept.slice(0, comma >= 2 ? comma + 1 : MAX_TITLE_WORDS);
    }
  }
  return withoutDanglingEnd(kept.join(' ')).replace(new RegExp(GLUE, 'g'), ' ');
}

/** Titles use the short names trainers use: "PPE" for "personal protective equipment". */
export function abbreviated(text: string): string {
  return text.replace(/\bpersonal protective equipment(?:\s*\(PPE\))?/gi, 'PPE');
}

/** Drops trailing punctuation and words that leave a phrase unfinished. */
export function withoutDanglingEnd(text: string): string {
  const words = text.replace(/[\s,;:.]+$/, '').split(' ');
  while (words.length > 2 && danglingWords.has((words.at(-1) ?? '').toLowerCase().replace(/[,;:.]$/, ''))) {
    words.pop();
  }
  return words.join(' ').replace(/[\s,;:.]+$/, '');
}

/** True when a phrase ends on a word that needs more after it. */
export function endsDangling(text: string): boolean {
  const last =
    text
      .trim()
      .replace(/[.,;:!?…]+$/, '')
      .split(/\s+/)
      .at(-1) ?? '';
  return danglingWords.has(last.toLowerCase());
}

/** "a, b and c", or "a; b; and c" when the items have commas or "and"s of their own. */
export function joinList(items: string[], plain = false): string {
  if (items.length <= 1) return items[0] ?? '';
  // Two items only need a semicolon when the first has an "and" or comma that would swallow the join.
  const nested = items.length === 2 ? items.slice(0, 1) : items;
  const complex = !plain && nested.some((item) => /,|\band\b|\bor\b/.test(item));
  const head = items.slice(0, -1).join(complex ? '; ' : ', ');
  return `${head}${complex ? '; and ' : ' and '}${items.at(-1)}`;
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Lower-cases the first letter unless the first word is an acronym or name ("PPE", "WHS"). */
export function lowerFirst(text: string): string {
  const first = text.split(' ')[0] ?? '';
  if (first.length > 1 && first === first.toUpperCase()) return text;
  return text.charAt(0).toLowerCase() + text.slice(1);
}

export function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** Cuts long text at a word boundary, never inside a word, and marks the cut. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${withoutDanglingEnd(space > max / 2 ? cut.slice(0, space) : cut)}…`;
}

const cardinals = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

export function cardinal(n: number): string {
  return cardinals[n - 1] ?? String(n);
}
