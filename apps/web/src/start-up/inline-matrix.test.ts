import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { compactMatrix, expandMatrix, isCompactMatrix } from './inline-matrix';

/** An answer shaped as `staff.evidenceMatrix.get` gives it: ids are UUIDs, keys `studentId-taskId`. */
function matrixAnswer(studentCount: number, taskCount: number) {
  const students = Array.from({ length: studentCount }, (_, i) => ({
    id: randomUUID(),
    firstName: `Student${i}`,
    lastName: 'Cohort',
    email: `s${i}@example.com`,
    profileImageUrl: null,
    deactivated: i === 3,
  }));
  const tasks = Array.from({ length: taskCount }, (_, i) => ({ id: randomUUID(), title: `Task ${i}` }));
  const statuses = ['satisfactory', 'submitted', 'not_yet_satisfactory'] as const;
  const submissions: Record<string, unknown> = {};
  // Not in student or task order, so the order of the keys is something to keep.
  for (let t = taskCount - 1; t >= 0; t--) {
    for (const [s, student] of students.entries()) {
      if ((s + t) % 3 === 0) continue;
      const cell: Record<string, unknown> = { status: statuses[(s * t) % 3], fileCount: (s + t) % 4 };
      if (t === 2) cell.thirdPartyReports = 1;
      if (s === 1 && t === 1) cell.observations = 2;
      submissions[`${student.id}-${tasks[t]?.id}`] = cell;
    }
  }
  const unit = { id: randomUUID(), unitCode: 'CPCCWHS2001', title: 'Work safely', studentCount };
  const outcomes = students[0] ? { [students[0].id]: { id: randomUUID(), outcome: 'competent' } } : {};
  return { units: [unit], unit, students, tasks, submissions, outcomes };
}

describe("the Evidence Matrix's answer as a rendered page carries it", () => {
  it('expands to the very answer the API gives: the same cells under the same keys, in the same order', () => {
    const answer = matrixAnswer(30, 12);
    const inlined = JSON.parse(JSON.stringify(compactMatrix(answer)));
    expect(isCompactMatrix(inlined)).toBe(true);
    expect(inlined).not.toHaveProperty('submissions');
    expect(JSON.stringify(expandMatrix(inlined))).toBe(JSON.stringify(answer));
  });

  it('is a fraction of the answer at 200 students x 40 tasks, the students still readable as they are', () => {
    const answer = matrixAnswer(200, 40);
    const inlined = JSON.stringify(compactMatrix(answer));
    expect(inlined.length).toBeLessThan(JSON.stringify(answer).length / 2);
    expect(JSON.parse(inlined).students).toEqual(answer.students);
    expect(JSON.stringify(expandMatrix(JSON.parse(inlined)))).toBe(JSON.stringify(answer));
  });

  it('keeps a key that names no student and task of the answer, and leaves other answers alone', () => {
    const answer = matrixAnswer(2, 2);
    const stray = {
      ...answer,
      submissions: { ...answer.submissions, 'not-a-pair': { status: 'submitted' } },
    };
    expect(expandMatrix(JSON.parse(JSON.stringify(compactMatrix(stray))))).toEqual(stray);
    const empty = { ...answer, students: [], tasks: [], submissions: {} };
    expect(expandMatrix(compactMatrix(empty))).toEqual(empty);
    for (const other of [null, [], { tasks: [] }, 'text', 3]) {
      expect(compactMatrix(other)).toBe(other);
      expect(expandMatrix(other)).toBe(other);
    }
  });
});
