import { describe, expect, it } from 'vitest';
import { scoreOf } from '../src/lti/lti-score-job';

// What the gradebook is told for each standing of a student in a unit (the wire format itself is
// held by lti-grades.test.ts against the fake platform).
const facts = (outcome: { outcome: 'competent' | 'not_yet_competent'; remaining: string | null } | null) =>
  ({
    platformUserId: 'learner-1',
    progress: { total: 3, satisfied: 3, submitted: 3 },
    outcome,
  }) as Parameters<typeof scoreOf>[0];

describe('scoreOf', () => {
  const at = '2026-11-27T01:02:03.000Z';
  it('Not Yet Competent is fully graded at 0, still in progress, with what remains', () => {
    expect(scoreOf(facts({ outcome: 'not_yet_competent', remaining: 'Explain the controls' }), at)).toEqual({
      userId: 'learner-1',
      scoreGiven: 0,
      scoreMaximum: 100,
      activityProgress: 'InProgress',
      gradingProgress: 'FullyGraded',
      timestamp: at,
      comment: 'Not Yet Competent: Explain the controls',
    });
  });

  it('every task satisfactory without an outcome waits for the assessor', () => {
    expect(scoreOf(facts(null), at)).toMatchObject({
      scoreGiven: 100,
      activityProgress: 'Completed',
      gradingProgress: 'PendingManual',
    });
  });
});
