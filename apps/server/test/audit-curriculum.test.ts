import { auditEvents } from '@evident/db/schema';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from './harness';

// Issue 28, item 6: the audit trail is an RTO's evidence of who changed its curriculum, so every
// change to a unit or its tasks writes a row with the change, naming the real and the acting person.

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

const pe = `The candidate must demonstrate:
checking the work area for hazards before starting
selecting and fitting personal protective equipment
reporting an incident to the supervisor`;

/** The rows about a unit or task, oldest first. */
async function rowsAbout(subjectId: string) {
  return env.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.subjectId, subjectId))
    .orderBy(asc(auditEvents.createdAt), asc(auditEvents.id));
}

const actions = async (subjectId: string) => (await rowsAbout(subjectId)).map((row) => row.action);

describe('the audit trail records changes to units and tasks', () => {
  it('an admin creating, changing, archiving, restoring and deleting a unit writes a row for each', async () => {
    const admin = await env.signedIn('rto_admin', { firstName: 'Ada', lastName: 'Admin' });
    const caller = await admin.caller();
    const unit = await caller.admin.units.create({ unitCode: 'AUD001', title: 'Audited unit' });
    const [created] = await rowsAbout(unit.id);
    expect(created).toMatchObject({
      action: 'unit.create',
      actorId: admin.user.id,
      actingAsId: null,
      detail: { unitId: unit.id, unitCode: 'AUD001', title: 'Audited unit', actorName: 'Ada Admin' },
    });

    await caller.admin.units.update({ id: unit.id, unitCode: 'AUD001', title: 'Audited unit, renamed' });
    // Saved again unchanged: nothing happened, so nothing is recorded.
    await caller.admin.units.update({ id: unit.id, unitCode: 'AUD001', title: 'Audited unit, renamed' });
    await caller.admin.units.update({ id: unit.id, unitCode: 'AUD002', title: 'Audited unit, renamed' });
    await caller.admin.units.archive({ id: unit.id });
    await caller.admin.units.unarchive({ id: unit.id });
    await caller.admin.units.delete({ id: unit.id });

    const rows = await rowsAbout(unit.id);
    expect(rows.map((row) => row.action)).toEqual([
      'unit.create',
      'unit.update',
      'unit.update',
      'unit.archive',
      'unit.unarchive',
      'unit.delete',
    ]);
    expect(rows[1]?.detail).toMatchObject({ changed: ['title'], title: 'Audited unit, renamed' });
    expect(rows[2]?.detail).toMatchObject({ changed: ['unitCode'], from: 'AUD001', to: 'AUD002' });
    // The deleted unit's row still names it.
    expect(rows[5]?.detail).toMatchObject({ unitCode: 'AUD002', title: 'Audited unit, renamed' });
    for (const row of rows) expect(row.actorId).toBe(admin.user.id);
  });

  it('a refused change records nothing: a duplicate unit code', async () => {
    const caller = await (await env.signedIn('rto_admin')).caller();
    await caller.admin.units.create({ unitCode: 'AUD010', title: 'First' });
    const before = await env.db.select().from(auditEvents).where(eq(auditEvents.action, 'unit.create'));
    await expect(caller.admin.units.create({ unitCode: 'AUD010', title: 'Second' })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    const after = await env.db.select().from(auditEvents).where(eq(auditEvents.action, 'unit.create'));
    expect(after).toHaveLength(before.length);
  });

  it('generating tasks records how many, over how many, for which unit and by which generator', async () => {
    const caller = await (await env.signedIn('rto_admin')).caller();
    const unit = await caller.admin.units.create({
      unitCode: 'AUD020',
      title: 'Generated',
      performanceEvidence: pe,
    });
    const first = await caller.admin.units.generateTasks({ id: unit.id });
    const second = await caller.admin.units.generateTasks({ id: unit.id });
    const generated = (await rowsAbout(unit.id)).filter((row) => row.action === 'task.generate');
    expect(generated.map((row) => row.detail)).toEqual([
      expect.objectContaining({
        unitCode: 'AUD020',
        title: 'Generated',
        taskCount: first.taskCount,
        replaced: 0,
        generator: 'offline rules',
      }),
      expect.objectContaining({ taskCount: second.taskCount, replaced: first.taskCount }),
    ]);
  });

  it('an admin creating, changing, reordering, archiving, restoring and deleting tasks writes a row for each', async () => {
    const admin = await env.signedIn('rto_admin');
    const caller = await admin.caller();
    const unit = await caller.admin.units.create({ unitCode: 'AUD030', title: 'Tasks audited' });
    const task = { description: 'Do it', tooltip: 'Done well' };
    const first = await caller.admin.tasks.create({ unitId: unit.id, title: 'First task', ...task });
    const second = await caller.admin.tasks.create({ unitId: unit.id, title: 'Second task', ...task });
    await caller.admin.tasks.update({ taskId: first.id, title: 'First task, renamed', ...task });
    await caller.admin.tasks.update({ taskId: first.id, title: 'First task, renamed', ...task });
    await caller.admin.tasks.reorder({ unitId: unit.id, taskIds: [second.id, first.id] });
    // The same order again moves nothing.
    await caller.admin.tasks.reorder({ unitId: unit.id, taskIds: [second.id, first.id] });
    await caller.admin.tasks.archive({ taskId: second.id });
    await caller.admin.tasks.unarchive({ taskId: second.id });
    await caller.admin.tasks.delete({ taskId: second.id });

    const firstRows = await rowsAbout(first.id);
    expect(firstRows.map((row) => row.action)).toEqual(['task.create', 'task.update']);
    expect(firstRows[1]?.detail).toMatchObject({
      unitId: unit.id,
      unitCode: 'AUD030',
      unitTitle: 'Tasks audited',
      title: 'First task, renamed',
      changed: ['title'],
    });
    expect(await actions(second.id)).toEqual([
      'task.create',
      'task.archive',
      'task.unarchive',
      'task.delete',
    ]);
    expect((await rowsAbout(second.id)).at(-1)?.detail).toMatchObject({ title: 'Second task' });
    const reordered = (await rowsAbout(unit.id)).filter((row) => row.action === 'task.reorder');
    expect(reordered.map((row) => row.detail.order)).toEqual([['Second task', 'First task, renamed']]);
  });

  it('an admin viewing the app as an assessor is recorded as the actor, acting as the assessor', async () => {
    const admin = await env.signedIn('rto_admin', { firstName: 'Real', lastName: 'Admin' });
    const assessor = await env.signedIn('assessor');
    await (await admin.caller()).admin.impersonation.start({ userId: assessor.user.id });
    const unit = await (await admin.caller()).admin.units.create({ unitCode: 'AUD040', title: 'As someone' });
    const [row] = await rowsAbout(unit.id);
    expect(row).toMatchObject({
      action: 'unit.create',
      actorId: admin.user.id,
      actingAsId: assessor.user.id,
      detail: { actorName: 'Real Admin' },
    });
  });

  it("a student's set-up of a new unit records the unit's creation and its generated tasks", async () => {
    const student = await env.signedIn('student');
    const setUp = await (await student.caller()).student.units.setUp({ unitCode: 'HLTINF006' });
    // One transaction, so one time: the two rows' order is not theirs to keep.
    const rows = await rowsAbout(setUp.unitId);
    expect(rows.map((row) => row.action).sort()).toEqual(['task.generate', 'unit.create']);
    expect(rows.find((row) => row.action === 'task.generate')).toMatchObject({
      actorId: student.user.id,
      detail: {
        unitCode: 'HLTINF006',
        taskCount: setUp.taskCount,
        generator: 'offline rules',
        via: 'student set-up',
      },
    });
    // A second student joins the tasks that exist: nothing about the curriculum changed.
    await (await (await env.signedIn('student')).caller()).student.units.setUp({ unitCode: 'HLTINF006' });
    expect(await rowsAbout(setUp.unitId)).toHaveLength(2);
  });

  it('the Audit screen labels the new rows and filters by their kind', async () => {
    const caller = await (await env.signedIn('rto_admin')).caller();
    await caller.admin.units.create({ unitCode: 'AUD050', title: 'Listed' });
    const page = await caller.admin.audit.list({ kind: 'unit.create', page: 1 });
    expect(page.events.length).toBeGreaterThan(0);
    expect(page.events.every((event) => event.action === 'unit.create')).toBe(true);
    expect(page.events[0]).toMatchObject({ label: 'Unit created', detail: { unitCode: 'AUD050' } });
  });
});
