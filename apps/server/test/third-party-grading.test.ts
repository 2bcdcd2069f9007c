import { auditEvents, submissions } from '@evident/db/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restAs } from './rest-fixtures';
import { type ThirdPartyWorld, thirdPartyWorld } from './third-party-fixtures';

// Issue 30 §1: a supervisor's report is evidence the assessor judges. A task the supervisor saw done
// comes to the grading screen even when the student uploaded nothing for it.

let world: ThirdPartyWorld;
beforeAll(async () => {
  world = await thirdPartyWorld();
});
afterAll(async () => {
  await world.close();
});

type Pending = { id: string; task: { id: string }; files: unknown[] };

async function pendingFor(taskId: string): Promise<Pending | undefined> {
  const { env, app, assessor } = world;
  const listed = await restAs(env, app, assessor).get('/api/assessor/submissions');
  expect(listed.statusCode, listed.body).toBe(200);
  return (listed.json() as Pending[]).find((row) => row.task.id === taskId);
}

async function submissionOf(taskId: string) {
  const [row] = await world.env.db
    .select()
    .from(submissions)
    .where(and(eq(submissions.studentId, world.student.user.id), eq(submissions.taskId, taskId)));
  return row;
}

describe('a task with only a supervisor report', () => {
  it('waits for the assessor when the supervisor observed it, and the assessor can judge it', async () => {
    const { env, app, assessor, taskIds, askAndReadLink, send, report } = world;
    const [observedTask, unobservedTask] = taskIds as [string, string];
    expect(await pendingFor(observedTask)).toBeUndefined();
    const { id: requestId, token } = await askAndReadLink('grade@acme.example');
    const sent = await send(token, report());
    expect(sent.statusCode, sent.body).toBe(201);

    // Observed: a submission with no files, before the assessor. Not observed: nothing to judge.
    const card = await pendingFor(observedTask);
    expect(card?.files).toEqual([]);
    expect(await pendingFor(unobservedTask)).toBeUndefined();
    expect(await submissionOf(unobservedTask)).toBeUndefined();
    const [audit] = await env.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'third-party.submitted'));
    expect(audit?.detail).toMatchObject({ requestId, submissionIds: [card?.id] });

    const graded = await restAs(env, app, assessor).post('/api/assessor/grade', {
      submissionIds: [card?.id],
      status: 'not_yet_satisfactory',
      strategiesForReassessment: 'Ask your supervisor to watch you stack the top shelf',
    });
    expect(graded.statusCode, graded.body).toBe(200);
    expect(await pendingFor(observedTask)).toBeUndefined();

    // A second report after a not-yet-satisfactory sends the task back as new evidence.
    const again = await askAndReadLink('again@acme.example');
    expect((await send(again.token, report())).statusCode).toBe(201);
    expect((await pendingFor(observedTask))?.id).toBe(card?.id);
    const satisfactory = await restAs(env, app, assessor).post('/api/assessor/grade', {
      submissionIds: [card?.id],
      status: 'satisfactory',
    });
    expect(satisfactory.statusCode, satisfactory.body).toBe(200);

    // Once satisfactory, a later report is kept, and the decision stands.
    const late = await askAndReadLink('late-report@acme.example');
    expect((await send(late.token, report())).statusCode).toBe(201);
    expect((await submissionOf(observedTask))?.status).toBe('satisfactory');
    expect(await pendingFor(observedTask)).toBeUndefined();
  });
});
