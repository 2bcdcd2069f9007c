import { parsePerformanceEvidence } from '@evident/ai/performance-evidence';
import type { Logger } from '@evident/core/logger';
import { UNKNOWN_RELEASE } from '@evident/core/requirement-text';
import type { RequirementItem } from '@evident/core/requirements';
import { type Database, isEmbedded } from '@evident/db/client';
import {
  listRequirements,
  mapTaskRequirements,
  saveRequirementRelease,
} from '@evident/db/queries/unit-requirements';
import { tasks, unitRequirements, units } from '@evident/db/schema';
import { and, eq, isNotNull, isNull, notExists, sql } from 'drizzle-orm';

/*
 * Units written before issue 29 hold their Performance Evidence as text, and their tasks name the
 * PE items they cover by those items' exact words (`performance_evidence_mapping`). This start-up
 * step gives each such unit its PE items and each task its mappings, once.
 *
 * Not an SQL migration: the items are numbered as the task generator read the text
 * (packages/ai/src/performance-evidence.ts: headings, framing and "including:" lists), which SQL
 * cannot repeat. Their release is not known (the old build never kept it), so they are stored under
 * 'unknown'; the unit's next fetch from the register saves the real release and moves each task's
 * mapping to an item whose key and words are unchanged.
 *
 * Safe when several servers start at once: each unit is done in one transaction holding an advisory
 * lock on it, which checks again that the unit has no release yet; the rows' unique keys and
 * ON CONFLICT DO NOTHING would stop a duplicate even so. A unit already done is never touched again.
 */

/** The PE text's lines as the generator numbered them: `PE 3` for "3", `PE 3.2` under it for "3.2". */
export function legacyPerformanceEvidenceItems(text: string): RequirementItem[] {
  return parsePerformanceEvidence(text).lines.map((line) => {
    const dot = line.number.lastIndexOf('.');
    return {
      section: 'pe' as const,
      key: `PE ${line.number}`,
      parentKey: dot < 0 ? null : `PE ${line.number.slice(0, dot)}`,
      text: line.text,
    };
  });
}

async function upgradeUnit(tx: Database, unitId: string): Promise<boolean> {
  if (!isEmbedded(tx))
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`requirements-upgrade:${unitId}`}))`);
  const [unit] = await tx
    .select({ release: units.release, performanceEvidence: units.performanceEvidence })
    .from(units)
    .where(eq(units.id, unitId))
    .limit(1);
  // Another server did it meanwhile, or an admin saved requirements since the list was read.
  if (!unit || unit.release !== null || !unit.performanceEvidence) return false;
  const items = legacyPerformanceEvidenceItems(unit.performanceEvidence);
  if (items.length === 0) return false;
  await saveRequirementRelease(tx, { unitId, release: UNKNOWN_RELEASE, items });
  const rows = await listRequirements(tx, unitId, UNKNOWN_RELEASE);
  // By exact words, as the old mappings quoted them; the first of two lines with the same words.
  const byText = new Map<string, string>();
  for (const row of rows) if (!byText.has(row.text)) byText.set(row.text, row.id);
  const unitTasks = await tx
    .select({ id: tasks.id, mapping: tasks.performanceEvidenceMapping })
    .from(tasks)
    .where(eq(tasks.unitId, unitId));
  for (const task of unitTasks) {
    const ids = task.mapping
      .map((text) => byText.get(text.trim()))
      .filter((id): id is string => id !== undefined);
    await mapTaskRequirements(tx, task.id, [...new Set(ids)]);
  }
  return true;
}

/** Gives every unit written by the previous build its PE items and task mappings; returns how many it did. */
export async function upgradeLegacyRequirements(db: Database, log?: Logger): Promise<number> {
  const waiting = await db
    .select({ id: units.id })
    .from(units)
    .where(
      and(
        isNull(units.release),
        isNotNull(units.performanceEvidence),
        notExists(
          db.select({ one: sql`1` }).from(unitRequirements).where(eq(unitRequirements.unitId, units.id)),
        ),
      ),
    );
  let done = 0;
  for (const { id } of waiting) {
    if (await db.transaction((tx) => upgradeUnit(tx, id))) done += 1;
  }
  if (done > 0) log?.info(`gave ${done} units from before requirements their Performance Evidence items`);
  return done;
}
