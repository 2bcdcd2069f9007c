import { type StudentProgress, studentProgress, type TaskStatus } from './student-progress';

/**
 * A student enrolled in several units sees one at a time (issue 10): the units their tasks belong
 * to, each with its own tasks and progress, and which one to show.
 */

export type UnitRef = { id: string; unitCode: string; title: string };

type WithUnit = { unit: UnitRef; submission: { status: Exclude<TaskStatus, 'pending'> } | null };

export type StudentUnit<T> = UnitRef & { tasks: T[]; progress: StudentProgress };

/** The units in the order their tasks come (the server sorts by unit code), each with its tasks. */
export function groupTasksByUnit<T extends WithUnit>(tasks: readonly T[]): StudentUnit<T>[] {
  const byId = new Map<string, { unit: UnitRef; tasks: T[] }>();
  for (const task of tasks) {
    const group = byId.get(task.unit.id) ?? { unit: task.unit, tasks: [] };
    group.tasks.push(task);
    byId.set(task.unit.id, group);
  }
  return [...byId.values()].map(({ unit, tasks: unitTasks }) => ({
    id: unit.id,
    unitCode: unit.unitCode,
    title: unit.title,
    tasks: unitTasks,
    progress: studentProgress(unitTasks),
  }));
}

/** The unit to show: the one chosen last time if the student still has it, else the first. */
export function pickUnit<U extends { id: string }>(
  units: readonly U[],
  rememberedId: string | null,
): U | undefined {
  return units.find((unit) => unit.id === rememberedId) ?? units[0];
}
