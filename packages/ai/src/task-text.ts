import type { EvidenceType, Phase } from '@evident/core/curriculum';
import { conversation, knowledgeWords } from './evidence-choice';
import { MAX_OCCASION_TASKS } from './performance-evidence';
import { capitalise, cardinal, joinList, lowerFirst } from './phrasing';
import type { TaskSource } from './task-sources';
import { toGerundPhrase } from './verbs';

/*
 * The words of an offline task. Every sentence names the job it is about, so no two tasks share a
 * sentence: the first says what to do (the Performance Evidence in the student's terms), the second
 * what to capture, and the tooltip what good looks like for this job.
 */

export type TaskText = { description: string; tooltip: string };
type Occasion = { number: number; of: number } | null;

export function writeTaskText(
  source: TaskSource,
  title: string,
  types: EvidenceType[],
  occasion: Occasion,
  /** Which wording to use, so neighbouring tasks of one phase do not read alike. */
  variant: number,
): TaskText {
  const doing = lowerFirst(toGerundPhrase(title));
  return {
    description: `${whatToDo(source, occasion)} ${whatToCapture(source, doing, types, occasion, variant)}`,
    tooltip: whatGoodLooksLike(source, doing, occasion, variant),
  };
}

function whatToDo(source: TaskSource, occasion: Occasion): string {
  let sentence = source.context ? `${source.instruction} ${source.context}` : source.instruction;
  if (occasion && occasion.number === 1)
    sentence = `On the first of ${cardinal(occasion.of)} occasions, ${lowerFirst(sentence)}`;
  if (occasion && occasion.number > 1) {
    sentence = `On a different day or job from ${earlier(occasion.number)}, ${lowerFirst(sentence)}`;
  }
  return `${capitalise(sentence)}.`;
}

function earlier(number: number): string {
  const before = Array.from({ length: number - 1 }, (_, index) => String(index + 1));
  return before.length === 1 ? `occasion ${before[0]}` : `occasions ${joinList(before)}`;
}

function whatToCapture(
  source: TaskSource,
  doing: string,
  types: EvidenceType[],
  occasion: Occasion,
  variant: number,
): string {
  const text = source.instruction;
  const talk = conversation.test(text);
  const photoLeads: Record<Phase, string[]> = {
    Prepare: [
      `Take photos that show you ${doing} before the work starts`,
      `Photograph your set-up after ${doing}, before the work begins`,
    ],
    Check: [
      `Photograph what you checked while ${doing}, close enough to read any tags, labels or readings`,
      `Take close-up photos while ${doing}, showing anything you found`,
    ],
    Do: [
      `Have a colleague or your supervisor photograph you ${doing}`,
      `Ask someone to take photos of you ${doing}, from start to finish`,
      `Take photos while ${doing}, with you in the shot where it is safe`,
      `Photograph each stage of ${doing}, including the finished result`,
    ],
    'Review/Communicate': [`Photograph what you produced or shared after ${doing}`],
  };
  const lead = types.includes('photo')
    ? pick(photoLeads[source.phase], variant)
    : types.includes('audio')
      ? talk
        ? `Record the conversation while ${doing} (with everyone's permission), or record yourself afterwards saying who you spoke to and what was agreed`
        : knowledgeWords.test(text)
          ? `Record yourself (1–2 minutes) explaining how ${doing} applies to a job you did`
          : `Record yourself (1–2 minutes) explaining how you went about ${doing} and why`
      : types.includes('pdf')
        ? `Upload a copy of what you worked from when ${doing}`
        : `Upload the forms or records you completed when ${doing}, signed and dated where they ask`;
  const leadType = types[0];
  const extras: string[] = [];
  if (leadType !== 'audio' && types.includes('audio')) {
    extras.push(talk ? 'a recording or account of what was said' : 'a short recording explaining it');
  }
  if (leadType !== 'pdf' && types.includes('pdf'))
    extras.push('a copy of the plans or instructions you used');
  if (leadType !== 'document' && types.includes('document')) extras.push('any form or record you completed');

  let sentence = extras.length > 0 ? `${lead}, and upload ${joinList(extras, true)}` : lead;
  const required = source.occasions ?? 1;
  if (required > MAX_OCCASION_TASKS) sentence += `, from each of the ${required} occasions`;
  if (occasion && occasion.number > 1)
    sentence = `As on ${earlier(occasion.number)}, ${lowerFirst(sentence)}`;
  return `${sentence}.`;
}

function whatGoodLooksLike(source: TaskSource, doing: string, occasion: Occasion, variant: number): string {
  const Doing = capitalise(doing);
  const standards: Record<Phase, string[]> = {
    Prepare: [
      `${Doing} happens before the work starts and suits this particular job, and you can explain each choice you made`,
      `${Doing} is done first, for this job and this site, not copied from another one`,
      `Before anything else starts, ${doing} is complete and you can say why you chose what you did`,
    ],
    Check: [
      `Nothing is skipped when ${doing}: each point is compared with the procedure or the maker's instructions`,
      `${Doing} is thorough: anything faulty, out of date or missing is tagged out and reported, not used`,
      `You can show exactly what you looked at when ${doing}, and what you did about anything you found`,
    ],
    Do: [
      `${Doing} is done ${/\bsafely\b/.test(doing) ? '' : 'safely and '}in the order your workplace procedure sets out`,
      `Someone watching you ${doing} would see a careful, unhurried job that follows the procedure`,
      `${Doing} is finished to the standard your supervisor expects, with the area left safe and tidy`,
      `You can explain each step of ${doing} and why it is done that way`,
    ],
    'Review/Communicate': [
      `${Doing} gets clear, accurate information to the right person on time`,
      `The right person hears promptly from you when ${doing}, and it is recorded where your workplace keeps it`,
    ],
  };
  const talking = [
    `${Doing} comes across clearly and politely, and you check the other person has understood`,
    `When ${doing}, you listen as much as you speak and confirm what was agreed`,
  ];
  const knowing = [
    `When ${doing}, you explain it accurately in your own words and link it to real jobs at your workplace`,
  ];
  const options = knowledgeWords.test(source.instruction)
    ? knowing
    : source.phase === 'Do' && talkingWords.test(source.instruction)
      ? talking
      : standards[source.phase];
  let sentence = pick(options, variant);
  const criterion = criteria.find(([pattern]) => pattern.test(source.instruction));
  if (criterion) sentence += `; ${criterion[1]}`;
  if (occasion && occasion.number > 1)
    sentence = `As on ${earlier(occasion.number)}, ${lowerFirst(sentence)}`;
  return `${sentence}.`;
}

/** Jobs done by talking to someone, where "done safely" says nothing. */
const talkingWords =
  /\b(?:communicat\w*|verbal\w*|non-verbal|speak\w*|talk\w*|listen\w*|engag\w*|customers?|clients?|information)\b/i;

/** The variant's wording, or the next one when it would say "while" twice ("while doing X while ..."). */
function pick(options: string[], variant: number): string {
  for (let step = 0; step < options.length; step++) {
    const option = options[(variant + step) % options.length] ?? '';
    if ((option.match(/\bwhile\b/g) ?? []).length < 2) return option;
  }
  return options[variant % options.length] ?? '';
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
    /\b(?:signals?|radios?|communicat\w*|contact)\b/i,
    'every message is acknowledged, and everyone knows the agreed signals before work starts',
  ],
  [
    /\b(?:records?|reports?|forms?|logs?)\b/i,
    'what you wrote is accurate, dated and signed, and someone else could act on it',
  ],
  [
    /\b(?:customers?|clients?|patients?|residents?)\b/i,
    'the person is treated with courtesy and knows what is happening',
  ],
  [
    /\b(?:documents?|procedures?|plans?|permits?|instructions|statements?)\b/i,
    'you can point to the part that applies to this job and follow it',
  ],
];
