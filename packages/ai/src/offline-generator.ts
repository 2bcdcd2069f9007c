import {
  type EvidenceType,
  evidenceTypes,
  type Phase,
  phases,
  type TaskDraft,
} from '@evident/core/curriculum';
import { AppError } from '@evident/core/errors';
import type { GeneratedTasks, GenerationInput, TaskGenerator } from '@evident/core/ports/task-generator';
import { buildMappingDocument } from './mapping-document';
import {
  MAX_OCCASION_TASKS,
  type PerformanceEvidenceLine,
  parsePerformanceEvidence,
  withoutOccasions,
} from './performance-evidence';
import { toInstruction } from './verbs';

/** The embedded default: rules, no network, same input -> same tasks. */
export function createOfflineTaskGenerator(): TaskGenerator {
  return { generate: async (input) => generateTasksOffline(input) };
}

export function generateTasksOffline(input: GenerationInput): GeneratedTasks {
  const outline = parsePerformanceEvidence(input.performanceEvidence);
  if (outline.items.length === 0) {
    throw new AppError(
      'UNPROCESSABLE',
      `Unit ${input.unitCode} has no Performance Evidence to generate tasks from`,
    );
  }

  const tasks: { task: TaskDraft; order: number }[] = [];
  for (const item of outline.items) {
    const plan = planTask(item);
    const occasions = item.occasions ?? 1;
    if (occasions < 2 || occasions > MAX_OCCASION_TASKS) {
      const note =
        occasions > MAX_OCCASION_TASKS ? ` Collect evidence from each of the ${occasions} occasions.` : '';
      tasks.push({
        task: { ...plan, description: plan.description + note, occasion: null },
        order: tasks.length,
      });
      continue;
    }
    for (let occasion = 1; occasion <= occasions; occasion++) {
      tasks.push({
        task: {
          ...plan,
          title: `${plan.title} (occasion ${occasion})`,
          description: `${plan.description} This is occasion ${occasion} of ${occasions}: use a different job or day from the other occasions.`,
          occasion,
        },
        order: tasks.length,
      });
    }
  }

  // General tasks first, then each occasion in turn, each in the order work happens.
  tasks.sort(
    (a, b) =>
      (a.task.occasion ?? 0) - (b.task.occasion ?? 0) ||
      phases.indexOf(a.task.phase) - phases.indexOf(b.task.phase) ||
      a.order - b.order,
  );
  const ordered = withUniqueTitles(tasks.map(({ task }) => task));
  return { tasks: ordered, mappingDocument: buildMappingDocument(input, outline, ordered) };
}

type TaskPlan = Omit<TaskDraft, 'occasion'>;

function planTask(item: PerformanceEvidenceLine): TaskPlan {
  const core = withoutOccasions(item.text).replace(/[.;:]+$/, '') || item.text;
  const action = toInstruction(core);
  let instruction = action.instruction;
  let title = shortTitle(action.instruction);
  let phase: Phase = action.phase ?? 'Do';
  let verb = action.verb;
  let context = '';

  if (action.verb === null) {
    // A noun phrase ("isolation procedures") only makes sense with the heading that introduces it.
    const heading = nearestActionHeading(item);
    if (heading) {
      const joined = joinHeading(heading.instruction, core);
      instruction = joined.instruction;
      title = joined.title;
      phase = heading.phase;
      verb = heading.verb;
    } else {
      instruction = `show that you can deal with ${lowerFirst(core)}`;
      title = `Show evidence of ${lowerFirst(shortTitle(core))}`;
    }
  } else if (item.headings.length > 0) {
    const parent = withoutOccasions(item.headings[item.headings.length - 1] ?? '')
      .replace(/[:;,.]+$/, '')
      .replace(listingTail, '');
    if (parent) context = ` This is part of: ${lowerFirst(parent)}.`;
  }

  const types = evidenceTypesFor(instruction, verb, phase);
  const opener = phase === 'Prepare' ? 'Before you start the work,' : 'At your workplace,';
  const description =
    `${opener} ${lowerFirst(instruction)}.${context} ${captureInstructions(instruction, phase, types)}`.trim();
  // Limits of taskDraftSchema, leaving room for the occasion suffixes added later.
  return {
    title: clip(capitalise(title), 170),
    description: clip(description, 3800),
    phase,
    tooltip: clip(whatGoodLooksLike(item.text, instruction, phase, types), 2000),
    evidenceTypes: types,
    performanceEvidenceMapping: [item.text],
  };
}

function nearestActionHeading(item: PerformanceEvidenceLine) {
  for (const heading of [...item.headings].reverse()) {
    const action = toInstruction(withoutOccasions(heading).replace(/[:;.]+$/, ''));
    if (action.verb !== null && action.phase !== null) {
      return { instruction: action.instruction, phase: action.phase, verb: action.verb };
    }
  }
  return null;
}

const listingTail = /,?\s*\b(?:including|such as|for example|e\.g\.|as follows)\s*$/i;

/** "apply safe work practices, including" + "isolation procedures" -> one instruction and a title. */
function joinHeading(heading: string, item: string): { instruction: string; title: string } {
  const following = /\s*\bthe following(?:\s+\w+)?\s*$/i;
  if (following.test(heading)) {
    const instruction = `${heading.replace(following, '')} ${item}`;
    return { instruction, title: shortTitle(instruction) };
  }
  if (listingTail.test(heading)) {
    const stem = heading.replace(listingTail, '');
    return { instruction: `${stem}, including ${item}`, title: `${shortTitle(stem)}: ${shortTitle(item)}` };
  }
  if (/\b(?:of|for|to|with|on|in|about|at|from|by|using|into)$/i.test(heading)) {
    const instruction = `${heading} ${item}`;
    return { instruction, title: shortTitle(instruction) };
  }
  return { instruction: `${heading}: ${item}`, title: `${shortTitle(heading)}: ${shortTitle(item)}` };
}

const MAX_TITLE_WORDS = 9;
const clauseBreaks =
  /,|;|:|\s\(|\s[-–—]\s|\s(?:in accordance with|according to|including|in line with|as per|consistent with|to meet|that|which|while|whilst|so that|where|when|such as|e\.g\.)\s/gi;
const softBreaks = /\s(?:and|to|using|for|in|on|with|within|from|at|by)\s/gi;

/** A short action title: the instruction up to its first clause, at most nine words. */
export function shortTitle(text: string): string {
  let title = text.trim();
  for (const match of title.matchAll(clauseBreaks)) {
    const head = title.slice(0, match.index).trim();
    if (wordCount(head) >= 2) {
      title = head;
      break;
    }
  }
  if (wordCount(title) > MAX_TITLE_WORDS) {
    let best = '';
    for (const match of title.matchAll(softBreaks)) {
      const head = title.slice(0, match.index).trim();
      if (wordCount(head) > MAX_TITLE_WORDS) break;
      if (wordCount(head) >= 2) best = head;
    }
    title = best || title.split(/\s+/).slice(0, MAX_TITLE_WORDS).join(' ');
  }
  return title.replace(/[\s,;:.]+$/, '');
}

const writtenRecord =
  /\b(?:records?|recorded|recording|reports?|forms?|documents?|documentation|documented|logs?|logbooks?|log book|checklists?|permits?|jsas?|swms|job safety analys[ie]s|method statements?|minutes|timesheets?|dockets?|invoices?|quotes?|quotations?|written|register|plans?|schedules?|risk assessments?|write|fill|sign|notes?)\b/i;
const referenceMaterial =
  /\b(?:specifications?|drawings?|plans|manuals?|safety data sheets?|sds|instructions|procedures|standards?|codes? of practice|legislation|regulations?)\b/i;
const readingVerbs = /^(?:\w+ly\s+)?(?:read|interpret|access|locate|obtain|research|source|review)\b/i;
const spoken =
  /\b(?:communicat\w*|verbal\w*|discuss\w*|explain\w*|consult\w*|liais\w*|brief\w*|toolbox|handover|hand over|ask\w*|question\w*|instruct\w*|advis\w*|inform\w*|notif\w*|speak\w*|talk\w*|telephone|phone|radio|customers?|clients?|team members?|supervisors?|negotiat\w*|feedback|report\w*|present\w*|describ\w*|answer\w*|meetings?|enquir\w*|complaints?)\b/i;
const physical =
  /\b(?:equipment|tools?|materials?|ppe|protective|site|area|vehicles?|plant|machine\w*|barriers?|signs?|signage|load|lift\w*|install\w*|clean\w*|work ?place|components?|stock|goods|products?|hazards?)\b/i;

const paperVerbs = new Set([
  'complete',
  'fill',
  'sign',
  'write',
  'record',
  'document',
  'log',
  'file',
  'submit',
  'update',
  'develop',
  'prepare',
]);

/** Which files show this best: photos of physical work, documents for records, audio for talk. */
function evidenceTypesFor(instruction: string, verb: string | null, phase: Phase): EvidenceType[] {
  const reading = readingVerbs.test(instruction);
  const written = writtenRecord.test(instruction);
  // Knowledge is shown by explaining it, not by photographing it.
  const knowledge = /\b(?:knowledge|understanding|awareness)\b/i.test(instruction);
  const talk = knowledge || spoken.test(instruction);
  // Paperwork is the work itself when the verb acts on a record: "complete a JSA", "interpret plans".
  const paperwork = reading || (written && verb !== null && paperVerbs.has(verb));
  const chosen = new Set<EvidenceType>();
  if (
    !knowledge &&
    (physical.test(instruction) || (!paperwork && (phase === 'Do' || phase === 'Check' || !talk)))
  ) {
    chosen.add('photo');
  }
  if (talk) chosen.add('audio');
  if (reading && referenceMaterial.test(instruction)) chosen.add('pdf');
  if (written || (phase === 'Review/Communicate' && !talk)) chosen.add('document');
  if (chosen.size === 0) chosen.add(phase === 'Prepare' ? 'document' : 'photo');
  return evidenceTypes.filter((type) => chosen.has(type));
}

function captureInstructions(instruction: string, phase: Phase, types: EvidenceType[]): string {
  const parts: string[] = [];
  if (types.includes('photo')) {
    const subject: Record<Phase, string> = {
      Prepare: 'the tools, equipment and materials you chose and your work area set up ready to start',
      Check: 'what you checked, any tags, readings or faults you found, and the checklist if you used one',
      Do: 'the work before, during and after, with you in the shot where it is safe',
      'Review/Communicate': 'the finished work or the place where the information is displayed',
    };
    parts.push(`Take clear photos of ${subject[phase]}.`);
  }
  if (types.includes('audio')) {
    parts.push(
      /\b(?:customers?|clients?|supervisors?|team|meetings?|toolbox|handover|consult\w*|discuss\w*|liais\w*)\b/i.test(
        instruction,
      )
        ? 'Record a short audio clip (1-2 minutes, with permission if others are speaking) or explain afterwards who you spoke to, what was said and what was agreed.'
        : /\b(?:knowledge|understanding|awareness)\b/i.test(instruction)
          ? 'Record a short audio clip (1-2 minutes) explaining in your own words how this applies to a job you did.'
          : 'Record a short audio clip (1-2 minutes) explaining in your own words what you did and why.',
    );
  }
  if (types.includes('pdf'))
    parts.push('Upload a PDF or scan of the plans, procedures or instructions you worked from.');
  if (types.includes('document')) {
    parts.push(
      'Upload the record you completed (Word document, PDF or a clear scan) with your name, the date and any signatures it needs.',
    );
  }
  return `Evidence to capture: ${parts.join(' ')}`;
}

function whatGoodLooksLike(
  itemText: string,
  instruction: string,
  phase: Phase,
  types: EvidenceType[],
): string {
  const byPhase: Record<Phase, string> = {
    Prepare:
      'You prepared for this specific job before starting: the right information, tools and materials, and you can say why you chose them.',
    Check:
      'Every point is checked against the procedure or the manufacturer’s instructions, and anything faulty is tagged out and reported.',
    Do: 'The work is done safely, following the workplace procedure, and finished to the standard your supervisor expects.',
    'Review/Communicate':
      'The right person gets clear, accurate information on time, and it is recorded where your workplace keeps it.',
  };
  const parts = [byPhase[phase]];
  if (/\b(?:hazards?|risks?)\b/i.test(instruction))
    parts.push('Name the hazards and the controls you put in place.');
  if (/\b(?:ppe|protective)\b/i.test(instruction))
    parts.push('Show the PPE being worn and that it is in good condition.');
  if (types.includes('photo'))
    parts.push('Photos are in focus, well lit and show the whole task, not just the end result.');
  if (types.includes('audio'))
    parts.push('Audio is clear, in your own words, and names the job, the date and the people involved.');
  if (types.includes('pdf') || types.includes('document')) {
    parts.push('Documents are complete, readable and dated, and signed where the form asks for it.');
  }
  parts.push(`Your assessor checks it against: "${itemText}"`);
  return parts.join(' ');
}

function withUniqueTitles(tasks: TaskDraft[]): TaskDraft[] {
  const seen = new Map<string, number>();
  return tasks.map((task) => {
    const count = (seen.get(task.title) ?? 0) + 1;
    seen.set(task.title, count);
    return count === 1 ? task : { ...task, title: `${task.title} (${count})` };
  });
}

function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > max / 2 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Lower-cases the first letter unless the first word is an acronym or name ("PPE", "WHS"). */
function lowerFirst(text: string): string {
  const first = text.split(' ')[0] ?? '';
  if (first.length > 1 && first === first.toUpperCase()) return text;
  return text.charAt(0).toLowerCase() + text.slice(1);
}
