import { AppError } from '@evident/core/errors';
import type { GeneratedTasks } from '@evident/core/ports/task-generator';
import type { RequirementItem } from '@evident/core/requirements';
import { supersededReasons } from '@evident/core/unit-outcomes';
import type { Database } from '@evident/db/client';
import { listCurrentRequirements, replaceTaskRequirements } from '@evident/db/queries/task-requirements';
import { listUnitTasks, replaceUnitTasks, setTaskPerformanceEvidence } from '@evident/db/queries/tasks';
import { type UnitRow, updateUnit } from '@evident/db/queries/units';
import type { Services } from '../context';
import { reopenUnitOutcomes } from './unit-outcomes';

export type GenerationDeps = Pick<Services, 'db' | 'register' | 'taskGenerator'>;

/** Asks the generator for a unit's tasks; refuses a unit with no Performance Evidence to work from. */
export async function generateFor(
  deps: GenerationDeps,
  unit: Pick<UnitRow, 'unitCode' | 'title' | 'performanceEvidence'>,
  /** The unit's keyed items, when it has them: the tasks then name the keys they evidence. */
  requirements?: RequirementItem[],
) {
  if (!unit.performanceEvidence?.trim()) {
    throw new AppError(
      'UNPROCESSABLE',
      `Unit ${unit.unitCode} has no Performance Evidence to generate tasks from`,
    );
  }
  return deps.taskGenerator.generate({
    unitCode: unit.unitCode,
    title: unit.title,
    performanceEvidence: unit.performanceEvidence,
    ...(requirements?.length ? { requirements } : {}),
  });
}

/** The unit's current items as a generator reads them. */
export async function requirementsForGeneration(db: Database, unitId: string): Promise<RequirementItem[]> {
  const rows = await listCurrentRequirements(db, unitId);
  return rows.map(({ section, key, parentKey, text }) => ({ section, key, parentKey, text }));
}

/** Writes a generated task set and its mapping document together, so a failure leaves the unit as it was. */
export async function storeGenerated(
  tx: Database,
  unitId: string,
  generated: GeneratedTasks,
): Promise<number> {
  const count = await replaceUnitTasks(tx, { unitId, drafts: generated.tasks });
  await mapGeneratedTasks(tx, unitId, generated);
  await updateUnit(tx, { id: unitId, fields: { mappingDocument: generated.mappingDocument } });
  // New tasks no standing outcome judged (set-up refuses a unit with evidence, so this is rare).
  await reopenUnitOutcomes(tx, { unitId, reason: supersededReasons.newTasks(count) });
  return count;
}

/**
 * Writes each generated task's items: its keys, and its PE texts as the unit's PE items of those
 * words. Only the unit's current items can be named; any other key was refused by the generator's
 * check and is dropped here too, never stored. The stored PE texts become those of the items mapped.
 */
async function mapGeneratedTasks(tx: Database, unitId: string, generated: GeneratedTasks) {
  const current = await listCurrentRequirements(tx, unitId);
  if (current.length === 0) return;
  const byKey = new Map(current.filter((row) => row.section !== 'element').map((row) => [row.key, row]));
  const tasks = await listUnitTasks(tx, unitId);
  for (const [index, draft] of generated.tasks.entries()) {
    const task = tasks[index];
    if (!task) continue;
    const chosen = new Map<string, (typeof current)[number]>();
    for (const key of draft.requirementKeys ?? []) {
      const row = byKey.get(key);
      if (row) chosen.set(row.id, row);
    }
    for (const text of draft.performanceEvidenceMapping) {
      const row = current.find((item) => item.section === 'pe' && sameWords(item.text, text));
      if (row) chosen.set(row.id, row);
    }
    if (chosen.size === 0) continue;
    const rows = [...chosen.values()].sort((a, b) => a.position - b.position);
    await replaceTaskRequirements(tx, { taskId: task.id, requirementIds: rows.map((row) => row.id) });
    const peTexts = rows.filter((row) => row.section === 'pe').map((row) => row.text);
    if (peTexts.length > 0) await setTaskPerformanceEvidence(tx, task.id, peTexts);
  }
}

const sameWords = (a: string, b: string) => normalise(a) === normalise(b);
const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[\s.;:,]+$/, '')
    .trim();
