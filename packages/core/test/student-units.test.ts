import { describe, expect, it } from 'vitest';
import { groupTasksByUnit, pickUnit } from '../src/student-units';

const safety = { id: 'u1', unitCode: 'RIIWHS204E', title: 'Work safely at heights' };
const hygiene = { id: 'u2', unitCode: 'HLTINF006', title: 'Apply infection prevention' };

function task(unit: typeof safety, status: 'submitted' | 'satisfactory' | null = null) {
  return { unit, submission: status ? { status } : null };
}

describe('a student in several units', () => {
  it('sees each unit with its own tasks and progress, in the order the tasks came', () => {
    const units = groupTasksByUnit([
      task(safety, 'satisfactory'),
      task(safety),
      task(hygiene, 'satisfactory'),
      task(safety, 'submitted'),
      task(hygiene, 'satisfactory'),
    ]);
    expect(units.map((unit) => unit.unitCode)).toEqual(['RIIWHS204E', 'HLTINF006']);
    expect(units[0]).toMatchObject({ id: 'u1', title: 'Work safely at heights' });
    expect(units[0]?.tasks).toHaveLength(3);
    expect(units[0]?.progress).toEqual({ completed: 1, total: 3, percent: 33 });
    expect(units[1]?.progress).toEqual({ completed: 2, total: 2, percent: 100 });
  });

  it('has no units without tasks', () => {
    expect(groupTasksByUnit([])).toEqual([]);
  });

  it('comes back to the unit chosen last time, or the first one when that unit is gone', () => {
    const units = [{ id: 'u1' }, { id: 'u2' }];
    expect(pickUnit(units, 'u2')?.id).toBe('u2');
    expect(pickUnit(units, 'u9')?.id).toBe('u1');
    expect(pickUnit(units, null)?.id).toBe('u1');
    expect(pickUnit([], 'u1')).toBeUndefined();
  });
});
