import { AppError } from '@evident/core/errors';
import type { Database } from '@evident/db/client';
import {
  listCurrentRequirements,
  listTaskRequirements,
  type MappedRequirement,
  replaceTaskRequirements,
} from '@evident/db/queries/task-requirements';
import type { TaskRow } from '@evident/db/queries/tasks';
import type { UnitRow } from '@evident/db/queries/units';

export type TaskMapping = {
  requirementIds: string[];
  /** The spec's `performanceEvidenceMapping`, stored beside the rows: the texts of the PE items mapped. */
  performanceEvidenceMapping: string[];
  /** For the audit row's "changed" list. */
  requirementKeys: string[];
};

type MappingRequest = {
  unit: Pick<UnitRow, 'id' | 'unitCode' | 'release'>;
  /** The task being edited: an item it maps from an older release may be kept by naming its key. */
  existing?: Pick<TaskRow, 'id' | 'performanceEvidenceMapping'>;
  requirementKeys?: string[];
  performanceEvidenceMapping?: string[];
};

/**
 * Works out which requirement items a task maps from what an admin or a caller sent: keys of the
 * unit's current release, or (the spec's callers) Performance Evidence texts, each matched to the
 * current PE item of that text. Anything the unit does not have is a 400 naming it, before a row is
 * written. Undefined when neither was sent: an edited task keeps what it maps.
 * A unit with no requirements yet (created before the register was read) keeps its texts as given.
 */
export async function resolveTaskMapping(
  db: Database,
  { unit, existing, requirementKeys, performanceEvidenceMapping: texts }: MappingRequest,
): Promise<TaskMapping | undefined> {
  if (requirementKeys === undefined && texts === undefined) return undefined;
  const [current, mappedNow] = await Promise.all([
    listCurrentRequirements(db, unit.id),
    existing ? listTaskRequirements(db, [existing.id]).then((m) => m.get(existing.id) ?? []) : [],
  ]);

  let chosen: MappedRequirement[];
  if (requirementKeys !== undefined) {
    const unknown: string[] = [];
    chosen = requirementKeys.flatMap((key) => {
      const item = current.find((row) => row.key === key) ?? mappedNow.find((row) => row.key === key);
      if (!item) unknown.push(key);
      return item ? [item] : [];
    });
    if (unknown.length > 0) {
      const release = unit.release ? ` (release ${unit.release})` : '';
      throw new AppError(
        'BAD_REQUEST',
        `${unknown.join(', ')} ${unknown.length === 1 ? 'is not a requirement' : 'are not requirements'} of ${unit.unitCode}${release}: choose from the unit's requirements`,
      );
    }
  } else {
    // Texts alone replace the Performance Evidence the task maps and keep its other items.
    chosen = mappedNow.filter((row) => row.section !== 'pe');
  }

  if (texts !== undefined && current.length === 0 && chosen.length === 0) {
    return { requirementIds: [], performanceEvidenceMapping: texts, requirementKeys: [] };
  }
  if (texts !== undefined) {
    const pe = current.filter((row) => row.section === 'pe');
    const unmatched: string[] = [];
    for (const text of texts) {
      const item = pe.find((row) => sameText(row.text, text) || row.key === text.trim());
      if (item) chosen.push(item);
      else unmatched.push(text);
    }
    if (unmatched.length > 0) {
      throw new AppError(
        'BAD_REQUEST',
        `"${clip(unmatched[0] ?? '')}" is not one of ${unit.unitCode}'s Performance Evidence items: map items by their text as the unit words them, or by requirementKeys`,
      );
    }
  }
  const unique = [...new Map(chosen.map((row) => [row.id, row])).values()].sort(
    (a, b) => a.release.localeCompare(b.release) || a.position - b.position,
  );
  return {
    requirementIds: unique.map((row) => row.id),
    performanceEvidenceMapping: unique.filter((row) => row.section === 'pe').map((row) => row.text),
    requirementKeys: unique.map((row) => row.key),
  };
}

/** Writes what `resolveTaskMapping` chose, in the transaction that writes the task. */
export async function storeTaskMapping(tx: Database, taskId: string, mapping: TaskMapping | undefined) {
  if (!mapping) return;
  await replaceTaskRequirements(tx, { taskId, requirementIds: mapping.requirementIds });
}

function sameText(a: string, b: string): boolean {
  const normal = (text: string) =>
    text
      .toLowerCase()
      .replace(/\s+/g, ' ')
      .replace(/[\s.;:,]+$/, '')
      .trim();
  return normal(a) === normal(b);
}

const clip = (text: string) => (text.length > 80 ? `${text.slice(0, 80)}...` : text);
