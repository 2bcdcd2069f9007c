import type { DomainEvent } from '@evident/core/events';
import { describe, expect, it } from 'vitest';
import { decisionsIn, statusesIn, studentWithSubmissions } from './grading-fixtures';
import { gradingServer } from './grading-server';
import type { TestEnv } from './harness';
import { restAs } from './rest-fixtures';

// Grading several submissions at once, and two assessors' decisions meeting.

let env: TestEnv;
let app: Awaited<ReturnType<TestEnv['app']>>;
const events: DomainEvent[] = [];
gradingServer(events, (started) => {
  ({ env, app } = started);
});

const rest = (client: { sessionId: string | null }) => restAs(env, app, client);
const decisionsOf = (submissionIds: string[]) => decisionsIn(env, submissionIds);
const statusesOf = (submissionIds: string[]) => statusesIn(env, submissionIds);

describe('grading', () => {
  it('an assessor bulk-grades two submissions satisfactory over REST; strategies are not kept for satisfactory', async () => {
    const { submitted } = await studentWithSubmissions(env, app, { count: 2 });
    const ids = submitted.map((s) => s.submissionId);
    const marker = await env.signedIn('assessor');
    const response = await rest(marker).post('/api/assessor/grade', {
      submissionIds: ids,
      status: 'satisfactory',
      comment: 'Well done',
      strategiesForReassessment: 'ignored',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ count: 2, status: 'satisfactory' });
    expect(await statusesOf(ids)).toEqual(['satisfactory', 'satisfactory']);
    const decisions = await decisionsOf(ids);
    expect(decisions.map((d) => [d.status, d.comment, d.strategiesForReassessment])).toEqual([
      ['satisfactory', 'Well done', null],
      ['satisfactory', 'Well done', null],
    ]);
    const graded = events.find((e) => e.type === 'submission.graded');
    expect(
      graded?.type === 'submission.graded' && graded.submissions.map((s) => s.submissionId).sort(),
    ).toEqual([...ids].sort());
  });

  it('one unknown id in a batch grades nothing and names the id', async () => {
    const { submitted } = await studentWithSubmissions(env, app, { count: 2 });
    const ids = submitted.map((s) => s.submissionId);
    const unknown = '00000000-0000-4000-8000-000000000001';
    const assessor = await (await env.signedIn('assessor')).caller();
    await expect(
      assessor.assessor.submissions.grade({ submissionIds: [...ids, unknown], status: 'satisfactory' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', message: expect.stringContaining(unknown) });
    expect(await statusesOf(ids)).toEqual(['submitted', 'submitted']);
    expect(await decisionsOf(ids)).toEqual([]);
    expect(events.filter((e) => e.type === 'submission.graded')).toEqual([]);
    await expect(
      assessor.assessor.submissions.grade({ submissionIds: ['not-an-id'], status: 'satisfactory' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('a submission graded meanwhile by another assessor is reported by name and the whole batch is refused', async () => {
    const { submitted } = await studentWithSubmissions(env, app, {
      count: 2,
      firstName: 'Jordan',
      lastName: 'Lee',
    });
    const [a, b] = submitted.map((s) => s.submissionId) as [string, string];
    const first = await (await env.signedIn('assessor', { firstName: 'Priya', lastName: 'Nair' })).caller();
    const second = await (await env.signedIn('assessor', { firstName: 'Dan', lastName: 'Roe' })).caller();
    await first.assessor.submissions.grade({ submissionIds: [a], status: 'satisfactory' });
    const refusal = second.assessor.submissions.grade({
      submissionIds: [b, a],
      status: 'not_yet_satisfactory',
      strategiesForReassessment: 'Again please',
    });
    await expect(refusal).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(/for Jordan Lee was already graded by Priya Nair\. Nothing was graded/),
    });
    expect(await statusesOf([b])).toEqual(['submitted']);
    expect((await decisionsOf([a, b])).map((d) => d.submissionId)).toEqual([a]);
  });

  it('two assessors grading the same submission at once: one decision stands, the other is told who made it', async () => {
    const { submitted } = await studentWithSubmissions(env, app, { count: 1 });
    const id = submitted[0]?.submissionId ?? '';
    const one = await (await env.signedIn('assessor', { firstName: 'Una', lastName: 'One' })).caller();
    const two = await (await env.signedIn('assessor', { firstName: 'Tia', lastName: 'Two' })).caller();
    const outcomes = await Promise.allSettled([
      one.assessor.submissions.grade({ submissionIds: [id], status: 'satisfactory' }),
      two.assessor.submissions.grade({
        submissionIds: [id],
        status: 'not_yet_satisfactory',
        strategiesForReassessment: 'x',
      }),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const rejected = outcomes.find((o) => o.status === 'rejected');
    expect(rejected?.status === 'rejected' && rejected.reason.message).toMatch(
      /already graded by (Una One|Tia Two)/,
    );
    expect(await decisionsOf([id])).toHaveLength(1);
  });
});
