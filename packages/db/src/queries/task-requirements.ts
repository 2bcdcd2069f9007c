import type { RequirementSection } from '@evident/core/requirements';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../client';
import { taskRequirements, tasks, unitRequirements, units } from '../schema/curriculum';

/** One requirement item as a task maps it: which release it belongs to, and whether that is the unit's current one. */
export type MappedRequirement = {
  id: string;
  key: string;
  release: string;
  section: RequirementSection;
  text: string;
  position: number;
};

export type RequirementRow = MappedRequirement & { parentKey: string | null };

const requirementColumns = {
  id: unitRequirements.id,
  key: unitRequirements.key,
  release: unitRequirements.release,
  section: unitRequirements.section,
  text: unitRequirements.text,
  position: unitRequirements.position,
  parentKey: unitRequirements.parentKey,
};

/** The items of the unit's current release (`units.release`), in the order the unit prints them. */
export async function listCurrentRequirements(db: Database, unitId: string): Promise<RequirementRow[]> {
  return db
    .select(requirementColumns)
    .from(unitRequirements)
    .innerJoin(units, and(eq(units.id, unitRequirements.unitId), eq(units.release, unitRequirements.release)))
    .where(eq(unitRequirements.unitId, unitId))
    .orderBy(asc(unitRequirements.position));
}

/** What each task maps, keyed by task id (a task mapping nothing is absent). */
export async function listTaskRequirements(
  db: Database,
  taskIds: readonly string[],
): Promise<Map<string, MappedRequirement[]>> {
  const mapped = new Map<string, MappedRequirement[]>();
  if (taskIds.length === 0) return mapped;
  const rows = await db
    .select({ taskId: taskRequirements.taskId, ...requirementColumns })
    .from(taskRequirements)
    .innerJoin(unitRequirements, eq(unitRequirements.id, taskRequirements.requirementId))
    .where(inArray(taskRequirements.taskId, [...taskIds]))
    .orderBy(asc(unitRequirements.release), asc(unitRequirements.position));
  for (const { taskId, parentKey: _parent, ...item } of rows) {
    const list = mapped.get(taskId) ?? [];
    list.push(item);
    mapped.set(taskId, list);
  }
  return mapped;
}

/** Every mapping of the unit's tasks (of any release), for the coverage grid. */
export async function listUnitTaskMappings(
  db: Database,
  unitId: string,
): Promise<{ taskId: string; requirementId: string }[]> {
  return db
    .select({ taskId: taskRequirements.taskId, requirementId: taskRequirements.requirementId })
    .from(taskRequirements)
    .innerJoin(tasks, eq(tasks.id, taskRequirements.taskId))
    .where(eq(tasks.unitId, unitId));
}

/** The task maps exactly these items afterwards; call inside the transaction that writes the task. */
export async function replaceTaskRequirements(
  db: Database,
  { taskId, requirementIds }: { taskId: string; requirementIds: readonly string[] },
): Promise<void> {
  await db.delete(taskRequirements).where(eq(taskRequirements.taskId, taskId));
  const unique = [...new Set(requirementIds)];
  if (unique.length === 0) return;
  await db.insert(taskRequirements).values(unique.map((requirementId) => ({ taskId, requirementId })));
}
