import type { RequirementItem } from '@evident/core/requirements';
import type { Database } from '@evident/db/client';
import { unitRequirements, units } from '@evident/db/schema';
import { eq } from 'drizzle-orm';

/** A short unit's requirements: two elements' criteria, three PE items, two KE items and a condition. */
export const requirementItems: RequirementItem[] = [
  { section: 'element', key: 'E 1', parentKey: null, text: 'Prepare for work' },
  { section: 'pc', key: 'PC 1.1', parentKey: 'E 1', text: 'Hazards are identified' },
  { section: 'pc', key: 'PC 1.2', parentKey: 'E 1', text: 'PPE is selected and fitted' },
  { section: 'pe', key: 'PE 1', parentKey: null, text: 'checking the work area for hazards before starting' },
  { section: 'pe', key: 'PE 2', parentKey: null, text: 'completing a job safety analysis form' },
  { section: 'pe', key: 'PE 3', parentKey: null, text: 'reporting an incident to the supervisor' },
  { section: 'ke', key: 'KE 1', parentKey: null, text: 'workplace safety procedures' },
  { section: 'ke', key: 'KE 2', parentKey: null, text: 'hazard controls' },
  { section: 'ac', key: 'AC 1', parentKey: null, text: 'Skills must be shown in a workplace' },
];

/**
 * Stores a release's items for a unit and makes that release the unit's current one, as reading the
 * register does, so these tests need nothing of the register.
 */
export async function giveRequirements(
  db: Database,
  unitId: string,
  release = '1',
  items: RequirementItem[] = requirementItems,
) {
  const rows = await db
    .insert(unitRequirements)
    .values(items.map((item, position) => ({ ...item, unitId, release, position })))
    .returning();
  await db.update(units).set({ release }).where(eq(units.id, unitId));
  return rows;
}
