import { describe, expect, it } from 'vitest';
import { reviewMarks, withdrawRefusal } from '../src/resubmission';

describe('reviewMarks', () => {
  it('before any decision no file is new and none is judged', () => {
    expect([...reviewMarks(['a', 'b'], []).values()]).toEqual([
      { judgedBy: null, isNew: false },
      { judgedBy: null, isNew: false },
    ]);
  });

  it('after NYS, the judged file carries that decision and the file added since is new', () => {
    const marks = reviewMarks(['a', 'b'], [{ id: 'd1', status: 'not_yet_satisfactory', fileIds: ['a'] }]);
    expect(marks.get('a')).toEqual({
      judgedBy: { decisionId: 'd1', status: 'not_yet_satisfactory' },
      isNew: false,
    });
    expect(marks.get('b')).toEqual({ judgedBy: null, isNew: true });
  });

  it('a file judged twice carries the later decision', () => {
    const marks = reviewMarks(
      ['a', 'b', 'c'],
      [
        { id: 'd1', status: 'not_yet_satisfactory', fileIds: ['a'] },
        { id: 'd2', status: 'not_yet_satisfactory', fileIds: ['a', 'b'] },
      ],
    );
    expect(marks.get('a')?.judgedBy?.decisionId).toBe('d2');
    expect(marks.get('b')?.judgedBy?.decisionId).toBe('d2');
    expect(marks.get('c')).toEqual({ judgedBy: null, isNew: true });
  });
});

describe('withdrawRefusal', () => {
  const waiting = {
    submissionStatus: 'submitted',
    withdrawn: false,
    judged: false,
    filesInSubmission: 2,
  } as const;

  it('a file of a waiting submission that no decision judged, with another beside it, may go', () => {
    expect(withdrawRefusal(waiting)).toBeNull();
  });

  it('refuses in the order the procedure reports: withdrawn, graded, judged, only file', () => {
    expect(withdrawRefusal({ ...waiting, withdrawn: true, judged: true })).toBe('withdrawn');
    expect(withdrawRefusal({ ...waiting, submissionStatus: 'not_yet_satisfactory', judged: true })).toBe(
      'graded',
    );
    expect(withdrawRefusal({ ...waiting, submissionStatus: 'satisfactory' })).toBe('graded');
    expect(withdrawRefusal({ ...waiting, judged: true, filesInSubmission: 1 })).toBe('judged');
    expect(withdrawRefusal({ ...waiting, filesInSubmission: 1 })).toBe('only_file');
  });
});
