import { describe, expect, it } from 'vitest';
import {
  filterMatrixStudents,
  isMatrixComplete,
  type MatrixSubmissions,
  matrixCellContents,
  matrixCellLabel,
  matrixKey,
  matrixProgress,
  outstandingTasks,
  parseMatrixFilter,
} from '../src/evidence-matrix';

const tasks = [{ id: 't1' }, { id: 't2' }, { id: 't3' }];
const students = [{ id: 'done' }, { id: 'half' }, { id: 'none' }, { id: 'nys' }];
const submissions: MatrixSubmissions = {
  [matrixKey('done', 't1')]: { status: 'satisfactory', fileCount: 1 },
  [matrixKey('done', 't2')]: { status: 'satisfactory', fileCount: 2 },
  [matrixKey('done', 't3')]: { status: 'satisfactory', fileCount: 1 },
  [matrixKey('half', 't1')]: { status: 'satisfactory', fileCount: 1 },
  [matrixKey('half', 't2')]: { status: 'submitted', fileCount: 3 },
  [matrixKey('nys', 't1')]: { status: 'satisfactory', fileCount: 1 },
  [matrixKey('nys', 't2')]: { status: 'satisfactory', fileCount: 1 },
  [matrixKey('nys', 't3')]: { status: 'not_yet_satisfactory', fileCount: 1 },
};

describe('evidence matrix rules', () => {
  it('keys a cell by student id, a dash and task id', () => {
    expect(matrixKey('a1', 'b2')).toBe('a1-b2');
  });

  it('counts progress as satisfactory tasks over all tasks, rounded to a whole percent', () => {
    expect(matrixProgress(submissions, 'done', tasks)).toEqual({ satisfied: 3, total: 3, percent: 100 });
    expect(matrixProgress(submissions, 'half', tasks)).toEqual({ satisfied: 1, total: 3, percent: 33 });
    expect(matrixProgress(submissions, 'nys', tasks)).toEqual({ satisfied: 2, total: 3, percent: 67 });
    expect(matrixProgress(submissions, 'none', tasks)).toEqual({ satisfied: 0, total: 3, percent: 0 });
  });

  it('gives 0 percent progress when the unit has no tasks', () => {
    expect(matrixProgress(submissions, 'done', [])).toEqual({ satisfied: 0, total: 0, percent: 0 });
  });

  it('rounds half up like the spec (1 of 8 is 13 percent)', () => {
    const eight = Array.from({ length: 8 }, (_, i) => ({ id: `e${i}` }));
    const one: MatrixSubmissions = { [matrixKey('s', 'e0')]: { status: 'satisfactory', fileCount: 1 } };
    expect(matrixProgress(one, 's', eight).percent).toBe(13);
  });

  it('filters Complete as every task satisfactory', () => {
    const ids = filterMatrixStudents(students, tasks, submissions, 'complete').map((s) => s.id);
    expect(ids).toEqual(['done']);
  });

  it('filters Incomplete as any task missing, submitted or not yet satisfactory', () => {
    const ids = filterMatrixStudents(students, tasks, submissions, 'incomplete').map((s) => s.id);
    expect(ids).toEqual(['half', 'none', 'nys']);
  });

  it('filters All as everyone, in the order given', () => {
    expect(filterMatrixStudents(students, tasks, submissions, 'all')).toEqual(students);
  });

  it('counts everyone complete and no one incomplete in a unit without tasks', () => {
    expect(isMatrixComplete(submissions, 'none', [])).toBe(true);
    expect(filterMatrixStudents(students, [], submissions, 'incomplete')).toEqual([]);
  });

  it('lists the outstanding tasks of a student in task order: missing or NYS, not waiting for the assessor', () => {
    expect(outstandingTasks(submissions, 'half', tasks).map((t) => t.id)).toEqual(['t3']);
    expect(outstandingTasks(submissions, 'nys', tasks).map((t) => t.id)).toEqual(['t3']);
    expect(outstandingTasks(submissions, 'none', tasks).map((t) => t.id)).toEqual(['t1', 't2', 't3']);
    expect(outstandingTasks(submissions, 'done', tasks)).toEqual([]);
  });

  it("labels a cell 'status - count files'", () => {
    expect(matrixCellLabel({ status: 'satisfactory', fileCount: 2 })).toBe('Satisfactory - 2 files');
    expect(matrixCellLabel({ status: 'not_yet_satisfactory', fileCount: 1 })).toBe('NYS - 1 file');
    expect(matrixCellLabel(undefined)).toBe('Pending - 0 files');
    // Issue 30 §1: supervisors' reports on the task are named on the hover, as supplementary.
    expect(matrixCellLabel({ status: 'submitted', fileCount: 1, thirdPartyReports: 1 })).toBe(
      'Submitted - 1 file - Third-party report (supplementary)',
    );
    expect(matrixCellLabel({ status: 'submitted', fileCount: 0, thirdPartyReports: 2 })).toBe(
      'Submitted - 0 files - 2 third-party reports (supplementary)',
    );
  });

  it('names the observation checklists a cell holds, not 0 files for one that holds only those (issue 29 §5)', () => {
    expect(matrixCellLabel({ status: 'submitted', fileCount: 0, observations: 1 })).toBe(
      'Submitted - 1 observation',
    );
    expect(matrixCellLabel({ status: 'satisfactory', fileCount: 2, observations: 3 })).toBe(
      'Satisfactory - 2 files, 3 observations',
    );
    expect(matrixCellLabel({ status: 'submitted', fileCount: 0, observations: 0 })).toBe(
      'Submitted - 0 files',
    );
    expect(matrixCellContents({ status: 'submitted', fileCount: 1, observations: 1 })).toBe(
      '1 file, 1 observation',
    );
  });

  it('reads an unknown filter value as All', () => {
    expect(parseMatrixFilter('complete')).toBe('complete');
    expect(parseMatrixFilter('bogus')).toBe('all');
    expect(parseMatrixFilter(undefined)).toBe('all');
  });
});
