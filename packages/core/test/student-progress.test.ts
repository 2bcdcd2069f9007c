import { describe, expect, it } from 'vitest';
import { phases } from '../src/curriculum';
import {
  canAddEvidence,
  canAddMoreEvidence,
  canWithdrawEvidence,
  distinctPhases,
  filterTasks,
  isTaskFilterActive,
  phaseOrder,
  studentProgress,
  taskStatus,
  taskStatusLabels,
} from '../src/student-progress';

type Status = 'submitted' | 'satisfactory' | 'not_yet_satisfactory';

function task(title: string, phase: string, status: Status | null = null, description = '') {
  return { title, description, phase, submission: status ? { status } : null };
}

describe('student dashboard rules', () => {
  it('shows a task without a submission as pending', () => {
    expect(taskStatus(task('A', 'Do'))).toBe('pending');
    expect(taskStatus(task('A', 'Do', 'not_yet_satisfactory'))).toBe('not_yet_satisfactory');
    expect(taskStatusLabels.not_yet_satisfactory).toBe('Not Yet Satisfactory');
  });

  it('offers adding evidence only while pending or not yet satisfactory', () => {
    expect(canAddEvidence('pending')).toBe(true);
    expect(canAddEvidence('not_yet_satisfactory')).toBe(true);
    expect(canAddEvidence('submitted')).toBe(false);
    expect(canAddEvidence('satisfactory')).toBe(false);
  });

  it('counts only satisfactory tasks as completed and rounds the percentage', () => {
    const tasks = [
      task('A', 'Do', 'satisfactory'),
      task('B', 'Do', 'submitted'),
      task('C', 'Do', 'not_yet_satisfactory'),
    ];
    expect(studentProgress(tasks)).toEqual({ completed: 1, total: 3, percent: 33 });
    expect(studentProgress([...tasks, task('D', 'Do', 'satisfactory')]).percent).toBe(50);
    expect(
      studentProgress([task('A', 'Do', 'satisfactory'), task('B', 'Do', 'satisfactory'), task('C', 'Do')]),
    ).toEqual({ completed: 2, total: 3, percent: 67 });
  });

  it('reports no progress, not NaN, when there are no tasks', () => {
    expect(studentProgress([])).toEqual({ completed: 0, total: 0, percent: 0 });
  });

  it('lists each phase once, known phases in working order, unknown ones after', () => {
    const tasks = [
      task('A', 'Review/Communicate'),
      task('B', 'Do'),
      task('C', 'Site walk'),
      task('D', 'Prepare'),
      task('E', 'Do'),
    ];
    expect(distinctPhases(tasks)).toEqual(['Prepare', 'Do', 'Review/Communicate', 'Site walk']);
    expect(distinctPhases([])).toEqual([]);
  });

  it('orders phases exactly as the curriculum defines them', () => {
    expect(phaseOrder).toEqual(phases);
  });

  it('searches title and description case-insensitively and narrows to one phase', () => {
    const tasks = [
      task('Inspect the harness', 'Check', null, 'Look for fraying'),
      task('Set up the EWP', 'Prepare', null, 'Check the HARNESS anchor point'),
      task('Report hazards', 'Review/Communicate', null, 'Tell your supervisor'),
    ];
    const titles = (filter: Parameters<typeof filterTasks>[1]) =>
      filterTasks(tasks, filter).map((found) => found.title);
    expect(titles({ search: '  harness ', phase: null })).toEqual(['Inspect the harness', 'Set up the EWP']);
    expect(titles({ search: 'harness', phase: 'Prepare' })).toEqual(['Set up the EWP']);
    expect(titles({ search: '', phase: 'Review/Communicate' })).toEqual(['Report hazards']);
    expect(titles({ search: 'scaffold', phase: null })).toEqual([]);
    expect(titles({ search: '', phase: null })).toHaveLength(3);
  });

  it('calls a filter active only when it narrows something', () => {
    expect(isTaskFilterActive({ search: '   ', phase: null })).toBe(false);
    expect(isTaskFilterActive({ search: 'x', phase: null })).toBe(true);
    expect(isTaskFilterActive({ search: '', phase: 'Do' })).toBe(true);
  });

  it('View Evidence takes more files until the task is satisfactory, and withdrawals only before grading', () => {
    expect(canAddMoreEvidence('pending')).toBe(true);
    expect(canAddMoreEvidence('submitted')).toBe(true);
    expect(canAddMoreEvidence('not_yet_satisfactory')).toBe(true);
    expect(canAddMoreEvidence('satisfactory')).toBe(false);
    expect(canWithdrawEvidence('submitted')).toBe(true);
    for (const status of ['pending', 'satisfactory', 'not_yet_satisfactory'] as const) {
      expect(canWithdrawEvidence(status)).toBe(false);
    }
  });
});
