import type { TaskDraft } from '@evident/core/curriculum';
import { coverableSections, type RequirementItem } from '@evident/core/requirements';

/** Sections a task may name: everything but the elements, which only frame their criteria. */
export const mappableSections = ['pc', 'pe', 'ke', 'ac', 'fs'] as const;

export function mappableItems(requirements: readonly RequirementItem[]): RequirementItem[] {
  return requirements.filter((item) => (mappableSections as readonly string[]).includes(item.section));
}

export function coverableItems(requirements: readonly RequirementItem[]): RequirementItem[] {
  return requirements.filter((item) => coverableSections.includes(item.section));
}

/** Text compared forgivingly: case, curly quotes, spacing and closing punctuation aside. */
export function normaliseText(text: string): string {
  return text
    .toLowerCase()
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/\s+/g, ' ')
    .replace(/[\s.;:,]+$/, '')
    .trim();
}

/** The PE item whose words these are, if the unit has one. */
export function peItemByText(
  requirements: readonly RequirementItem[],
  text: string,
): RequirementItem | undefined {
  const wanted = normaliseText(text);
  return requirements.find((item) => item.section === 'pe' && normaliseText(item.text) === wanted);
}

/** A key as a model might write it ("pc1.1", "PC 1.1.") in the register's form ("PC 1.1"). */
export function canonicalKey(raw: string): string {
  const match = /^\s*\[?\s*(E|PC|PE|KE|AC|FS)\s*(\d{1,3}(?:\.\d{1,3}){0,2})\s*\]?[.:]?\s*$/i.exec(raw);
  return match?.[1] && match[2] ? `${match[1].toUpperCase()} ${match[2]}` : raw.trim();
}

export type KeyedTasks = { tasks: TaskDraft[]; refusedKeys: string[] };

/**
 * Holds each task's keys to the unit's items: a key the unit does not have is dropped (never
 * stored) and reported; a task's PE texts add their PE items' keys, and its PE texts are then those
 * of its PE keys, the stored mapping's own form.
 */
export function keepKnownKeys(tasks: TaskDraft[], requirements: readonly RequirementItem[]): KeyedTasks {
  const known = new Map(mappableItems(requirements).map((item) => [item.key, item]));
  const order = new Map(requirements.map((item, index) => [item.key, index]));
  const refused = new Set<string>();
  const kept = tasks.map((task) => {
    const keys = new Set<string>();
    for (const raw of task.requirementKeys) {
      const key = canonicalKey(raw);
      if (known.has(key)) keys.add(key);
      else refused.add(raw.trim());
    }
    for (const text of task.performanceEvidenceMapping) {
      const item = peItemByText(requirements, text);
      if (item) keys.add(item.key);
    }
    const sorted = [...keys].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
    const peTexts = sorted.flatMap((key) => {
      const item = known.get(key);
      return item?.section === 'pe' ? [item.text] : [];
    });
    return {
      ...task,
      requirementKeys: sorted,
      performanceEvidenceMapping: peTexts.length > 0 ? peTexts : task.performanceEvidenceMapping,
    };
  });
  return { tasks: kept, refusedKeys: [...refused] };
}

/** The PC, PE and KE items no task names, in the unit's order. */
export function uncoveredItems(
  tasks: TaskDraft[],
  requirements: readonly RequirementItem[],
): RequirementItem[] {
  const named = new Set(tasks.flatMap((task) => task.requirementKeys));
  return coverableItems(requirements).filter((item) => !named.has(item.key));
}
