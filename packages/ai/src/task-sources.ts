import type { Phase } from '@evident/core/curriculum';
import { type PerformanceEvidenceLine, withoutOccasions } from './performance-evidence';
import { joinList, lowerFirst, shortTitle, wordCount } from './phrasing';
import { toInstruction } from './verbs';

/**
 * What one offline task is made from: a Performance Evidence item that is an action of its own, or
 * the run of noun phrases a heading lists ("apply safe work practices, including: isolation
 * procedures; barricades and signage"), which a trainer would set as one job, not one per noun.
 */
export type TaskSource = {
  items: PerformanceEvidenceLine[];
  /** The whole job as one imperative sentence, without its full stop. */
  instruction: string;
  /** The phrase the title is cut from. */
  titleSource: string;
  verb: string | null;
  phase: Phase;
  /** How the job fits the action its heading names. */
  context: TaskContext | null;
  occasions: number | null;
};

/**
 * "within": the heading is the larger job this one is done in ("when you work safely at heights");
 * "goal": the heading is what this job is for ("to avoid bare-hand contact").
 */
export type TaskContext = { kind: 'within' | 'goal'; phrase: string };

const MAX_CONTEXT_WORDS = 12;

const listingTail = /,?\s*\b(?:including|such as|for example|e\.g\.|as follows|that is)\s*:?\s*$/i;
/** "..., showing each of the following:" frames a list; "carry out the following manoeuvres" names it. */
const following = /,?\s*\b(?:showing\s+)?(?:each of|all of|any of)?\s*the following\s*:?\s*$/i;
const followingNoun = /\bthe following\s+(?=[\w-]+(?:\s+[\w-]+){0,2}\s*:?\s*$)/i;
/** Headings whose verb names a goal the item serves: "use tongs ... to avoid bare-hand contact". */
const goalVerbs = new Set(['avoid', 'prevent', 'protect', 'reduce', 'control', 'minimise', 'minimize']);

function clean(text: string): string {
  return (
    withoutOccasions(text)
      .replace(/[.;:]+$/, '')
      .trim() || text
  );
}

function stemOf(heading: string): string {
  return clean(heading).replace(following, '').replace(followingNoun, '').replace(listingTail, '').trim();
}

function actionOf(heading: string) {
  const stem = stemOf(heading);
  const action = toInstruction(stem);
  return action.verb !== null && action.phase !== null ? { ...action, phase: action.phase } : null;
}

function parentKey(item: PerformanceEvidenceLine): string {
  return `${item.number.split('.').slice(0, -1).join('.')}|${item.occasions ?? ''}`;
}

export function taskSources(items: PerformanceEvidenceLine[]): TaskSource[] {
  const sources: TaskSource[] = [];
  const groups = new Map<string, TaskSource>();
  const listsNouns = nounLists(items);
  for (const item of items) {
    const core = clean(item.text);
    const action = toInstruction(core);
    const parent = item.headings.at(-1);
    if (action.verb !== null && !listsNouns.has(parentKey(item))) {
      // The same line twice under one heading is one job; its one mapping covers both.
      const twin = sources.some(
        (source) => source.items[0]?.text === item.text && parentKey(source.items[0]) === parentKey(item),
      );
      if (twin) continue;
      sources.push({
        items: [item],
        instruction: action.instruction,
        titleSource: action.instruction,
        verb: action.verb,
        phase: action.phase ?? 'Do',
        context: parent ? contextOf(parent) : null,
        occasions: item.occasions,
      });
      continue;
    }
    const heading = [...item.headings].reverse().find((text) => actionOf(text) !== null);
    const headingAction = heading ? actionOf(heading) : null;
    if (!heading || !headingAction) {
      sources.push({
        items: [item],
        instruction: `show that you can deal with ${lowerFirst(core)}`,
        titleSource: `deal with ${lowerFirst(core)}`,
        verb: null,
        phase: 'Do',
        context: null,
        occasions: item.occasions,
      });
      continue;
    }
    const key = parentKey(item);
    const group = groups.get(key);
    if (group) {
      if (!group.items.some((listed) => listed.text === item.text)) group.items.push(item);
      continue;
    }
    const source: TaskSource = {
      items: [item],
      instruction: '',
      titleSource: headingAction.instruction,
      verb: headingAction.verb,
      phase: headingAction.phase,
      context: null,
      occasions: item.occasions,
    };
    groups.set(key, source);
    sources.push(source);
  }
  for (const source of groups.values()) source.instruction = listedInstruction(source);
  return sources;
}

/**
 * Headings whose items are mostly noun phrases: there a gerund ("working at heights" among "manual
 * handling" and "electrical hazards") names a thing too, not an action of its own.
 */
function nounLists(items: PerformanceEvidenceLine[]): Set<string> {
  const counts = new Map<string, { nouns: number; all: number }>();
  for (const item of items) {
    if (item.headings.length === 0) continue;
    const key = parentKey(item);
    const count = counts.get(key) ?? { nouns: 0, all: 0 };
    count.all++;
    if (toInstruction(clean(item.text)).verb === null) count.nouns++;
    counts.set(key, count);
  }
  return new Set([...counts].filter(([, count]) => count.nouns * 2 > count.all).map(([key]) => key));
}

/** "find and follow the safety documents: SWMS; permits; and the rescue plan". */
function listedInstruction(source: TaskSource): string {
  const heading = source.items[0]?.headings.findLast((text) => actionOf(text) !== null) ?? '';
  const list = joinList(source.items.map((item) => lowerFirst(clean(item.text))));
  const cleaned = clean(heading);
  if (listingTail.test(cleaned)) return `${source.titleSource}, including ${list}`;
  if (/\b(?:of|for|to|with|on|in|about|at|from|by|using|into)$/i.test(cleaned))
    return `${source.titleSource} ${list}`;
  return `${source.titleSource}: ${list}`;
}

function contextOf(heading: string): TaskContext | null {
  // "complete a job, showing each of the following:" frames the whole unit, not one job.
  if (following.test(clean(heading))) return null;
  const action = actionOf(heading);
  if (!action) return null;
  // The whole heading when it is short and one clause ("keep in contact with the team and supervisor
  // during the work"), so the student knows which part of the work is meant; else its short title.
  const whole = wordCount(action.instruction) <= MAX_CONTEXT_WORDS && !/[,;:]/.test(action.instruction);
  const phrase = lowerFirst(whole ? action.instruction : shortTitle(action.instruction));
  return { kind: action.verb && goalVerbs.has(action.verb) ? 'goal' : 'within', phrase };
}
