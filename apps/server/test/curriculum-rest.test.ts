import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pe } from './curriculum-fixtures';
import { createTestEnv, type TestEnv } from './harness';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

describe('the task occasion', () => {
  it('is a whole number from 1 to 50; anything else is a 400 that says so, and nothing is saved', async () => {
    const app = await env.app();
    const admin = await env.signedIn('rto_admin');
    const headers = { cookie: `evident_session=${admin.sessionId}`, 'content-type': 'application/json' };
    const caller = await admin.caller();
    const unit = await caller.admin.units.create({ unitCode: 'OCC02', title: 'Occasion checks' });
    for (const occasion of [0, 51, 1.5, '2']) {
      const answer = await app.inject({
        method: 'POST',
        url: `/api/admin/units/${unit.id}/tasks`,
        headers,
        payload: JSON.stringify({ title: 'Bad occasion', occasion }),
      });
      expect(answer.statusCode, String(occasion)).toBe(400);
      expect(answer.body).toContain('Occasion must be a whole number from 1 to 50');
    }
    expect((await caller.admin.tasks.list({ unitId: unit.id })).tasks).toEqual([]);
    const made = await caller.admin.tasks.create({ unitId: unit.id, title: 'Third time', occasion: 3 });
    expect(made.occasion).toBe(3);
    expect(
      await caller.admin.tasks.update({ taskId: made.id, title: 'Third time', occasion: 50 }),
    ).toMatchObject({
      occasion: 50,
    });
    await app.close();
  });
});

describe('curriculum over REST', () => {
  it('walks the spec rows for units, tasks, stats and setup', async () => {
    const app = await env.app();
    const admin = await env.signedIn('rto_admin');
    const headers = { cookie: `evident_session=${admin.sessionId}`, 'content-type': 'application/json' };
    const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
      app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: JSON.stringify(body) }) });

    const created = await send('POST', '/api/admin/units', {
      unitCode: 'rest001',
      title: 'Over REST',
      performanceEvidence: pe,
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().id as string;
    expect((await send('GET', `/api/admin/units/${id}`)).json()).toMatchObject({ unitCode: 'REST001' });
    expect(
      (await send('PUT', `/api/admin/units/${id}`, { unitCode: 'REST001', title: 'Renamed' })).json(),
    ).toMatchObject({ title: 'Renamed', performanceEvidence: null });
    expect((await send('POST', `/api/admin/units/${id}/generate-tasks`)).statusCode).toBe(422);
    await send('PUT', `/api/admin/units/${id}`, {
      unitCode: 'REST001',
      title: 'Renamed',
      performanceEvidence: pe,
    });
    const generated = await send('POST', `/api/admin/units/${id}/generate-tasks`);
    expect(generated.json().message).toMatch(/^Generated \d+ tasks/);

    const taskList = await send('GET', `/api/admin/units/${id}/tasks`);
    expect(Array.isArray(taskList.json())).toBe(true);
    const task = await send('POST', `/api/admin/units/${id}/tasks`, {
      title: 'By hand',
      description: '',
      phase: 'Check',
      tooltip: '',
      evidenceTypes: ['photo'],
    });
    expect(task.json()).toMatchObject({ title: 'By hand', phase: 'Check' });
    const badPhase = await send('PUT', `/api/admin/tasks/${task.json().id}`, {
      title: 'By hand',
      phase: 'Later',
    });
    expect(badPhase.statusCode).toBe(400);
    expect(badPhase.body).toMatch(/^Phase must be one of/);
    expect((await send('DELETE', `/api/admin/tasks/${task.json().id}`)).statusCode).toBe(200);
    expect((await send('DELETE', `/api/admin/tasks/${task.json().id}`)).statusCode).toBe(404);
    // An id that cannot be one names nothing: not found, on every path that carries an id.
    for (const [method, path] of [
      ['GET', '/api/admin/units/not-a-uuid'],
      ['PUT', '/api/admin/units/not-a-uuid'],
      ['DELETE', '/api/admin/units/not-a-uuid'],
      ['POST', '/api/admin/units/not-a-uuid/generate-tasks'],
      ['GET', '/api/admin/units/not-a-uuid/tasks'],
      ['POST', '/api/admin/units/not-a-uuid/tasks'],
      ['PUT', '/api/admin/tasks/not-a-uuid'],
      ['DELETE', '/api/admin/tasks/not-a-uuid'],
    ] as const) {
      const response = await send(
        method,
        path,
        method === 'PUT' || method === 'POST' ? { title: 'x' } : undefined,
      );
      expect([method, path, response.statusCode]).toEqual([method, path, 404]);
      expect(response.body).toMatch(/^(Unit|Task) not found$/);
    }
    expect((await send('GET', '/api/admin/units/00000000-0000-4000-8000-000000000000')).body).toBe(
      'Unit not found',
    );

    const fetched = await send('POST', '/api/tga/fetch-unit', { unitCode: 'HLTINF006' });
    expect(fetched.json()).toMatchObject({
      code: 'HLTINF006',
      title: expect.any(String),
      performanceEvidence: expect.any(String),
    });
    expect((await send('POST', '/api/tga/fetch-unit', { unitCode: 'ZZZ999' })).statusCode).toBe(404);

    const stats = await send('GET', '/api/admin/stats');
    expect(stats.json()).toEqual({
      totalUnits: expect.any(Number),
      totalTasks: expect.any(Number),
      totalStudents: expect.any(Number),
    });

    const student = await env.signedIn('student');
    const studentHeaders = {
      cookie: `evident_session=${student.sessionId}`,
      'content-type': 'application/json',
    };
    const setup = await app.inject({
      method: 'POST',
      url: '/api/units/generate-tasks',
      headers: studentHeaders,
      payload: JSON.stringify({ unitCode: 'REST001' }),
    });
    expect(setup.json()).toMatchObject({ taskCount: generated.json().taskCount });
    const mine = await app.inject({ method: 'GET', url: '/api/student/tasks', headers: studentHeaders });
    expect(mine.json()).toHaveLength(generated.json().taskCount);
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/units/generate-tasks',
      headers: studentHeaders,
      payload: JSON.stringify({ unitCode: 'ZZZ999' }),
    });
    expect(unknown.statusCode).toBe(404);

    expect((await send('DELETE', `/api/admin/units/${id}`)).statusCode).toBe(200);
    await app.close();
  });
});
