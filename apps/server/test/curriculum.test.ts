import { defaultRateLimits } from '@evident/api/rate-limits';
import { tasks, units } from '@evident/db/schema';
import { buildSubmission } from '@evident/db/testing/factories';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from './harness';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

const pe = `The candidate must demonstrate:
- checking the work area for hazards before starting
- selecting and fitting personal protective equipment
- completing a job safety analysis form
- reporting an incident to the supervisor`.replace(/^- /gm, '');

describe('student unit setup', () => {
  it('is rate limited per student, since generating tasks may call a paid API', async () => {
    const limited = await createTestEnv({
      rateLimits: { ...defaultRateLimits, unitSetupUser: { points: 2, durationSeconds: 60 } },
    });
    try {
      const student = await (await limited.signedIn('student')).caller();
      await student.student.units.setUp({ unitCode: 'HLTINF006' });
      await student.student.units.setUp({ unitCode: 'SITXFSA005' });
      await expect(student.student.units.setUp({ unitCode: 'RIIWHS204E' })).rejects.toMatchObject({
        code: 'TOO_MANY_REQUESTS',
      });
      const other = await (await limited.signedIn('student')).caller();
      expect((await other.student.units.setUp({ unitCode: 'RIIWHS204E' })).taskCount).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });

  it('a student sets up an example unit and sees its tasks', async () => {
    const student = await env.signedIn('student');
    const caller = await student.caller();
    const result = await caller.student.units.setUp({ unitCode: '  riiwhs204e ' });
    expect(result.unitCode).toBe('RIIWHS204E');
    expect(result.taskCount).toBeGreaterThan(3);
    // The client says 'Created {n} tasks' only when this set-up generated them.
    expect(result.created).toBe(true);

    const list = await caller.student.tasks.list();
    expect(list).toHaveLength(result.taskCount);
    expect(list[0]).toMatchObject({ unitCode: 'RIIWHS204E', submission: null });
    expect(list.map((t) => t.position)).toEqual([...list.keys()]);
    const [unit] = await env.db.select().from(units).where(eq(units.unitCode, 'RIIWHS204E'));
    expect(unit?.mappingDocument).toContain('RIIWHS204E');
  });

  it('a second student joins the existing unit without generating new tasks', async () => {
    const first = await env.signedIn('student');
    expect(await (await first.caller()).student.units.setUp({ unitCode: 'HLTINF006' })).toMatchObject({
      created: true,
    });
    const [unit] = await env.db.select().from(units).where(eq(units.unitCode, 'HLTINF006'));
    const before = await env.db
      .select({ id: tasks.id })
      .from(tasks)
      .where(eq(tasks.unitId, unit?.id ?? ''));

    const second = await env.signedIn('student');
    const result = await (await second.caller()).student.units.setUp({ unitCode: 'hltinf006' });
    const after = await env.db
      .select({ id: tasks.id })
      .from(tasks)
      .where(eq(tasks.unitId, unit?.id ?? ''));
    expect(result.taskCount).toBe(before.length);
    // 'Joined HLTINF006: {n} tasks', not 'Created {n} tasks'.
    expect(result).toMatchObject({ unitCode: 'HLTINF006', created: false });
    expect(after.map((t) => t.id).sort()).toEqual(before.map((t) => t.id).sort());
    expect((await (await second.caller()).student.tasks.list()).length).toBe(before.length);
  });

  it('two students setting up the same new unit at once get one unit and one task set', async () => {
    const [a, b] = await Promise.all([env.signedIn('student'), env.signedIn('student')]);
    const [ra, rb] = await Promise.all([
      (await a.caller()).student.units.setUp({ unitCode: 'SITXFSA005' }),
      (await b.caller()).student.units.setUp({ unitCode: 'SITXFSA005' }),
    ]);
    expect(ra.unitId).toBe(rb.unitId);
    const rows = await env.db.select().from(units).where(eq(units.unitCode, 'SITXFSA005'));
    expect(rows).toHaveLength(1);
    const taskRows = await env.db.select().from(tasks).where(eq(tasks.unitId, ra.unitId));
    expect(taskRows).toHaveLength(ra.taskCount);
    expect(rb.taskCount).toBe(ra.taskCount);
  });

  it('ten students setting up the same new unit at once ask the task generator once, and all get its tasks', async () => {
    const original = env.services.taskGenerator;
    let calls = 0;
    env.services.taskGenerator = {
      async generate(input) {
        calls++;
        // Slow like a paid API: the others arrive while this one is still generating.
        await new Promise((resolve) => setTimeout(resolve, 200));
        return original.generate(input);
      },
    };
    try {
      // New to everyone: created by an admin, with no tasks yet.
      const admin = await (await env.signedIn('rto_admin')).caller();
      await admin.admin.units.create({
        unitCode: 'PARALLEL1',
        title: 'Parallel set-up',
        performanceEvidence: pe,
      });
      const students = await Promise.all(Array.from({ length: 10 }, () => env.signedIn('student')));
      const callers = await Promise.all(students.map((student) => student.caller()));
      const results = await Promise.all(
        callers.map((caller) => caller.student.units.setUp({ unitCode: 'PARALLEL1' })),
      );
      expect(calls).toBe(1);
      expect(new Set(results.map((r) => r.unitId)).size).toBe(1);
      const taskRows = await env.db
        .select()
        .from(tasks)
        .where(eq(tasks.unitId, results[0]?.unitId ?? ''));
      expect(results.map((r) => r.taskCount)).toEqual(Array(10).fill(taskRows.length));
      for (const caller of callers) expect(await caller.student.tasks.list()).toHaveLength(taskRows.length);
    } finally {
      env.services.taskGenerator = original;
    }
  });

  it('a set-up whose generation failed leaves the next one free to generate', async () => {
    const original = env.services.taskGenerator;
    let calls = 0;
    env.services.taskGenerator = {
      async generate(input) {
        calls++;
        if (calls === 1) throw new Error('the generator is down');
        return original.generate(input);
      },
    };
    try {
      const admin = await (await env.signedIn('rto_admin')).caller();
      await admin.admin.units.create({
        unitCode: 'PARALLEL2',
        title: 'Retried set-up',
        performanceEvidence: pe,
      });
      const [first, second] = await Promise.all([env.signedIn('student'), env.signedIn('student')]);
      const [firstCaller, secondCaller] = [await first.caller(), await second.caller()];
      // Either set-up may take the lock first; whichever meets the failing generator fails alone.
      const settled = await Promise.allSettled([
        firstCaller.student.units.setUp({ unitCode: 'PARALLEL2' }),
        secondCaller.student.units.setUp({ unitCode: 'PARALLEL2' }),
      ]);
      expect(settled.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
      expect(settled.find((r) => r.status === 'fulfilled')).toMatchObject({
        value: { unitCode: 'PARALLEL2' },
      });
      expect(calls).toBe(2);
    } finally {
      env.services.taskGenerator = original;
    }
  });

  it('an unknown code is a 404 with a message and creates nothing', async () => {
    const student = await env.signedIn('student');
    await expect(
      (await student.caller()).student.units.setUp({ unitCode: 'NOSUCH999' }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: expect.stringContaining('NOSUCH999'),
    });
    expect(await env.db.select().from(units).where(eq(units.unitCode, 'NOSUCH999'))).toHaveLength(0);
  });

  it('a blank code is refused', async () => {
    const student = await env.signedIn('student');
    await expect((await student.caller()).student.units.setUp({ unitCode: '   ' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('uses the Performance Evidence of a unit an admin created by hand', async () => {
    const admin = await env.signedIn('rto_admin');
    await (await admin.caller()).admin.units.create({
      unitCode: 'CUSTOM101',
      title: 'House rules',
      performanceEvidence: pe,
    });
    const student = await env.signedIn('student');
    const result = await (await student.caller()).student.units.setUp({ unitCode: 'CUSTOM101' });
    expect(result.taskCount).toBeGreaterThanOrEqual(4);
  });
});

describe('admin units', () => {
  it('creates, reads, edits and deletes a unit', async () => {
    const admin = await (await env.signedIn('rto_admin')).caller();
    const created = await admin.admin.units.create({
      unitCode: 'bsbwhs211',
      title: 'Contribute to WHS',
      performanceEvidence: '   ',
    });
    expect(created).toMatchObject({ unitCode: 'BSBWHS211', performanceEvidence: null });
    expect(await admin.admin.units.get({ id: created.id })).toMatchObject({ title: 'Contribute to WHS' });

    const edited = await admin.admin.units.update({
      id: created.id,
      unitCode: 'BSBWHS211',
      title: 'Contribute to health and safety',
      performanceEvidence: pe,
    });
    expect(edited.title).toBe('Contribute to health and safety');
    expect((await admin.admin.units.list()).find((u) => u.id === created.id)).toMatchObject({ taskCount: 0 });

    await admin.admin.units.delete({ id: created.id });
    await expect(admin.admin.units.get({ id: created.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses a duplicate code with 409, on create and on edit', async () => {
    const admin = await (await env.signedIn('rto_admin')).caller();
    await admin.admin.units.create({ unitCode: 'DUPE001', title: 'One' });
    await expect(admin.admin.units.create({ unitCode: 'dupe001', title: 'Two' })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    const other = await admin.admin.units.create({ unitCode: 'DUPE002', title: 'Two' });
    await expect(
      admin.admin.units.update({ id: other.id, unitCode: 'DUPE001', title: 'Two' }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'A unit with code DUPE001 already exists',
    });
  });

  it('refuses a missing title', async () => {
    const admin = await (await env.signedIn('rto_admin')).caller();
    await expect(admin.admin.units.create({ unitCode: 'X1', title: ' ' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('generates tasks and a mapping document from Performance Evidence, replacing the old ones', async () => {
    const admin = await (await env.signedIn('rto_admin')).caller();
    const unit = await admin.admin.units.create({
      unitCode: 'GEN001',
      title: 'Generated',
      performanceEvidence: pe,
    });
    const first = await admin.admin.units.generateTasks({ id: unit.id });
    expect(first.taskCount).toBeGreaterThanOrEqual(4);
    expect(first.message).toBe(`Generated ${first.taskCount} tasks from Performance Evidence`);
    const again = await admin.admin.units.generateTasks({ id: unit.id });
    const { tasks: list, unit: after } = await admin.admin.tasks.list({ unitId: unit.id });
    expect(list).toHaveLength(again.taskCount);
    expect(after.mappingDocument).toContain('completing a job safety analysis form');
    expect(list.flatMap((t) => t.performanceEvidenceMapping)).toContain(
      'reporting an incident to the supervisor',
    );
  });

  it('will not generate without Performance Evidence', async () => {
    const admin = await (await env.signedIn('rto_admin')).caller();
    const unit = await admin.admin.units.create({ unitCode: 'EMPTY01', title: 'Nothing yet' });
    await expect(admin.admin.units.generateTasks({ id: unit.id })).rejects.toMatchObject({
      code: 'UNPROCESSABLE_CONTENT',
    });
  });

  it('never deletes or regenerates over evidence students submitted', async () => {
    const admin = await (await env.signedIn('rto_admin')).caller();
    const unit = await admin.admin.units.create({
      unitCode: 'KEEP001',
      title: 'Keep',
      performanceEvidence: pe,
    });
    await admin.admin.units.generateTasks({ id: unit.id });
    const student = await env.signedIn('student');
    const [task] = (await admin.admin.tasks.list({ unitId: unit.id })).tasks;
    await buildSubmission(env.db, { studentId: student.user.id, taskId: task?.id ?? '' });

    await expect(admin.admin.units.delete({ id: unit.id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('cannot be deleted'),
    });
    await expect(admin.admin.units.generateTasks({ id: unit.id })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await expect(admin.admin.tasks.delete({ taskId: task?.id ?? '' })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    expect(await admin.admin.units.get({ id: unit.id })).toBeTruthy();
  });

  it('fetches a unit from the register', async () => {
    const admin = await (await env.signedIn('rto_admin')).caller();
    const unit = await admin.admin.units.fetchFromRegister({ unitCode: 'sitxfsa005' });
    expect(unit.code).toBe('SITXFSA005');
    expect(unit.performanceEvidence.length).toBeGreaterThan(50);
    await expect(admin.admin.units.fetchFromRegister({ unitCode: 'NOPE42' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('counts units, tasks and students', async () => {
    const admin = await (await env.signedIn('rto_admin')).caller();
    const before = await admin.admin.stats.get();
    await env.signedIn('student');
    await admin.admin.units.create({ unitCode: 'COUNT01', title: 'Counted' });
    const after = await admin.admin.stats.get();
    expect(after.totalStudents).toBe(before.totalStudents + 1);
    expect(after.totalUnits).toBe(before.totalUnits + 1);
    expect(after.totalTasks).toBe(before.totalTasks);
  });
});

describe('admin tasks', () => {
  it('adds, edits, reorders and deletes tasks', async () => {
    const admin = await (await env.signedIn('rto_admin')).caller();
    const unit = await admin.admin.units.create({ unitCode: 'TASKS01', title: 'Tasks' });
    const a = await admin.admin.tasks.create({ unitId: unit.id, title: 'First' });
    expect(a).toMatchObject({ phase: 'Do', evidenceTypes: ['photo'], position: 0 });
    const b = await admin.admin.tasks.create({
      unitId: unit.id,
      title: 'Second',
      description: 'Record a toolbox talk',
      phase: 'Review/Communicate',
      tooltip: 'Everyone can hear you',
      evidenceTypes: ['audio', 'audio', 'pdf'],
    });
    expect(b).toMatchObject({ position: 1, evidenceTypes: ['audio', 'pdf'] });

    const edited = await admin.admin.tasks.update({ taskId: a.id, title: 'First, edited', phase: 'Prepare' });
    expect(edited).toMatchObject({ title: 'First, edited', phase: 'Prepare' });

    const reordered = await admin.admin.tasks.reorder({ unitId: unit.id, taskIds: [b.id, a.id] });
    expect(reordered.map((t) => t.title)).toEqual(['Second', 'First, edited']);
    await expect(admin.admin.tasks.reorder({ unitId: unit.id, taskIds: [b.id] })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });

    await admin.admin.tasks.delete({ taskId: a.id });
    expect((await admin.admin.tasks.list({ unitId: unit.id })).tasks.map((t) => t.id)).toEqual([b.id]);
  });

  it('refuses a bad phase, a bad evidence type, a missing title and unknown ids', async () => {
    const admin = await (await env.signedIn('rto_admin')).caller();
    const unit = await admin.admin.units.create({ unitCode: 'TASKS02', title: 'Tasks' });
    await expect(
      admin.admin.tasks.create({ unitId: unit.id, title: 'x', phase: 'Dance' as 'Do' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(
      admin.admin.tasks.create({ unitId: unit.id, title: 'x', evidenceTypes: ['smell' as 'photo'] }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(admin.admin.tasks.create({ unitId: unit.id, title: '' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    const ghost = '00000000-0000-4000-8000-000000000000';
    await expect(admin.admin.tasks.create({ unitId: ghost, title: 'x' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(admin.admin.tasks.create({ unitId: 'not-a-uuid', title: 'x' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Unit not found',
    });
    await expect(admin.admin.units.get({ id: 'not-a-uuid' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Unit not found',
    });
    // A malformed id among a body's fields is a mistake in the input: 400.
    await expect(
      admin.admin.tasks.reorder({ unitId: unit.id, taskIds: ['not-a-uuid'] }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(admin.admin.tasks.update({ taskId: ghost, title: 'x' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(admin.admin.tasks.delete({ taskId: ghost })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(admin.admin.tasks.reorder({ unitId: ghost, taskIds: [] })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(
      admin.admin.tasks.create({ unitId: unit.id, title: 'x', evidenceTypes: [] }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('Choose at least one evidence type'),
    });
  });

  it('refuses control characters in unit and task text, naming the field, and writes nothing', async () => {
    const admin = await (await env.signedIn('rto_admin')).caller();
    await expect(
      admin.admin.units.create({ unitCode: 'NUL01', title: 'Bad\u0000title' }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('Unit title must not contain control characters'),
    });
    await expect(
      admin.admin.units.create({ unitCode: 'NUL01', title: 'Fine', performanceEvidence: 'one\u0000two' }),
    ).rejects.toMatchObject({
      message: expect.stringContaining('Performance Evidence must not contain control characters'),
    });
    const unit = await admin.admin.units.create({
      unitCode: 'NUL01',
      title: 'Fine',
      performanceEvidence: 'Line one\n  nested\tdetail\r\nLine two',
    });
    expect(unit.performanceEvidence).toBe('Line one\n  nested\tdetail\r\nLine two');
    for (const [field, label] of [
      ['title', 'Task title'],
      ['description', 'Description'],
      ['tooltip', 'Tooltip'],
    ] as const) {
      await expect(
        admin.admin.tasks.create({ unitId: unit.id, title: 'ok', [field]: 'a\u0000b' }),
      ).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: expect.stringContaining(`${label} must not contain control characters`),
      });
    }
    expect((await admin.admin.tasks.list({ unitId: unit.id })).tasks).toEqual([]);
  });

  it('an edit that leaves out the occasion keeps it; null takes the task out of its occasion', async () => {
    const admin = await (await env.signedIn('rto_admin')).caller();
    const unit = await admin.admin.units.create({ unitCode: 'OCC01', title: 'Occasions' });
    const task = await admin.admin.tasks.create({ unitId: unit.id, title: 'Second time', occasion: 2 });
    expect(task.occasion).toBe(2);
    expect(await admin.admin.tasks.update({ taskId: task.id, title: 'Renamed' })).toMatchObject({
      occasion: 2,
    });
    expect(
      await admin.admin.tasks.update({ taskId: task.id, title: 'Renamed', occasion: null }),
    ).toMatchObject({
      occasion: null,
    });
  });
});

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
