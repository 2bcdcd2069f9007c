import { getQueryKey } from '@trpc/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeyOf } from './query-keys';
import { trpc } from './trpc-client';

describe('query keys named by path', () => {
  it("are the keys tRPC's hooks use, with and without input", () => {
    expect(queryKeyOf('student.tasks.list')).toEqual(
      getQueryKey(trpc.student.tasks.list, undefined, 'query'),
    );
    expect(queryKeyOf('student.evidence.list', { taskId: 't1' })).toEqual(
      getQueryKey(trpc.student.evidence.list, { taskId: 't1' }, 'query'),
    );
  });

  it('name only procedures that exist, with their own input', () => {
    // @ts-expect-error a renamed or removed procedure fails the type check
    queryKeyOf('reports.evidenceMatrix.get');
    // @ts-expect-error a mutation is no query
    queryKeyOf('assessor.submissions.grade');
    // @ts-expect-error the input is the procedure's
    queryKeyOf('student.evidence.list', { unitId: 'u1' });
  });
});
