import { buildSubmission } from '@evident/db/testing/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pe } from './curriculum-fixtures';
import { createTestEnv, type TestEnv } from './harness';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

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
