import type { TaskDraft } from '@evident/core/curriculum';
import type { RequirementItem } from '@evident/core/requirements';
import { capitalise, clip, joinList, lowerFirst, withoutDanglingEnd } from './phrasing';
import { keepKnownKeys, uncoveredItems } from './requirement-keys';

// Words too common to say two texts are about the same thing.
const common = new Set(
  'about above according after all and any are area before being both can correct during each for from have into its job may must not off one other out own per relevant required such that the their them then these they this those through under use used using were when where which while will with within work workplace'.split(
    ' ',
  ),
);

/** Content words cut to a crude stem ("hazards", "hazardous" -> "hazar"), for matching criteria to tasks. */
function stems(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/[^a-z]+/)
      .filter((word) => word.length >= 4 && !common.has(word))
      .map((word) => word.slice(0, 5)),
  );
}

const MAX_KNOWLEDGE_ITEMS = 6;

/**
 * The offline generator's tasks, keyed to the unit's items and widened to cover them: each task names
 * its PE items; a criterion joins the task that shares at least two of its words (one, for a criterion
 * of two words or fewer); criteria no task speaks to become one task per element, and the knowledge
 * evidence becomes tasks in which the student explains what they know, a few items each.
 */
export function coverRequirementsOffline(drafts: TaskDraft[], requirements: RequirementItem[]): TaskDraft[] {
  const tasks = keepKnownKeys(drafts, requirements).tasks.map((task) => ({
    ...task,
    requirementKeys: [...task.requirementKeys],
  }));
  const taskStems = tasks.map((task) =>
    stems(`${task.title} ${task.description} ${task.performanceEvidenceMapping.join(' ')}`),
  );
  const order = new Map(requirements.map((item, index) => [item.key, index]));

  for (const item of uncoveredItems(tasks, requirements)) {
    if (item.section !== 'pc') continue;
    const own = stems(item.text);
    const needed = own.size <= 2 ? 1 : 2;
    let best = -1;
    let bestScore = 0;
    taskStems.forEach((words, index) => {
      const score = [...own].filter((word) => words.has(word)).length;
      if (score > bestScore) {
        best = index;
        bestScore = score;
      }
    });
    if (best >= 0 && bestScore >= needed) tasks[best]?.requirementKeys.push(item.key);
  }

  const extra: TaskDraft[] = [];
  const left = uncoveredItems(tasks, requirements);
  const byElement = new Map<string, RequirementItem[]>();
  for (const item of left.filter((row) => row.section === 'pc')) {
    const list = byElement.get(item.parentKey ?? '') ?? [];
    list.push(item);
    byElement.set(item.parentKey ?? '', list);
  }
  for (const [elementKey, criteria] of byElement) {
    const element = requirements.find((row) => row.key === elementKey);
    extra.push(criteriaTask(element, criteria));
  }
  for (const group of knowledgeGroups(left.filter((row) => row.section === 'ke'))) {
    extra.push(knowledgeTask(group));
  }

  return [...tasks, ...extra].map((task) => ({
    ...task,
    requirementKeys: [...new Set(task.requirementKeys)].sort(
      (a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0),
    ),
  }));
}

function criteriaTask(element: RequirementItem | undefined, criteria: RequirementItem[]): TaskDraft {
  const what = element ? lowerFirst(element.text.replace(/[.:;]+$/, '')) : 'carry out this part of the job';
  const list = joinList(criteria.map((item) => lowerFirst(item.text.replace(/[.;]+$/, ''))));
  return {
    title: clip(capitalise(`Show how you ${what}`), 180),
    description: clip(
      `At work, show your supervisor how you ${what}, step by step, and capture evidence of each step: ${list}. Take photos of each step, or a short video, and say in a sentence or two what you did and why.`,
      4000,
    ),
    phase: 'Do',
    tooltip: clip(
      `Evidence that shows each of these done the way your workplace procedures require: ${list}.`,
      2000,
    ),
    evidenceTypes: ['photo', 'video'],
    occasion: null,
    performanceEvidenceMapping: [],
    requirementKeys: criteria.map((item) => item.key),
  };
}

/** Knowledge items with their sub-items kept together, a few items to a task. */
function knowledgeGroups(items: RequirementItem[]): RequirementItem[][] {
  const groups: RequirementItem[][] = [];
  for (const item of items) {
    const last = groups.at(-1);
    const sameParent = last?.some((row) => row.key === item.parentKey || row.parentKey === item.parentKey);
    if (last && (last.length < MAX_KNOWLEDGE_ITEMS || (sameParent && item.parentKey !== null)))
      last.push(item);
    else groups.push([item]);
  }
  return groups;
}

function knowledgeTask(items: RequirementItem[]): TaskDraft {
  const first = items[0];
  const topic = first
    ? withoutDanglingEnd(
        first.text
          .replace(/[.:;,]+$/, '')
          .split(/\s+/)
          .slice(0, 8)
          .join(' '),
      )
    : 'the unit';
  const list = joinList(items.map((item) => lowerFirst(item.text.replace(/[.:;]+$/, ''))));
  return {
    title: clip(
      capitalise(`Explain ${lowerFirst(topic)}${items.length > 1 ? ' and related knowledge' : ''}`),
      180,
    ),
    description: clip(
      `In your own words, explain to your supervisor or assessor what you know about: ${list}. Give an example from your own workplace for each point. Record your explanation as audio, or write it up and upload it as a document.`,
      4000,
    ),
    phase: 'Review/Communicate',
    tooltip: clip(
      'Each point explained correctly in your own words, with an example from your workplace that shows you understand it.',
      2000,
    ),
    evidenceTypes: ['audio', 'document'],
    occasion: null,
    performanceEvidenceMapping: [],
    requirementKeys: items.map((item) => item.key),
  };
}
