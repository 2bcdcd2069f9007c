import { AppError } from '@evident/core/errors';
import type { EventBus } from '@evident/core/ports/events';
import { countUnitTasks } from '@evident/db/queries/tasks';
import { countUnitSubmissions, lockUnitCode, type UnitRow } from '@evident/db/queries/units';
import { auditCurriculum, type CurriculumActor } from '../../rules/curriculum-audit';
import {
  type GenerationDeps,
  generateFor,
  requirementsForGeneration,
  storeGenerated,
} from '../../rules/generated-tasks';
import { requireUnit } from '../../rules/units';

/**
 * Admin: regenerate a unit's tasks from its Performance Evidence. Never over evidence already
 * submitted. The audit row (how many tasks, replacing how many, by which generator) commits with them.
 */
export async function regenerateUnitTasks(
  deps: GenerationDeps & CurriculumActor,
  unit: UnitRow,
): Promise<number> {
  const generated = await generateFor(deps, unit, await requirementsForGeneration(deps.db, unit.id));
  return deps.db.transaction(async (tx) => {
    await lockUnitCode(tx, unit.unitCode);
    if ((await countUnitSubmissions(tx, unit.id)) > 0) {
      throw new AppError(
        'CONFLICT',
        `Students have already submitted evidence against ${unit.unitCode}; edit its tasks by hand instead`,
      );
    }
    const replaced = await countUnitTasks(tx, unit.id);
    const taskCount = await storeGenerated(tx, unit.id, generated);
    await auditCurriculum(tx, deps, 'task.generate', {
      unit,
      detail: {
        taskCount,
        replaced,
        generator: generated.generator,
        // Keys the model named that the unit does not have: dropped, and said so here.
        ...(generated.refusedKeys?.length ? { refusedKeys: generated.refusedKeys } : {}),
      },
    });
    return taskCount;
  });
}

/** `admin.units.generateTasks`: the unit's tasks made again from its Performance Evidence. */
export async function generateUnitTasks(
  deps: GenerationDeps & CurriculumActor & { events: EventBus },
  unitId: string,
) {
  const unit = await requireUnit(deps.db, unitId);
  const taskCount = await regenerateUnitTasks(deps, unit);
  await deps.events.publish({ type: 'tasks.generated', unitId: unit.id });
  return { message: `Generated ${taskCount} tasks from Performance Evidence`, taskCount };
}
