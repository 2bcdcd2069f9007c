import type { AdminTask } from '../admin-types';

export type TaskGroup = {
  key: string;
  /** Null when the unit's tasks have no occasions and show as one plain list. */
  label: string | null;
  tasks: AdminTask[];
};

/**
 * Spec section 2, Unit task list: when any task has an occasion, 'General Tasks' (no occasion) come
 * first, then one 'Occasion {n}' group per occasion in ascending order. Tasks keep their position
 * order inside each group.
 */
export function groupTasks(tasks: readonly AdminTask[]): TaskGroup[] {
  if (!tasks.some((task) => task.occasion !== null)) return [{ key: 'all', label: null, tasks: [...tasks] }];
  const general = tasks.filter((task) => task.occasion === null);
  const occasions = [...new Set(tasks.flatMap((task) => (task.occasion === null ? [] : [task.occasion])))];
  occasions.sort((a, b) => a - b);
  const groups: TaskGroup[] = occasions.map((occasion) => ({
    key: `occasion-${occasion}`,
    label: `Occasion ${occasion}`,
    tasks: tasks.filter((task) => task.occasion === occasion),
  }));
  return general.length > 0
    ? [{ key: 'general', label: 'General Tasks', tasks: general }, ...groups]
    : groups;
}

export type MoveDirection = 'up' | 'down';

/**
 * The unit's task order after moving one task past its neighbour in the same group (tasks of another
 * occasion are skipped, since they show in another group). Undefined when it is already at the edge.
 */
export function moveTask(
  tasks: readonly AdminTask[],
  taskId: string,
  direction: MoveDirection,
): AdminTask[] | undefined {
  const from = tasks.findIndex((task) => task.id === taskId);
  const moving = tasks[from];
  if (!moving) return undefined;
  const step = direction === 'up' ? -1 : 1;
  let to = from + step;
  while (tasks[to] && tasks[to]?.occasion !== moving.occasion) to += step;
  const neighbour = tasks[to];
  if (!neighbour) return undefined;
  const reordered = [...tasks];
  reordered[from] = neighbour;
  reordered[to] = moving;
  return reordered;
}
