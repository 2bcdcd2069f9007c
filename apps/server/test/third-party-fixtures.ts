import { buildEnrolment, buildRequirement, buildTask, buildUnit } from '@evident/db/testing/factories';
import { listOutbox } from '@evident/mail/outbox-reader';
import { expect } from 'vitest';
import { createTestEnv, type TestEnv } from './harness';
import { restAs } from './rest-fixtures';

/**
 * Issue 30 §1: a unit of two tasks (the first mapped to PC 1.1), a task of another unit, a student
 * enrolled in the first, an assessor; and the calls a supervisor's link makes.
 */
export async function thirdPartyWorld(options: Parameters<typeof createTestEnv>[0] = {}) {
  const env = await createTestEnv({ videoConverter: null, ...options });
  const app = await env.app();
  const unit = await buildUnit(env.db, { release: '1' });
  const unitId = unit.id;
  const first = await buildTask(env.db, { unitId, title: 'Operate the forklift' });
  const second = await buildTask(env.db, { unitId, title: 'Stack pallets safely' });
  const taskIds = [first.id, second.id];
  await buildRequirement(env.db, {
    unitId,
    section: 'pc',
    key: 'PC 1.1',
    text: 'Check the work area for hazards',
    taskIds: [first.id],
  });
  // A task of a unit the student is not enrolled in.
  const other = await buildUnit(env.db, {});
  const otherTaskId = (await buildTask(env.db, { unitId: other.id, title: 'Elsewhere' })).id;
  const student = await env.signedIn('student', { firstName: 'Jordan', lastName: 'Lee' });
  await buildEnrolment(env.db, { studentId: student.user.id, unitId });
  const assessor = await env.signedIn('assessor', { firstName: 'Priya', lastName: 'Nair' });

  const supervisor = (email: string) => ({
    supervisorName: 'Sam Boss',
    supervisorEmail: email,
    workplace: 'Acme Logistics',
    relationship: 'Shift supervisor',
  });

  /** The newest link mailed to `email` other than `previous`, once the job worker has sent it. */
  async function tokenMailedTo(email: string, previous?: string): Promise<string> {
    for (let attempt = 0; attempt < 300; attempt++) {
      await env.services.jobs.idle();
      const tokens = listOutbox(env.config.mail.outboxDir)
        .filter((mail) => mail.to === email)
        .map((mail) => mail.text.match(/\/third-party\/([A-Za-z0-9_-]{43})/)?.[1])
        .filter((token): token is string => token !== undefined && token !== previous);
      if (tokens[0]) return tokens[0];
      await new Promise((done) => setTimeout(done, 50));
    }
    throw new Error(`no new link mailed to ${email}`);
  }

  /** Asks as the student over REST and answers the link from the mailed message. */
  async function askAndReadLink(email: string, ids = taskIds) {
    const asked = await restAs(env, app, student).post('/api/third-party-requests', {
      ...supervisor(email),
      taskIds: ids,
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const { id } = asked.json() as { id: string };
    return { id, token: await tokenMailedTo(email) };
  }

  const page = (token: string) => app.inject({ method: 'GET', url: `/api/third-party/${token}` });
  const send = (token: string, body: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: `/api/third-party/${token}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });

  const report = (overrides: Record<string, unknown> = {}) => ({
    supervisorRole: 'Warehouse manager',
    supervisedFor: '8 months',
    experience: '15 years in warehousing, licensed forklift operator',
    items: [
      { taskId: taskIds[0], observed: true, dates: ['2026-03-02', '2026-03-09'], comment: 'Safe and steady' },
      { taskId: taskIds[1], observed: false, dates: [], comment: '' },
    ],
    declarationVersion: 1,
    signedName: 'Sam Boss',
    ...overrides,
  });

  return {
    env,
    app,
    unitId,
    taskIds,
    otherTaskId,
    student,
    assessor,
    supervisor,
    tokenMailedTo,
    askAndReadLink,
    page,
    send,
    report,
    async close() {
      await app.close();
      await env.close();
    },
  };
}

export type ThirdPartyWorld = Awaited<ReturnType<typeof thirdPartyWorld>>;
export type { TestEnv };
