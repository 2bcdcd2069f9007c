import { phases, type TaskDraft } from '@evident/core/curriculum';
import { AppError } from '@evident/core/errors';
import type { GeneratedTasks, GenerationInput, TaskGenerator } from '@evident/core/ports/task-generator';
import { evidenceTypesFor } from './evidence-choice';
import { buildMappingDocument } from './mapping-document';
import { coverRequirementsOffline } from './offline-requirement-tasks';
import { MAX_OCCASION_TASKS, parsePerformanceEvidence } from './performance-evidence';
import {
  abbreviated,
  capitalise,
  clip,
  lowerFirst,
  shortTitle,
  withoutDanglingEnd,
  wordCount,
} from './phrasing';
import { type TaskSource, taskSources } from './task-sources';
import { writeTaskText } from './task-text';

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

  const sources = taskSources(outline.items);
  const titles = distinctTitles(sources);
  const tasks: { task: TaskDraft; order: number }[] = [];
  const perPhase = new Map<string, number>();
  sources.forEach((source, index) => {
    const variant = perPhase.get(source.phase) ?? 0;
    perPhase.set(source.phase, variant + 1);
    const title = titles[index] ?? '';
    const types = evidenceTypesFor(source.instruction, source.verb, source.phase);
    const occasions = source.occasions ?? 1;
    const draft = (occasion: number | null): TaskDraft => {
      const text = writeTaskText(
        source,
        title,
        types,
        occasion ? { number: occasion, of: occasions } : null,
        variant,
      );
      return {
        title: occasion ? `${title} (occasion ${occasion})` : title,
        description: clip(text.description, 4000),
        phase: source.phase,
        tooltip: clip(text.tooltip, 2000),
        evidenceTypes: types,
        occasion,
        performanceEvidenceMapping: source.items.map((item) => item.text),
        requirementKeys: [],
      };
    };
    if (occasions < 2 || occasions > MAX_OCCASION_TASKS) {
      tasks.push({ task: draft(null), order: tasks.length });
      return;
    }
    for (let occasion = 1; occasion <= occasions; occasion++) {
      tasks.push({ task: draft(occasion), order: tasks.length });
    }
  });

  // With the unit's keyed items: each task names its keys, and tasks are added for what PE leaves out.
  if (input.requirements?.length) {
    const covered = coverRequirementsOffline(
      tasks.map(({ task }) => task),
      input.requirements,
    );
    tasks.splice(0, tasks.length, ...covered.map((task, order) => ({ task, order })));
  }
  // General tasks first, then each occasion in turn, each in the order work happens.
  tasks.sort(
    (a, b) =>
      (a.task.occasion ?? 0) - (b.task.occasion ?? 0) ||
      phases.indexOf(a.task.phase) - phases.indexOf(b.task.phase) ||
      a.order - b.order,
  );
  const ordered = tasks.map(({ task }) => task);
  return {
    tasks: ordered,
    mappingDocument: buildMappingDocument(input, outline, ordered),
    generator: 'offline rules',
  };
}

const MAX_LONG_TITLE_WORDS = 14;

/**
 * One title per task, each naming its job. Jobs that shorten to the same title keep more of their
 * own words until they differ, never a "(2)".
 */
function distinctTitles(sources: TaskSource[]): string[] {
  const short = sources.map((source) => capitalise(shortTitle(source.titleSource)));
  const chosen: string[] = [];
  short.forEach((title, index) => {
    const source = sources[index];
    const clash = short.indexOf(title) !== short.lastIndexOf(title) || chosen.includes(title);
    if (!source || !clash) {
      chosen.push(title);
      return;
    }
    const candidates = [
      longTitle(source.instruction),
      ...(source.context
        ? [`${title} ${source.context.kind === 'goal' ? 'to' : 'when you'} ${source.context.phrase}`]
        : []),
      ...source.items.map((item) => `${title}: ${lowerFirst(shortTitle(item.text))}`),
    ];
    const taken = new Set([...chosen, ...short.filter((_, other) => other !== index)]);
    chosen.push(candidates.find((candidate) => !taken.has(candidate)) ?? `${title}, again`);
  });
  // Room for " (occasion N)" within the 200 characters a title may have.
  return chosen.map((title) => clip(title, 180));
}

function longTitle(instruction: string): string {
  const words = abbreviated(instruction)
    .replace(/[.;:]+$/, '')
    .split(/\s+/);
  const kept = words.length > MAX_LONG_TITLE_WORDS ? words.slice(0, MAX_LONG_TITLE_WORDS) : words;
  const title = capitalise(withoutDanglingEnd(kept.join(' ')));
  return wordCount(title) >= 2 ? clip(title, 170) : capitalise(instruction);
}
