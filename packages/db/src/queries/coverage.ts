import type { CoverageItem, UnitCoverage } from '@evident/core/coverage';
import { coverableSections } from '@evident/core/requirements';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { taskRequirements, tasks, unitRequirements, units } from '../schema/curriculum';
import { listCurrentRequirements, listUnitTaskMappings } from './task-requirements';

/**
 * The unit's current requirements down, its tasks across, and which task maps which item: the one
 * source for the coverage screen, its CSV and the mapping document. Archived tasks are left out: they
 * are no longer part of what a student is asked to do, so they cover nothing.
 */
export async function unitCoverage(db: Database, unitId: string): Promise<UnitCoverage | undefined> {
  const [unit] = await db
    .select({ id: units.id, unitCode: units.unitCode, title: units.title, release: units.release })
    .from(units)
    .where(eq(units.id, unitId))
    .limit(1);
  if (!unit) return undefined;
  const [requirements, taskRows, mappings] = await Promise.all([
    listCurrentRequirements(db, unitId),
    db
      .select({ id: tasks.id, title: tasks.title, phase: tasks.phase, occasion: tasks.occasion })
      .from(tasks)
      .where(and(eq(tasks.unitId, unitId), isNull(tasks.archivedAt)))
      .orderBy(asc(tasks.position), asc(tasks.createdAt)),
    listUnitTaskMappings(db, unitId),
  ]);

  const taskOrder = new Map(taskRows.map((task, index) => [task.id, index]));
  const byRequirement = new Map<string, string[]>();
  for (const { taskId, requirementId } of mappings) {
    if (!taskOrder.has(taskId)) continue;
    const list = byRequirement.get(requirementId) ?? [];
    list.push(taskId);
    byRequirement.set(requirementId, list);
  }
  const items = requirements.map(
    (row): CoverageItem => ({
      id: row.id,
      key: row.key,
      section: row.section,
      parentKey: row.parentKey,
      text: row.text,
      coverable: coverableSections.includes(row.section),
      taskIds: (byRequirement.get(row.id) ?? []).sort(
        (a, b) => (taskOrder.get(a) ?? 0) - (taskOrder.get(b) ?? 0),
      ),
    }),
  );

  const current = new Set(requirements.map((row) => row.id));
  const older = mappings.filter((m) => taskOrder.has(m.taskId) && !current.has(m.requirementId));
  const olderKeys = await keysOf(
    db,
    older.map((m) => m.requirementId),
  );
  const coverable = items.filter((item) => item.coverable);
  const uncovered = coverable.filter((item) => item.taskIds.length === 0).map((item) => item.key);
  return {
    unit,
    items,
    tasks: taskRows.map((task) => ({
      ...task,
      olderReleaseItems: older.flatMap((m) => {
        const item = m.taskId === task.id ? olderKeys.get(m.requirementId) : undefined;
        return item ? [item] : [];
      }),
    })),
    uncovered,
    counts: {
      coverable: coverable.length,
      covered: coverable.length - uncovered.length,
      uncovered: uncovered.length,
      tasks: taskRows.length,
    },
  };
}

async function keysOf(db: Database, ids: string[]): Promise<Map<string, { key: string; release: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: unitRequirements.id, key: unitRequirements.key, release: unitRequirements.release })
    .from(unitRequirements)
    .where(inArray(unitRequirements.id, ids));
  return new Map(rows.map(({ id, ...item }) => [id, item]));
}

/**
 * For the unit list: per unit with requirements, how many coverable items of its current release
 * no live task maps. Units without requirements are absent.
 */
export async function countUncoveredPerUnit(
  db: Database,
): Promise<Map<string, { coverable: number; uncovered: number }>> {
  const mapped = sql`exists (select 1 from ${taskRequirements} inner join ${tasks} on ${tasks.id} = ${taskRequirements.taskId} where ${taskRequirements.requirementId} = ${unitRequirements.id} and ${tasks.archivedAt} is null)`;
  const rows = await db
    .select({
      unitId: unitRequirements.unitId,
      coverable: sql<number>`count(*)::int`,
      uncovered: sql<number>`(count(*) filter (where not ${mapped}))::int`,
    })
    .from(unitRequirements)
    .innerJoin(units, and(eq(units.id, unitRequirements.unitId), eq(units.release, unitRequirements.release)))
    .where(inArray(unitRequirements.section, [...coverableSections]))
    .groupBy(unitRequirements.unitId);
  return new Map(rows.map(({ unitId, ...counts }) => [unitId, counts]));
}
