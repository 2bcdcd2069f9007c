import { diffRequirements, type RequirementDiff } from '@evident/core/requirement-text';
import type { RequirementItem } from '@evident/core/requirements';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { taskRequirements, unitRequirements, units } from '../schema/curriculum';

export type RequirementRow = typeof unitRequirements.$inferSelect;

/** The item as the core vocabulary knows it, without the row's bookkeeping. */
export function toItem(row: RequirementRow): RequirementItem {
  return { section: row.section, key: row.key, parentKey: row.parentKey, text: row.text };
}

/** One release's items of a unit, in the register's order. */
export async function listRequirements(
  db: Database,
  unitId: string,
  release: string,
): Promise<RequirementRow[]> {
  return db
    .select()
    .from(unitRequirements)
    .where(and(eq(unitRequirements.unitId, unitId), eq(unitRequirements.release, release)))
    .orderBy(asc(unitRequirements.position));
}

/** The unit's current items: those of `units.release`; none (and a null release) before any was read. */
export async function listCurrentRequirements(
  db: Database,
  unitId: string,
): Promise<{ release: string | null; items: RequirementRow[] }> {
  const [unit] = await db.select({ release: units.release }).from(units).where(eq(units.id, unitId)).limit(1);
  const release = unit?.release ?? null;
  return { release, items: release === null ? [] : await listRequirements(db, unitId, release) };
}

/** Rows by id, of any release: a task's mapping may name an older release's item. */
export async function findRequirements(db: Database, ids: string[]): Promise<RequirementRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(unitRequirements).where(inArray(unitRequirements.id, ids));
}

/** What changed between two lists of items, by key (added, removed, reworded). */
export function diffRequirementItems(before: RequirementItem[], after: RequirementItem[]): RequirementDiff {
  return diffRequirements(before, after);
}

async function insertItems(
  db: Database,
  unitId: string,
  release: string,
  items: RequirementItem[],
  from = 0,
) {
  if (items.length === 0) return 0;
  const rows = await db
    .insert(unitRequirements)
    .values(
      items.map((item, index) => ({
        unitId,
        release,
        section: item.section,
        key: item.key,
        parentKey: item.parentKey,
        text: item.text,
        position: from + index,
      })),
    )
    // Two saves of the same release at once (two servers, a retried request) add its items once.
    .onConflictDoNothing()
    .returning({ id: unitRequirements.id });
  return rows.length;
}

/**
 * Adds items to a release the unit already holds (a section pasted while the register was out of
 * reach): keys the release has keep their row and words; the caller refuses changed words first.
 */
export async function addRequirementItems(
  db: Database,
  input: { unitId: string; release: string; items: RequirementItem[] },
): Promise<number> {
  const [last] = await db
    .select({ n: sql<number>`coalesce(max(${unitRequirements.position}) + 1, 0)::int` })
    .from(unitRequirements)
    .where(and(eq(unitRequirements.unitId, input.unitId), eq(unitRequirements.release, input.release)));
  return insertItems(db, input.unitId, input.release, input.items, last?.n ?? 0);
}

/**
 * Saves a new release of a unit's requirements and makes it current. Older releases' rows stay, as
 * tasks and decisions made against them must still name them. A task's mapping moves to the new
 * release's item only where the key AND the words are unchanged; a reworded or removed item stays
 * mapped to its old row, for the admin to review. Call inside a transaction.
 */
export async function saveRequirementRelease(
  db: Database,
  input: { unitId: string; release: string; items: RequirementItem[] },
): Promise<{ inserted: number; moved: number }> {
  const { unitId, release } = input;
  const inserted = await insertItems(db, unitId, release, input.items);
  await db.update(units).set({ release, updatedAt: new Date() }).where(eq(units.id, unitId));
  // Added first, then the old rows dropped, so a task that already maps the new item keeps one mapping.
  const same = sql`from ${taskRequirements} tr
    join ${unitRequirements} o on o.id = tr.requirement_id
    join ${unitRequirements} n on n.unit_id = o.unit_id and n.release = ${release} and n.key = o.key and n.text = o.text
    where o.unit_id = ${unitId} and o.release <> ${release}`;
  await db.execute(
    sql`insert into ${taskRequirements} (task_id, requirement_id) select tr.task_id, n.id ${same} on conflict do nothing`,
  );
  const moved = await db.execute(
    sql`delete from ${taskRequirements} d using (select tr.task_id, tr.requirement_id ${same}) m
      where d.task_id = m.task_id and d.requirement_id = m.requirement_id returning d.task_id`,
  );
  return { inserted, moved: rowCount(moved) };
}

function rowCount(result: unknown): number {
  if (Array.isArray(result)) return result.length;
  const rows = (result as { rows?: unknown[] }).rows;
  return rows?.length ?? 0;
}

/** Maps a task to items (ids of unit_requirements rows); mapping one twice changes nothing. */
export async function mapTaskRequirements(
  db: Database,
  taskId: string,
  requirementIds: string[],
): Promise<void> {
  if (requirementIds.length === 0) return;
  await db
    .insert(taskRequirements)
    .values(requirementIds.map((requirementId) => ({ taskId, requirementId })))
    .onConflictDoNothing();
}
