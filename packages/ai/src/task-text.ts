import type { EvidenceType, Phase } from '@evident/core/curriculum';
import { conversation, knowledgeWords, paperVerbs, readingVerbs } from './evidence-choice';
import { MAX_OCCASION_TASKS } from './performance-evidence';
import { capitalise, cardinal, joinList, lowerFirst } from './phrasing';
import type { TaskSource } from './task-sources';
import { earlier, isHabit, type Occasion, whatGoodLooksLike, whenYou } from './task-standards';

/*
 * The words of an offline task, as a trainer writes them to a student: the first sentence says what
 * to do (the Performance Evidence in the student's terms), the second what to capture, and the
 * tooltip what good looks like. Sentences about the job name it as "you <the title>", an instruction
 * that stays grammatical whatever the title's verbs, where a gerund ("after locating and explaining
 * ...") read like a form letter; naming the job also keeps any two tasks' sentences apart.
 */

export type TaskText = { description: string; tooltip: string };

export function writeTaskText(
  source: TaskSource,
  title: string,
  types: EvidenceType[],
  occasion: Occasion,
  /** Which wording to use, so neighbouring tasks of one phase do not read alike. */
  variant: number,
): TaskText {
  const job = asClause(title);
  return {
    description: `${whatToDo(source, occasion)} ${whatToCapture(source, job, types, occasion, variant)}`,
    tooltip: whatGoodLooksLike(source, job, occasion, variant),
  };
}

/** "Select PPE for cleaning: gloves and aprons" -> "select PPE for cleaning (gloves and aprons)". */
function asClause(title: string): string {
  const [head, ...rest] = title.split(': ');
  return lowerFirst(rest.length > 0 ? `${head} (${rest.join(': ')})` : title);
}

function whatToDo(source: TaskSource, occasion: Occasion): string {
  const { context, instruction } = source;
  let sentence = instruction;
  if (context?.kind === 'goal') sentence = `${instruction} to ${context.phrase}`;
  if (context?.kind === 'within') {
    // "On the first of two occasions when you work at heights, ...": the occasion is of the larger job.
    const when = `when you ${context.phrase}`;
    if (occasion?.number === 1) {
      return `On the first of ${cardinal(occasion.of)} occasions ${when}, ${lowerFirst(instruction)}.`;
    }
    sentence = `${capitalise(when)}, ${lowerFirst(instruction)}`;
  }
  if (occasion?.number === 1) {
    sentence = `On the first of ${cardinal(occasion.of)} occasions, ${lowerFirst(sentence)}`;
  }
  if (occasion && occasion.number > 1) {
    sentence = `On a different day or job from ${earlier(occasion.number)}, ${lowerFirst(sentence)}`;
  }
  return `${capitalise(sentence)}.`;
}

const photoLeads: Record<Phase, ((job: string) => string)[]> = {
  Prepare: [
    (job) => `Take photos that show, step by step, how you ${job}`,
    (job) => `Photograph what you find or set up as you ${job}`,
  ],
  Check: [
    (job) => `Photograph what you look at as you ${job}, close enough to read any tags, labels or readings`,
    (job) => `Take close-up photos as you ${job}, including anything you find wrong`,
  ],
  Do: [
    (job) => `Ask your supervisor or a colleague to photograph you as you ${job}`,
    (job) => `Have someone take photos of you from start to finish as you ${job}`,
    (job) => `Take photos as you ${job}, with at least one that shows you at work`,
    (job) => `Take a photo at each stage as you ${job}`,
  ],
  'Review/Communicate': [(job) => `Photograph what you put in writing or on display ${whenYou(job)}`],
};

/** Practices kept up all shift are shown on an ordinary day, not staged. */
const habitPhotos = [
  (job: string) => `Have someone photograph you at work on an ordinary shift, showing that you ${job}`,
  (job: string) => `Ask a colleague to take photos during a normal shift that show you ${job}`,
];
/** No one photographs a real emergency. */
const emergency = /\b(?:emergenc\w*|evacuat\w*|fire|rescue)\b/i;

/** "demonstrate knowledge of the products" -> "the products": what the student must explain. */
const knowledgeOf =
  /^(?:demonstrate|show|apply|have)\s+(?:\w+\s+)?(?:knowledge|understanding|awareness)\s+of\s+(.+)$/i;

function leadSentence(source: TaskSource, job: string, lead: EvidenceType, variant: number): string {
  const text = source.instruction;
  if (lead === 'video') {
    return `Have someone film you as you ${job}, and say what you do at each step as you go`;
  }
  if (lead === 'photo') {
    if (source.phase === 'Do' && emergency.test(text)) {
      return `During a drill or exercise, have your supervisor photograph you as you ${job}`;
    }
    if (source.phase === 'Do' && isHabit(source)) return pick(habitPhotos, variant)(job);
    if (source.phase === 'Prepare' && readingVerbs.test(text))
      return `Photograph what you find as you ${job}`;
    return pick(photoLeads[source.phase], variant)(job);
  }
  if (lead === 'audio') {
    if (conversation.test(text)) {
      return `Record the conversation ${whenYou(job)} (with everyone's permission), or record yourself afterwards saying who you spoke to and what was agreed`;
    }
    const topic = knowledgeOf.exec(text)?.[1];
    if (topic)
      return `Record yourself (1–2 minutes) explaining ${topic} in your own words, with an example from your workplace`;
    if (knowledgeWords.test(text)) {
      return `Record yourself (1–2 minutes) explaining what you need to know to ${job}, with an example from your workplace`;
    }
    return `Record yourself (1–2 minutes) explaining, with a job you did as the example, how you ${job}`;
  }
  if (lead === 'pdf') return `Upload a copy of the documents you work from ${whenYou(job)}`;
  if (readingVerbs.test(text)) {
    return `Upload a copy of the documents you use ${whenYou(job)}, with the parts that apply to this job marked`;
  }
  return `Upload a copy of any form or record you fill in ${whenYou(job)}, signed and dated where it asks`;
}

/** Paperwork leads with the paper; talk and records lead a report; everything else leads with a photo. */
function leadTypeOf(source: TaskSource, types: EvidenceType[]): EvidenceType {
  if (source.verb !== null && paperVerbs.has(source.verb) && types.includes('document')) return 'document';
  const order: EvidenceType[] =
    source.phase === 'Review/Communicate'
      ? ['document', 'audio', 'photo', 'video', 'pdf']
      : ['video', 'photo', 'audio', 'pdf', 'document'];
  return order.find((type) => types.includes(type)) ?? types[0] ?? 'photo';
}

function whatToCapture(
  source: TaskSource,
  job: string,
  types: EvidenceType[],
  occasion: Occasion,
  variant: number,
): string {
  const lead = leadTypeOf(source, types);
  const talk = conversation.test(source.instruction);
  const extras: Record<EvidenceType, string> = {
    photo: 'a photo of the work or item concerned',
    audio: talk
      ? 'a recording or written note of what was said'
      : /\b(?:explain|describe)/i.test(source.instruction)
        ? 'a short recording of your explanation'
        : 'a short recording in which you explain your choices',
    pdf: 'a copy of the plans or instructions you used',
    video: 'a short video of you at work',
    document: 'a copy of any form or record you completed',
  };
  // "the documents you use" already asks for the reference material.
  const reading = lead === 'document' && readingVerbs.test(source.instruction);
  // The recording goes last: "a recording in which you explain your choices and a copy" misreads.
  const extraOrder: EvidenceType[] = ['pdf', 'document', 'photo', 'video', 'audio'];
  const more = extraOrder.filter(
    (type) => types.includes(type) && type !== lead && !(type === 'pdf' && reading),
  );
  let sentence = leadSentence(source, job, lead, variant);
  if (more.length > 0)
    sentence += `, and add ${joinList(
      more.map((type) => extras[type]),
      true,
    )}`;
  const required = source.occasions ?? 1;
  if (required > MAX_OCCASION_TASKS) sentence += `, from each of the ${required} occasions`;
  if (occasion && occasion.number > 1) {
    sentence +=
      occasion.number === 2 ? ', as you did the first time' : ', as you did on the earlier occasions';
  }
  return `${sentence}.`;
}

function pick<T>(options: T[], variant: number): T {
  const option = options[variant % options.length];
  if (option === undefined) throw new Error('no wording to pick from');
  return option;
}
