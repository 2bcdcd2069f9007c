import { type TaskDraft, taskDraftSchema } from '@evident/core/curriculum';
import type { RequirementItem } from '@evident/core/requirements';
import { z } from 'zod';
import {
  MAX_OCCASION_TASKS,
  type PerformanceEvidenceLine,
  type PerformanceEvidenceOutline,
} from './performance-evidence';
import { keepKnownKeys, peItemByText, uncoveredItems } from './requirement-keys';

const recordTasksSchema = z.object({
  tasks: z.array(taskDraftSchema).min(1, 'Give at least one task').max(200, 'Give at most 200 tasks'),
});

export type TaskCheck =
  | {
      ok: true;
      tasks: TaskDraft[];
      /** Keys a task named that the unit does not have: dropped from the tasks, never stored. */
      refusedKeys: string[];
      /** PC and KE items no task names: worth one more round, not a failure. */
      gaps: RequirementItem[];
    }
  | { ok: false; problems: string[] };

const MAX_REPORTED_PROBLEMS = 20;

/**
 * Accepts a model's tasks only if they are valid drafts that between them cover every Performance
 * Evidence item (on every required occasion). Mappings are matched forgivingly (case, spacing, a
 * leading item number) and rewritten to the exact item text, which is what the mapping stores.
 */
export function checkGeneratedTasks(
  input: unknown,
  outline: PerformanceEvidenceOutline,
  requirements?: RequirementItem[],
): TaskCheck {
  const parsed = recordTasksSchema.safeParse(input);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const path = issue.path.length > 0 ? issue.path.join('.') : 'input';
      return `${path}: ${issue.message}`;
    });
    return { ok: false, problems: problems.slice(0, MAX_REPORTED_PROBLEMS) };
  }

  if (requirements?.length) return checkKeyedTasks(parsed.data.tasks, outline, requirements);
  const problems: string[] = [];
  const tasks = parsed.data.tasks.map((task) => {
    const mapping: string[] = [];
    let unknown = 0;
    for (const entry of task.performanceEvidenceMapping) {
      const match = findLine(entry, outline);
      if (!match) {
        unknown++;
        problems.push(
          `Task "${task.title}" maps "${entry}", which is not one of the numbered Performance Evidence items; copy the item text exactly.`,
        );
      } else if (match.kind === 'item' && !mapping.includes(match.text)) {
        mapping.push(match.text);
      }
    }
    if (mapping.length === 0 && unknown === 0) {
      problems.push(
        `Task "${task.title}" maps no numbered Performance Evidence item (headings do not count); map at least one.`,
      );
    }
    return { ...task, evidenceTypes: [...new Set(task.evidenceTypes)], performanceEvidenceMapping: mapping };
  });

  for (const item of outline.items) {
    const covering = tasks.filter((task) => task.performanceEvidenceMapping.includes(item.text));
    if (covering.length === 0) {
      problems.push(`No task covers item ${item.number} "${item.text}".`);
      continue;
    }
    const required = item.occasions ?? 1;
    if (required < 2 || required > MAX_OCCASION_TASKS) continue;
    const missing = occasionNumbers(required).filter((n) => !covering.some((task) => task.occasion === n));
    if (missing.length > 0) {
      problems.push(
        `Item ${item.number} "${item.text}" must be shown on ${required} occasions, but no task for it has occasion ${missing.join(', ')}.`,
      );
    }
  }

  if (problems.length > 0) return { ok: false, problems: problems.slice(0, MAX_REPORTED_PROBLEMS) };
  return { ok: true, tasks, refusedKeys: [], gaps: [] };
}

/**
 * A unit with keyed requirements: each task must name at least one of the unit's items; a key the
 * unit does not have is dropped and reported, never stored; every PE item must be named (on every
 * required occasion); PC and KE items no task names are gaps, for one more round.
 */
function checkKeyedTasks(
  drafts: TaskDraft[],
  outline: PerformanceEvidenceOutline,
  requirements: RequirementItem[],
): TaskCheck {
  const { tasks: keyed, refusedKeys } = keepKnownKeys(drafts, requirements);
  const tasks = keyed.map((task) => ({ ...task, evidenceTypes: [...new Set(task.evidenceTypes)] }));
  const problems: string[] = [];
  for (const task of tasks) {
    if (task.requirementKeys.length === 0)
      problems.push(`Task "${task.title}" names none of the unit's requirement keys; name at least one.`);
  }
  if (refusedKeys.length > 0) {
    problems.push(
      `These keys are not in the unit's requirements and were dropped: ${refusedKeys.join(', ')}. Use only keys from the <requirements> list.`,
    );
  }
  const uncovered = uncoveredItems(tasks, requirements);
  for (const item of uncovered.filter((row) => row.section === 'pe'))
    problems.push(`No task names ${item.key} "${item.text}".`);
  for (const line of outline.items) {
    const required = line.occasions ?? 1;
    const item = peItemByText(requirements, line.text);
    if (!item || required < 2 || required > MAX_OCCASION_TASKS) continue;
    const covering = tasks.filter((task) => task.requirementKeys.includes(item.key));
    const missing = occasionNumbers(required).filter((n) => !covering.some((task) => task.occasion === n));
    if (covering.length > 0 && missing.length > 0) {
      problems.push(
        `${item.key} "${item.text}" must be shown on ${required} occasions, but no task for it has occasion ${missing.join(', ')}.`,
      );
    }
  }
  // Only the keys the unit has are wrong to keep out: with them dropped, the rest may stand.
  const blocking = problems.filter((problem) => !problem.startsWith('These keys are not'));
  if (blocking.length > 0) return { ok: false, problems: problems.slice(0, MAX_REPORTED_PROBLEMS) };
  return { ok: true, tasks, refusedKeys, gaps: uncovered.filter((row) => row.section !== 'pe') };
}

function findLine(entry: string, outline: PerformanceEvidenceOutline): PerformanceEvidenceLine | undefined {
  const wanted = normalise(entry);
  const exact = outline.lines.find((line) => normalise(line.text) === wanted);
  if (exact) return exact;
  // "2.1", "2.1 wearing PPE" or "[2.1] ...": the model quoted the number we gave it.
  const numbered = /^\[?(\d+(?:\.\d+)*)\]?\.?(?:\s|$)/.exec(entry.trim());
  if (!numbered) return undefined;
  const byNumber = outline.lines.find((line) => line.number === numbered[1]);
  const rest = normalise(entry.trim().slice(numbered[0].length));
  if (byNumber && (rest === '' || rest === normalise(byNumber.text))) return byNumber;
  return undefined;
}

function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/\s+/g, ' ')
    .replace(/[\s.;:,]+$/, '')
    .trim();
}

function occasionNumbers(count: number): number[] {
  return Array.from({ length: count }, (_, index) => index + 1);
}
