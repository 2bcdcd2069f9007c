import { describe, expect, it } from 'vitest';
import { gradeInput } from '../src/grade-input';
import { buildGradeRequest, strategiesRequired } from '../src/grading';

const a = '11111111-1111-4111-8111-111111111111';
const b = '22222222-2222-4222-8222-222222222222';

describe('the grade request the screen sends', () => {
  it('NYS on one card without strategies is stopped with the single-card message', () => {
    expect(
      buildGradeRequest('not_yet_satisfactory', [a], { [a]: { comment: 'Blurry', strategies: '  ' } }),
    ).toEqual({
      ok: false,
      title: 'Strategies required',
      message: 'Please provide re-assessment strategies for NYS',
    });
  });

  it('bulk NYS needs strategies on every selected card, then sends the first card’s comment and strategies', () => {
    const drafts = {
      [a]: { comment: 'First comment', strategies: 'First strategies' },
      [b]: { comment: 'Second comment', strategies: '' },
    };
    expect(buildGradeRequest('not_yet_satisfactory', [a, b], drafts)).toEqual({
      ok: false,
      title: strategiesRequired.title,
      message: 'Please provide re-assessment strategies for all NYS submissions',
    });
    const filled = { ...drafts, [b]: { comment: 'Second comment', strategies: 'Second strategies' } };
    expect(buildGradeRequest('not_yet_satisfactory', [a, b], filled)).toEqual({
      ok: true,
      request: {
        submissionIds: [a, b],
        status: 'not_yet_satisfactory',
        comment: 'First comment',
        strategiesForReassessment: 'First strategies',
      },
    });
  });

  it('satisfactory needs no strategies and sends none; a blank comment is no comment', () => {
    expect(buildGradeRequest('satisfactory', [a, b], { [a]: { comment: ' ', strategies: 'x' } })).toEqual({
      ok: true,
      request: {
        submissionIds: [a, b],
        status: 'satisfactory',
        comment: null,
        strategiesForReassessment: null,
      },
    });
  });
});

describe('the grade request the server accepts', () => {
  it('refuses an unknown status, an empty or malformed id list, and NYS without strategies', () => {
    const message = (input: unknown) => gradeInput.safeParse(input).error?.issues[0]?.message;
    expect(message({ submissionIds: [a], status: 'excellent' })).toBe(
      'Status must be satisfactory or not_yet_satisfactory',
    );
    expect(message({ submissionIds: [], status: 'satisfactory' })).toBe(
      'Choose at least one submission to grade',
    );
    expect(message({ submissionIds: ['x'], status: 'satisfactory' })).toBe(
      'submissionIds must be submission ids',
    );
    expect(message({ submissionIds: [a], status: 'not_yet_satisfactory', comment: 'c' })).toBe(
      'Please provide re-assessment strategies for NYS',
    );
  });

  it('drops duplicate ids and any strategies sent with a satisfactory grade', () => {
    expect(
      gradeInput.parse({ submissionIds: [a, a, b], status: 'satisfactory', strategiesForReassessment: 'x' }),
    ).toEqual({
      submissionIds: [a, b],
      status: 'satisfactory',
      comment: null,
      strategiesForReassessment: null,
    });
  });
});
