import type { Phase } from '@evident/core/curriculum';
import { knowledgeWords, paperVerbs } from './evidence-choice';
import { capitalise, joinList, lowerFirst } from './phrasing';
import type { TaskSource } from './task-sources';

/*
 * The tooltip: what an assessor looks for in this job, as one sentence about "you" doing it, then
 * what the job involves asks beyond that ("each hazard is named with the control chosen for it").
 */

export type Occasion = { number: number; of: number } | null;

type Standard = (job: string) => string;

/** "when you <job>", or "as you" when the job has a "when" of its own ("recognise when ..."). */
export function whenYou(job: string): string {
  return /\bwhen\b/i.test(job) ? `as you ${job}` : `when you ${job}`;
}

const standards: Record<Phase, Standard[]> = {
  Prepare: [
    (job) => `You can explain each choice you make ${whenYou(job)}, and why it suits the job in front of you`,
    (job) => `Nothing is assumed or copied from an earlier job ${whenYou(job)}`,
    (job) =>
      `${capitalise(whenYou(job))}, you check what this site and this job need first, and ask when you are unsure`,
  ],
  Check: [
    (job) =>
      `Nothing is skipped ${whenYou(job)}: each point is compared with the procedure or the maker's instructions`,
    (job) =>
      `${capitalise(whenYou(job))}, anything faulty, out of date or missing is tagged out and reported, not used`,
    (job) => `You can show exactly what you look at ${whenYou(job)}, and what you do about anything you find`,
  ],
  Do: [
    (job) =>
      /\bsafely\b/.test(job)
        ? `You follow your workplace procedure step by step ${whenYou(job)}`
        : `You work safely and in the order your workplace procedure sets out ${whenYou(job)}`,
    (job) => `Someone watching you ${job} would see a careful, unhurried job that follows the procedure`,
    (job) => `Your supervisor would sign off the way you ${job}, and you leave the area safe and tidy`,
    (job) => `You can explain each step as you ${job}, and why it is done that way`,
  ],
  'Review/Communicate': [
    (job) => `${capitalise(whenYou(job))}, the right person gets clear, accurate information on time`,
    (job) =>
      `${capitalise(whenYou(job))}, you are clear and to the point, and check you have been understood`,
  ],
};

/** Filling in the paperwork is the job: the standard is a record someone else can rely on. */
const paperwork: Standard[] = [
  (job) =>
    `${capitalise(whenYou(job))}, nothing that applies is left blank, and the record goes where your workplace keeps it`,
  (job) => `${capitalise(whenYou(job))}, you write it up while it is fresh, not from memory days later`,
];

/** Practices kept up all shift ("wear clean clothing"): there the standard is that it never lapses. */
const habitVerbs = new Set(['wear', 'keep', 'use', 'follow', 'maintain', 'cover', 'comply', 'avoid']);

export function isHabit(source: TaskSource): boolean {
  return source.verb !== null && habitVerbs.has(source.verb) && !talkingWords.test(source.instruction);
}
const habits: Standard[] = [
  (job) => `You ${job} every time, not only when someone is watching`,
  (job) => `You ${job} from the start of the shift to the end, without being reminded`,
];

const talking: Standard[] = [
  (job) => `${capitalise(whenYou(job))}, you speak clearly and politely and check you have been understood`,
  (job) => `${capitalise(whenYou(job))}, you listen as much as you speak and confirm what was agreed`,
];

/** Jobs done by talking to someone, where "done safely" says nothing. */
const talkingWords =
  /\b(?:communicat\w*|verbal\w*|non-verbal|speak\w*|talk\w*|listen\w*|engag\w*|customers?|clients?|information)\b/i;
const knowledgeOf = /\b(?:knowledge|understanding|awareness)\s+of\s+(.+)$/i;
const writtenWork =
  /\b(?:records?|reports?|forms?|logs?|logbooks?|documentation|checklists?|activities|analys[ie]s|permits?|jsas?|swms)\b/i;

function standardsFor(source: TaskSource): Standard[] {
  const text = source.instruction;
  if (knowledgeWords.test(text)) {
    const topic = knowledgeOf.exec(text)?.[1];
    return [
      topic
        ? () =>
            `You explain ${topic} accurately in your own words, with examples from real jobs at your workplace`
        : (job) =>
            `${capitalise(whenYou(job))}, you explain it accurately in your own words and link it to real jobs`,
    ];
  }
  if (source.verb !== null && paperVerbs.has(source.verb) && writtenWork.test(text)) return paperwork;
  if (source.phase !== 'Check' && talkingWords.test(text)) return talking;
  if (source.phase === 'Do' && isHabit(source)) return habits;
  return standards[source.phase];
}

export function whatGoodLooksLike(
  source: TaskSource,
  job: string,
  occasion: Occasion,
  variant: number,
): string {
  const options = standardsFor(source);
  let sentence = (options[variant % options.length] ?? options[0] ?? (() => ''))(job);
  const criterion = criteria.find(([pattern]) => pattern.test(source.instruction));
  if (criterion) sentence += `; ${criterion[1]}`;
  if (occasion && occasion.number > 1)
    sentence = `As on ${earlier(occasion.number)}, ${lowerFirst(sentence)}`;
  return `${capitalise(sentence)}.`;
}

/** "occasion 1", "occasions 1 and 2": the occasions before this one. */
export function earlier(number: number): string {
  const before = Array.from({ length: number - 1 }, (_, index) => String(index + 1));
  return before.length === 1 ? `occasion ${before[0]}` : `occasions ${joinList(before)}`;
}

/** What an assessor looks for beyond doing the job, by what the job involves; the first match wins. */
const criteria: [RegExp, string][] = [
  [
    /\b(?:hands?|hand hygiene)\b.*\b(?:clean|wash|rub|hygiene)|\b(?:clean|wash)\w*\b.*\bhands?\b/i,
    'every part of both hands is covered, for the full time, and hands are dried well',
  ],
  [
    /\b(?:illness|sick\w*|vomit\w*|diarrh\w*|health issues?|symptoms?)\b/i,
    'you speak up before handling anything, and stay away from the work until you are cleared',
  ],
  [/\b(?:hazards?|risks?)\b/i, 'each hazard is named with the control chosen for it'],
  [/\bsharps\b/i, 'sharps go straight into an approved sharps container, never passed by hand or recapped'],
  [
    /\b(?:anchors?|harness\w*|lanyards?|fall arrest|fall protection|fall prevention)\b/i,
    'every item carries a current inspection tag and suits the load and the task',
  ],
  [
    /\b(?:ppe|protective|gloves|gowns?|masks?)\b/i,
    'the equipment is the right kind, fits, and is checked for damage before use',
  ],
  [
    /\b(?:waste|dispos\w*|linen)\b/i,
    'everything ends up in the right bin or container and nothing is left behind',
  ],
  [
    /(?=.*\b(?:clean\w*|sanitis\w*|sanitiz\w*|disinfect\w*)\b)(?=.*\b(?:surfaces?|benches|utensils|premises|kitchen)\b)/i,
    'surfaces are cleaned first and then sanitised, with each product used as its label directs',
  ],
  [/\bfood\b/i, 'food stays protected from contamination at every step'],
  [
    /\b(?:signals?|radios?)\b/i,
    'every message is acknowledged, and everyone knows the agreed signals before work starts',
  ],
  [
    /\b(?:customers?|clients?|patients?|residents?)\b/i,
    'the person is treated with courtesy and knows what is happening',
  ],
  [/\b(?:communicat\w*|contact)\b/i, 'every message is acknowledged, and nothing is left to guesswork'],
  [
    /\b(?:records?|reports?|forms?|logs?|logbooks?|checklists?)\b|\b(?:complet\w*|fill\w*)\b.*\bdocumentation\b/i,
    'what you write is accurate, dated and signed, and someone else could act on it',
  ],
  [
    /\b(?:documents?|procedures?|plans?|permits?|instructions|statements?)\b/i,
    'you can point to the part that applies to this job and follow it',
  ],
];
