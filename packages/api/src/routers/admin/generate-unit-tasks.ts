import { AppError } from '@evident/core/errors';
import type { EventBus } from '@evident/core/ports/events';
import { countUnitSubmissions, lockUnitCode, type UnitRow } from '@evident/db/queries/units';
import { type GenerationDeps, generateFor, storeGenerated } from '../../rules/generated-tasks';
import { requireUnit } from '../../rules/units';

/** Admin: regenerate a unit's tasks from its Performance Evidence. Never over evidence already submitted. */
export async function regenerateUnitTasks(deps: GenerationDeps, unit: UnitRow): Promise<number> {
  const generated = await generateFor(deps, unit);
  return deps.db.transaction(async (tx) => {
    await lockUnitCode(tx, unit.unitCode);
    if ((await countUnitSubmissions(tx, unit.id)) > 0) {
      throw new AppError(
        'CONFLICT',
        `Students have already submitted evidence against ${unit.unitCode}; edit its tasks by hand instead`,
      );
    }
    return storeGenerated(tx, unit.id, generated);
  });
}

/** `admin.units.generateTasks`: the unit's tasks made again from its Performance Evidence. */
export async function generateUnitTasks(deps: GenerationDeps & { events: EventBus }, unitId: string) {
  const unit = await requireUnit(deps.db, unitId);
  const taskCount = await regenerateUnitTasks(deps, unit);
  await deps.events.publish({ type: 'tasks.generated', unitId: unit.id });
  return { message: `Generated ${taskCount} tasks from Performance Evidence`, taskCount };
}
