import type { Phase } from '@evident/core/curriculum';
import { type PerformanceEvidenceLine, withoutOccasions } from './performance-evidence';
import { joinList, lowerFirst, shortTitle } from './phrasing';
import { toGerundPhrase, toInstruction } from './verbs';

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
  /** How the job fits the action its heading names: "as part of working safely at heights". */
  context: string | null;
  occasions: number | null;
};

const listingTail = /,?\s*\b(?:including|such as|for example|e\.g\.|as follows|that is)\s*:?\s*$/i;
const following = /,?\s*\b(?:showing\s+)?(?:each of|all of|any of)?\s*the following(?:\s+\w+)?\s*:?\s*$/i;
/** Headings whose verb names a goal the item serves: "use tongs ... to avoid bare-hand contact". */
const goalVerbs = new Set(['avoid', 'prevent', 'protect', 'reduce', 'control', 'minimise', 'minimize']);

function clean(text: string): string {
  return (
    withoutOccasions(text)
      .replace(/[.;:]+$/, '')
      .trim() || text
  );
}

function actionOf(heading: string) {
  const stem = clean(heading).replace(following, '').replace(listingTail, '').trim();
  const action = toInstruction(stem);
  return action.verb !== null && action.phase !== null ? { ...action, phase: action.phase } : null;
}

function parentKey(item: PerformanceEvidenceLine): string {
  return `${item.number.split('.').slice(0, -1).join('.')}|${item.occasions ?? ''}`;
}

export function taskSources(items: PerformanceEvidenceLine[]): TaskSource[] {
  const sources: TaskSource[] = [];
  const groups = new Map<string, TaskSource>();
  for (const item of items) {
    const core = clean(item.text);
    const action = toInstruction(core);
    const parent = item.headings.at(-1);
    if (action.verb !== null) {
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
      group.items.push(item);
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

/** "find and follow the safety documents: SWMS; permits; and the rescue plan". */
function listedInstruction(source: TaskSource): string {
  const heading = source.items[0]?.headings.findLast((text) => actionOf(text) !== null) ?? '';
  const list = joinList(source.items.map((item) => lowerFirst(clean(item.text))));
  const cleaned = clean(heading);
  if (following.test(cleaned)) return `${source.titleSource}: ${list}`;
  if (listingTail.test(cleaned)) return `${source.titleSource}, including ${list}`;
  if (/\b(?:of|for|to|with|on|in|about|at|from|by|using|into)$/i.test(cleaned)) return `${cleaned} ${list}`;
  return `${cleaned}: ${list}`;
}

function contextOf(heading: string): string | null {
  // "complete a job, showing each of the following:" frames the whole unit, not one job.
  if (following.test(clean(heading))) return null;
  const action = actionOf(heading);
  if (!action) return null;
  const title = shortTitle(action.instruction);
  if (action.verb && goalVerbs.has(action.verb)) return `to ${lowerFirst(title)}`;
  return `as part of ${lowerFirst(toGerundPhrase(title))}`;
}
