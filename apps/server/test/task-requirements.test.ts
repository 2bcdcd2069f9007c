import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from './harness';
import { refusal } from './refusal';
import { giveRequirements } from './requirement-mapping-fixtures';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

async function adminWithUnit(unitCode: string) {
  const admin = await (await env.signedIn('rto_admin')).caller();
  const unit = await admin.admin.units.create({ unitCode, title: 'Work safely' });
  await giveRequirements(env.db, unit.id);
  return { admin, unit };
}

describe('a task maps requirement items of its unit', () => {
  it('admin maps criteria, PE and KE by key; the PE texts are derived from the PE items', async () => {
    const { admin, unit } = await adminWithUnit('MAP001');
    const task = await admin.admin.tasks.create({
      unitId: unit.id,
      title: 'Check the area',
      requirementKeys: ['KE 1', 'PE 1', 'PC 1.1'],
    });
    // In the unit's order, whatever order they were sent in.
    expect(task.requirementKeys).toEqual(['PC 1.1', 'PE 1', 'KE 1']);
    expect(task.requirements.every((item) => item.release === '1' && item.current)).toBe(true);
    expect(task.performanceEvidenceMapping).toEqual(['checking the work area for hazards before starting']);
    const { tasks } = await admin.admin.tasks.list({ unitId: unit.id });
    expect(tasks[0]?.requirementKeys).toEqual(['PC 1.1', 'PE 1', 'KE 1']);
  });

  it('a key the unit does not have is a 400 naming it, and nothing is written', async () => {
    const { admin, unit } = await adminWithUnit('MAP002');
    expect(
      await refusal(
        admin.admin.tasks.create({
          unitId: unit.id,
          title: 'Bad',
          requirementKeys: ['PC 1.1', 'PC 9.9', 'KE 7'],
        }),
      ),
    ).toBe(
      "BAD_REQUEST: PC 9.9, KE 7 are not requirements of MAP002 (release 1): choose from the unit's requirements",
    );
    expect((await admin.admin.tasks.list({ unitId: unit.id })).tasks).toEqual([]);

    const task = await admin.admin.tasks.create({
      unitId: unit.id,
      title: 'Good',
      requirementKeys: ['PE 2'],
    });
    expect(
      await refusal(
        admin.admin.tasks.update({ taskId: task.id, title: 'Changed', requirementKeys: ['PE 4'] }),
      ),
    ).toBe(
      "BAD_REQUEST: PE 4 is not a requirement of MAP002 (release 1): choose from the unit's requirements",
    );
    const [kept] = (await admin.admin.tasks.list({ unitId: unit.id })).tasks;
    expect(kept).toMatchObject({ title: 'Good', requirementKeys: ['PE 2'] });
  });

  it('a key of another unit is refused over REST with a 400 that names it', async () => {
    const { unit } = await adminWithUnit('MAP003');
    const other = await adminWithUnit('MAP004');
    await giveRequirements(env.db, other.unit.id, '2', [
      { section: 'pe', key: 'PE 9', parentKey: null, text: 'only in the other unit' },
    ]);
    const app = await env.app();
    const admin = await env.signedIn('rto_admin');
    const answer = await app.inject({
      method: 'POST',
      url: `/api/admin/units/${unit.id}/tasks`,
      headers: { cookie: `evident_session=${admin.sessionId}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ title: 'Cross unit', requirementKeys: ['PE 9'] }),
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain('PE 9 is not a requirement of MAP003');
    const malformed = await app.inject({
      method: 'POST',
      url: `/api/admin/units/${unit.id}/tasks`,
      headers: { cookie: `evident_session=${admin.sessionId}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ title: 'Not a key', requirementKeys: ['hazards'] }),
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).toContain('A requirement key looks like "PC 1.1" or "KE 3"');
    await app.close();
  });

  it("the spec's callers still map by Performance Evidence text, which becomes the PE item", async () => {
    const { admin, unit } = await adminWithUnit('MAP005');
    const task = await admin.admin.tasks.create({
      unitId: unit.id,
      title: 'Fill in the JSA',
      performanceEvidenceMapping: ['Completing a job safety analysis form.'],
      requirementKeys: ['KE 2'],
    });
    expect(task.requirementKeys).toEqual(['PE 2', 'KE 2']);
    expect(task.performanceEvidenceMapping).toEqual(['completing a job safety analysis form']);
    // Texts alone replace the PE items and keep the others.
    const changed = await admin.admin.tasks.update({
      taskId: task.id,
      title: 'Fill in the JSA',
      performanceEvidenceMapping: ['reporting an incident to the supervisor'],
    });
    expect(changed.requirementKeys).toEqual(['PE 3', 'KE 2']);
    expect(changed.performanceEvidenceMapping).toEqual(['reporting an incident to the supervisor']);
    // An edit that names no mapping keeps it.
    const renamed = await admin.admin.tasks.update({ taskId: task.id, title: 'Renamed' });
    expect(renamed.requirementKeys).toEqual(['PE 3', 'KE 2']);
    expect(
      await refusal(
        admin.admin.tasks.update({ taskId: task.id, title: 'x', performanceEvidenceMapping: ['juggling'] }),
      ),
    ).toContain('"juggling" is not one of MAP005\'s Performance Evidence items');
  });

  it('a unit with no requirements yet keeps the texts it is given, as before', async () => {
    const admin = await (await env.signedIn('rto_admin')).caller();
    const unit = await admin.admin.units.create({ unitCode: 'MAP006', title: 'Old style' });
    const task = await admin.admin.tasks.create({
      unitId: unit.id,
      title: 'Old',
      performanceEvidenceMapping: ['anything the admin wrote'],
    });
    expect(task).toMatchObject({
      requirementKeys: [],
      performanceEvidenceMapping: ['anything the admin wrote'],
    });
    expect(
      await refusal(admin.admin.tasks.create({ unitId: unit.id, title: 'Keyed', requirementKeys: ['PE 1'] })),
    ).toBe("BAD_REQUEST: PE 1 is not a requirement of MAP006: choose from the unit's requirements");
  });

  it("an older release's item stays mapped, marked with its release, until the admin maps another", async () => {
    const { admin, unit } = await adminWithUnit('MAP007');
    const task = await admin.admin.tasks.create({
      unitId: unit.id,
      title: 'Hazards',
      requirementKeys: ['PE 1', 'KE 1'],
    });
    // Release 2 rewords the unit and drops KE 1.
    await giveRequirements(env.db, unit.id, '2', [
      { section: 'pe', key: 'PE 1', parentKey: null, text: 'checking the work area for hazards' },
      { section: 'ke', key: 'KE 2', parentKey: null, text: 'hazard controls' },
    ]);
    const [listed] = (await admin.admin.tasks.list({ unitId: unit.id })).tasks;
    expect(listed?.requirements).toEqual([
      { key: 'PE 1', release: '1', section: 'pe', current: false },
      { key: 'KE 1', release: '1', section: 'ke', current: false },
    ]);
    // Sending the keys back keeps KE 1 of release 1 and moves PE 1 to release 2.
    const saved = await admin.admin.tasks.update({
      taskId: task.id,
      title: 'Hazards',
      requirementKeys: ['PE 1', 'KE 1'],
    });
    expect(saved.requirements).toEqual([
      { key: 'KE 1', release: '1', section: 'ke', current: false },
      { key: 'PE 1', release: '2', section: 'pe', current: true },
    ]);
    expect(saved.performanceEvidenceMapping).toEqual(['checking the work area for hazards']);
  });

  it('records the changed mapping in the audit trail', async () => {
    const { admin, unit } = await adminWithUnit('MAP008');
    const task = await admin.admin.tasks.create({
      unitId: unit.id,
      title: 'Audit me',
      requirementKeys: ['PE 1'],
    });
    await admin.admin.tasks.update({
      taskId: task.id,
      title: 'Audit me',
      requirementKeys: ['PE 1', 'PC 1.2'],
    });
    const { events } = await admin.admin.audit.list({ page: 1 });
    const update = events.find((event) => event.action === 'task.update');
    expect(update?.detail).toMatchObject({ changed: ['requirementKeys'] });
  });
});
