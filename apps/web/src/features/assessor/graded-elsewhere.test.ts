import { describe, expect, it } from 'vitest';
import { cardSlots, leftCards, withGoneStudent } from './graded-elsewhere';
import type { GradingSubmission } from './grading-types';
import { groupByStudent } from './grading-types';

const card = (id: string, studentId: string) =>
  ({
    id,
    studentId,
    student: { firstName: studentId, lastName: 'X', email: `${studentId}@x.test` },
  }) as GradingSubmission;

describe('cards graded elsewhere', () => {
  const before = [card('a1', 'amy'), card('z1', 'zoe'), card('z2', 'zoe'), card('z3', 'zoe')];

  it("finds the on-screen student's cards that left, with the place each held", () => {
    const now = [card('a1', 'amy'), card('z1', 'zoe'), card('z3', 'zoe')];
    expect(leftCards(before, now, 'zoe').map((c) => [c.submission.id, c.index])).toEqual([['z2', 1]]);
    expect(leftCards(before, [], 'amy').map((c) => c.submission.id)).toEqual(['a1']);
  });

  it('puts gone cards back where they stood among the cards still waiting', () => {
    const gone = leftCards(before, [card('z3', 'zoe')], 'zoe');
    const slots = cardSlots([card('z3', 'zoe')], gone, 'zoe');
    expect(slots.map((s) => (s.kind === 'gone' ? `gone:${s.card.submission.id}` : s.submission.id))).toEqual([
      'gone:z1',
      'gone:z2',
      'z3',
    ]);
  });

  it('keeps a student whose every card went, at the place they were on, until dismissed', () => {
    const gone = leftCards(before, [card('a1', 'amy')], 'zoe');
    const groups = groupByStudent([card('a1', 'amy'), card('m1', 'max')]);
    expect(withGoneStudent(groups, gone, 1).map((g) => [g.studentId, g.submissions.length])).toEqual([
      ['amy', 1],
      ['zoe', 0],
      ['max', 1],
    ]);
    expect(withGoneStudent(groups, [], 1).map((g) => g.studentId)).toEqual(['amy', 'max']);
  });
});
