import type { DomainEvent } from '@evident/core/events';
import type { GradeInput } from '@evident/core/grade-input';
import { MutationObserver, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeyOf } from '../../data-layer/query-keys';
import { invalidateForLive } from '../live/event-invalidations';
import { gradingMutation } from './use-grade-submissions';

vi.mock('../toast/toast', () => ({ toastSuccess: () => {}, toastError: () => {} }));

const shown = [
  { id: 's1', task: { id: 't1' } },
  { id: 's2', task: { id: 't2' } },
];

/** The grading screen's cache: its submissions on screen, loaded once, counting the fetches after. */
async function gradingScreen() {
  const client = new QueryClient();
  let fetches = 0;
  const submissions = {
    queryKey: queryKeyOf('staff.submissions.list'),
    queryFn: async () => {
      fetches++;
      return shown;
    },
    staleTime: Number.POSITIVE_INFINITY,
  };
  await client.fetchQuery(submissions);
  const stop = new QueryObserver(client, submissions).subscribe(() => {});
  fetches = 0;
  return { client, refetches: () => fetches, stop };
}

/** The grade mutation as the screen runs it, answering when `answer` is called. */
function grading(client: QueryClient) {
  let answer = () => {};
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  const observer = new MutationObserver(client, {
    mutationFn: async (request: GradeInput) => {
      await answered;
      return { status: request.status, submissionIds: request.submissionIds, count: 2 };
    },
    ...gradingMutation(client, () => shown, { onGraded: () => {} }),
  });
  const request: GradeInput = { submissionIds: ['s1', 's2'], status: 'satisfactory' };
  return { done: observer.mutate(request), answer };
}

/** What the server publishes for the decision, as the stream brings it to every assessor's tab. */
const graded = (submissionIds: string[]): DomainEvent => ({
  type: 'submission.graded',
  status: 'satisfactory',
  submissions: submissionIds.map((id, i) => ({
    submissionId: id,
    studentId: 'st',
    taskId: `t${i + 1}`,
    unitId: 'u',
  })),
});

afterEach(() => {
  vi.useRealTimers();
});

describe("the grader's own screen after a decision", () => {
  it('fetches the submissions once when the answer comes before the stream echoes the decision', async () => {
    const { client, refetches, stop } = await gradingScreen();
    const { done, answer } = grading(client);
    answer();
    await done;
    await invalidateForLive(graded(['s2', 's1']), client);
    expect(refetches()).toBe(1);
    stop();
  });

  it('fetches the submissions once when the echo comes before the answer', async () => {
    const { client, refetches, stop } = await gradingScreen();
    const { done, answer } = grading(client);
    const heard = invalidateForLive(graded(['s1', 's2']), client);
    await Promise.resolve();
    answer();
    await Promise.all([done, heard]);
    expect(refetches()).toBe(1);
    stop();
  });

  it("still refetches for another assessor's decision, and for a second echo of its own", async () => {
    const { client, refetches, stop } = await gradingScreen();
    const { done, answer } = grading(client);
    answer();
    await done;
    await invalidateForLive(graded(['s1', 's2']), client);
    await invalidateForLive(graded(['s3']), client);
    expect(refetches()).toBe(2);
    // Replayed after a reconnect: the echo was taken once already.
    await invalidateForLive(graded(['s1', 's2']), client);
    expect(refetches()).toBe(3);
    stop();
  });
});
