/**
 * The student dashboard's rules (spec sections 2 and 4): a task's status, overall progress, and the
 * search and phase filter over task cards. Shared by the dashboard and anything that summarises it.
 */

/** Submission statuses plus `pending`, which is what a task with no submission shows as. */
export const taskStatuses = ['pending', 'submitted', 'satisfactory', 'not_yet_satisfactory'] as const;
export type TaskStatus = (typeof taskStatuses)[number];

export const taskStatusLabels: Readonly<Record<TaskStatus, string>> = {
  pending: 'Pending',
  submitted: 'Submitted',
  satisfactory: 'Satisfactory',
  not_yet_satisfactory: 'Not Yet Satisfactory',
};

type WithSubmission = { submission: { status: Exclude<TaskStatus, 'pending'> } | null };

export function taskStatus(task: WithSubmission): TaskStatus {
  return task.submission?.status ?? 'pending';
}

/** Evidence may be added while a task is pending or not yet satisfactory, never while it waits or is done. */
export function canAddEvidence(status: TaskStatus): boolean {
  return status === 'pending' || status === 'not_yet_satisfactory';
}

/**
 * View Evidence takes more files until the task is graded satisfactory: also while it waits for the
 * assessor, who then sees every file (issue 10). The card keeps the spec's rule above.
 */
export function canAddMoreEvidence(status: TaskStatus): boolean {
  return status !== 'satisfactory';
}

/** A file may be withdrawn only while its submission waits for the assessor, never once graded. */
export function canWithdrawEvidence(status: TaskStatus): boolean {
  return status === 'submitted';
}

export type StudentProgress = { completed: number; total: number; percent: number };

/** Satisfactory tasks out of all tasks, as a whole percent (0 when there are no tasks). */
export function studentProgress(tasks: readonly WithSubmission[]): StudentProgress {
  const total = tasks.length;
  const completed = tasks.filter((task) => taskStatus(task) === 'satisfactory').length;
  return { completed, total, percent: total === 0 ? 0 : Math.round((completed / total) * 100) };
}

/**
 * The phases in working order. The same list as `phases` in curriculum.ts (a test holds them equal),
 * repeated so the dashboard does not pull curriculum's zod schemas into the browser.
 */
export const phaseOrder: readonly string[] = ['Prepare', 'Check', 'Do', 'Review/Communicate'];

/**
 * The distinct phases of the tasks, for the filter buttons: the known phases in their working order
 * (Prepare, Check, Do, Review/Communicate), then any other value in the order it first appears.
 */
export function distinctPhases(tasks: readonly { phase: string }[]): string[] {
  const present = new Set(tasks.map((task) => task.phase));
  const known = phaseOrder.filter((phase) => present.has(phase));
  const others = [...present].filter((phase) => !known.includes(phase));
  return [...known, ...others];
}

export type TaskFilter = {
  /** Matched case-insensitively against title and description; blank matches everything. */
  search: string;
  /** One phase, or null for all. */
  phase: string | null;
};

export function isTaskFilterActive(filter: TaskFilter): boolean {
  return filter.search.trim() !== '' || filter.phase !== null;
}

export function filterTasks<T extends { title: string; description: string; phase: string }>(
  tasks: readonly T[],
  filter: TaskFilter,
): T[] {
  const needle = filter.search.trim().toLocaleLowerCase();
  return tasks.filter(
    (task) =>
      (filter.phase === null || task.phase === filter.phase) &&
      (needle === '' ||
        task.title.toLocaleLowerCase().includes(needle) ||
        task.description.toLocaleLowerCase().includes(needle)),
  );
}
