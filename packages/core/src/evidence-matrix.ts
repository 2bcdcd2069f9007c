import type { TaskStatus } from './student-progress';

/**
 * The Evidence Matrix's rules (spec sections 2 and 4): a cell per student and task, progress per
 * student, and the All / Complete / Incomplete filter. Shared by the screen, the CSV export and the
 * reminders, so all three agree on who is complete.
 */

export type SubmittedStatus = Exclude<TaskStatus, 'pending'>;
export type MatrixCell = {
  status: SubmittedStatus;
  fileCount: number;
  /** Supervisors' reports on the task (issue 30 §1); absent when there are none. */
  thirdPartyReports?: number;
  /** Observation checklists on the submission (issue 29 §5); absent when there are none. */
  observations?: number;
};
/** Keyed `studentId-taskId`; no entry means the task is pending for that student. */
export type MatrixSubmissions = Readonly<Record<string, MatrixCell>>;

/** The unit outcome standing for each student who has one, keyed by student id (issue 29). */
export type MatrixOutcome = { id: string; outcome: 'competent' | 'not_yet_competent' };
export type MatrixOutcomes = Readonly<Record<string, MatrixOutcome>>;

export const matrixFilters = ['all', 'complete', 'incomplete'] as const;
export type MatrixFilter = (typeof matrixFilters)[number];

export const matrixFilterLabels: Readonly<Record<MatrixFilter, string>> = {
  all: 'All Students',
  complete: 'Complete',
  incomplete: 'Incomplete',
};

/** The legend's short names; NYS is the spec's abbreviation of Not Yet Satisfactory. */
export const matrixStatusLabels: Readonly<Record<TaskStatus, string>> = {
  satisfactory: 'Satisfactory',
  submitted: 'Submitted',
  not_yet_satisfactory: 'NYS',
  pending: 'Pending',
};

export function matrixKey(studentId: string, taskId: string): string {
  return `${studentId}-${taskId}`;
}

export function matrixCell(
  submissions: MatrixSubmissions,
  studentId: string,
  taskId: string,
): MatrixCell | undefined {
  return submissions[matrixKey(studentId, taskId)];
}

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What a cell holds, in words: 'n files', 'n observations', or both; a cell holding only an
 * observation checklist says so rather than '0 files' (issue 29 §5).
 */
export function matrixCellContents(cell: MatrixCell | undefined): string {
  const files = cell?.fileCount ?? 0;
  const observations = cell?.observations ?? 0;
  const parts = [
    files > 0 || observations === 0 ? counted(files, 'file', 'files') : null,
    observations > 0 ? counted(observations, 'observation', 'observations') : null,
  ];
  return parts.filter(Boolean).join(', ');
}

/** A cell's hover text and accessible label: 'status - count files' (and observations, reports). */
export function matrixCellLabel(cell: MatrixCell | undefined): string {
  const status = cell ? matrixStatusLabels[cell.status] : matrixStatusLabels.pending;
  const reports = cell?.thirdPartyReports ?? 0;
  const supplementary =
    reports === 0
      ? ''
      : ` - ${reports === 1 ? 'Third-party report' : `${reports} third-party reports`} (supplementary)`;
  return `${status} - ${matrixCellContents(cell)}${supplementary}`;
}

export type MatrixProgress = { satisfied: number; total: number; percent: number };

/** Satisfactory tasks out of the unit's tasks, as a whole percent (0 when there are no tasks). */
export function matrixProgress(
  submissions: MatrixSubmissions,
  studentId: string,
  tasks: readonly { id: string }[],
): MatrixProgress {
  let satisfied = 0;
  for (const task of tasks) {
    if (submissions[matrixKey(studentId, task.id)]?.status === 'satisfactory') satisfied += 1;
  }
  const total = tasks.length;
  return { satisfied, total, percent: total === 0 ? 0 : Math.round((satisfied / total) * 100) };
}

/**
 * Complete = every task satisfactory (so, taken literally, a unit with no tasks leaves everyone
 * complete); Incomplete = at least one task missing or not satisfactory.
 */
export function isMatrixComplete(
  submissions: MatrixSubmissions,
  studentId: string,
  tasks: readonly { id: string }[],
): boolean {
  return tasks.every((task) => submissions[matrixKey(studentId, task.id)]?.status === 'satisfactory');
}

/**
 * What Email Outstanding lists: the tasks the student still has to do something about, in task
 * order: no submission yet, or the latest decision was Not Yet Satisfactory. A task submitted and
 * waiting for the assessor is not theirs to do (an NYS task gets new evidence back to 'submitted').
 */
export function outstandingTasks<T extends { id: string }>(
  submissions: MatrixSubmissions,
  studentId: string,
  tasks: readonly T[],
): T[] {
  return tasks.filter((task) => {
    const status = submissions[matrixKey(studentId, task.id)]?.status;
    return status === undefined || status === 'not_yet_satisfactory';
  });
}

export function filterMatrixStudents<S extends { id: string }>(
  students: readonly S[],
  tasks: readonly { id: string }[],
  submissions: MatrixSubmissions,
  filter: MatrixFilter,
): S[] {
  if (filter === 'all') return [...students];
  const wantComplete = filter === 'complete';
  return students.filter((student) => isMatrixComplete(submissions, student.id, tasks) === wantComplete);
}

export function parseMatrixFilter(value: unknown): MatrixFilter {
  return matrixFilters.includes(value as MatrixFilter) ? (value as MatrixFilter) : 'all';
}
