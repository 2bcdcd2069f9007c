import type { DomainEvent } from '@evident/core/events';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { type QueryPath, queryKeyOf } from '../../data-layer/query-keys';
import { invalidateAfter, invalidateFor, invalidateForLive, type LiveSignal } from './event-invalidations';

/** An event as the live stream brings it, whole. */
const heard = (event: DomainEvent | LiveSignal, client: QueryClient) => invalidateForLive(event, client);

/** A cache holding queries under tRPC's keys, as the screens leave it. */
function cacheWith(keys: Record<string, unknown[]>) {
  const client = new QueryClient();
  for (const key of Object.values(keys)) client.setQueryData(key, { loaded: true });
  const stale = () =>
    Object.entries(keys)
      .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
      .map(([name]) => name)
      .sort();
  return { client, stale };
}

const q = queryKeyOf;

describe('the event-to-query table', () => {
  it("a task change refetches that unit's task list, the lists and counts, students' tasks and grading views", async () => {
    const { client, stale } = cacheWith({
      tasksA: q('admin.tasks.list', { unitId: 'A' }),
      tasksB: q('admin.tasks.list', { unitId: 'B' }),
      units: q('admin.units.list'),
      stats: q('admin.stats.get'),
      studentTasks: q('student.tasks.list'),
      matrix: q('staff.evidenceMatrix.get', { unitId: 'A' }),
      users: q('admin.users.list'),
    });
    await heard({ type: 'tasks.changed', unitId: 'A' }, client);
    expect(stale()).toEqual(['matrix', 'stats', 'studentTasks', 'tasksA', 'units']);
  });

  it("new evidence refetches the student's tasks and that task's evidence, the grading list and the matrix", async () => {
    const { client, stale } = cacheWith({
      studentTasks: q('student.tasks.list'),
      evidenceT1: q('student.evidence.list', { taskId: 't1' }),
      evidenceT2: q('student.evidence.list', { taskId: 't2' }),
      grading: q('staff.submissions.list'),
      matrix: q('staff.evidenceMatrix.get'),
      tasks: q('admin.tasks.list', { unitId: 'A' }),
    });
    await heard(
      { type: 'submission.created', submissionId: 's', studentId: 'st', taskId: 't1', unitId: 'A' },
      client,
    );
    expect(stale()).toEqual(['evidenceT1', 'grading', 'matrix', 'studentTasks']);
  });

  it("a change to a validation round refetches that round's screen, the rounds, the actions to do and the plans", async () => {
    const { client, stale } = cacheWith({
      roundA: q('staff.validationRounds.get', { id: 'A' }),
      roundB: q('staff.validationRounds.get', { id: 'B' }),
      myRounds: q('staff.validationRounds.list'),
      allRounds: q('admin.validationRounds.list'),
      myActions: q('staff.validationActions.list'),
      plan: q('admin.validationPlans.get', { unitId: 'u' }),
      grading: q('staff.submissions.list'),
    });
    await heard({ type: 'validation.changed', roundId: 'A', peopleIds: ['v'] }, client);
    expect(stale()).toEqual(['allRounds', 'myActions', 'myRounds', 'plan', 'roundA']);
  });

  it('a grade refetches the evidence of each graded task only', async () => {
    const { client, stale } = cacheWith({
      evidenceT1: q('student.evidence.list', { taskId: 't1' }),
      evidenceT2: q('student.evidence.list', { taskId: 't2' }),
      studentTasks: q('student.tasks.list'),
    });
    await heard(
      {
        type: 'submission.graded',
        status: 'satisfactory',
        submissions: [{ submissionId: 's', studentId: 'st', taskId: 't2', unitId: 'A' }],
      },
      client,
    );
    expect(stale()).toEqual(['evidenceT2', 'studentTasks']);
  });

  it('resync refetches everything; connected nothing', async () => {
    const { client, stale } = cacheWith({ a: q('admin.users.list'), b: q('student.tasks.list') });
    await heard({ type: 'connected' }, client);
    expect(stale()).toEqual([]);
    await heard({ type: 'resync' }, client);
    expect(stale()).toEqual(['a', 'b']);
  });
});

/** A query on screen, loaded once, counting the times it is fetched. */
async function onScreen(client: QueryClient, path: QueryPath) {
  let fetches = 0;
  const options = {
    queryKey: queryKeyOf(path),
    queryFn: async () => ++fetches,
    staleTime: Number.POSITIVE_INFINITY,
  };
  await client.fetchQuery(options);
  const stop = new QueryObserver(client, options).subscribe(() => {});
  return { fetches: () => fetches, stop };
}

describe("a mutation's own invalidation", () => {
  it('fetches a query that several of its events touch once', async () => {
    const client = new QueryClient();
    const tasks = await onScreen(client, 'student.tasks.list');
    await invalidateFor(
      [
        { type: 'enrolment.created', studentId: 'st', unitId: 'A' },
        { type: 'enrolment.created', studentId: 'st', unitId: 'B' },
      ],
      client,
    );
    expect(tasks.fetches()).toBe(2);
    tasks.stop();
  });

  it("a change sent outside a mutation hook (the upload queue's) holds its echo back until answered", async () => {
    const client = new QueryClient();
    const tasks = await onScreen(client, 'student.tasks.list');
    let answer = (_: { submissionId: string }) => {};
    const recorded = invalidateAfter(
      new Promise<{ submissionId: string }>((resolve) => {
        answer = resolve;
      }),
      ({ submissionId }) => ({ type: 'submission.created', submissionId, taskId: 't1' }),
      client,
    );
    const echo = heard(
      { type: 'submission.created', submissionId: 's1', studentId: 'st', taskId: 't1', unitId: 'A' },
      client,
    );
    answer({ submissionId: 's1' });
    await Promise.all([recorded, echo]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(tasks.fetches()).toBe(2);
    tasks.stop();
  });
});
