import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from './harness';
import { refusal } from './refusal';
import { giveRequirements } from './requirement-mapping-fixtures';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

async function unitWithTasks(unitCode: string) {
  const admin = await (await env.signedIn('rto_admin')).caller();
  const unit = await admin.admin.units.create({ unitCode, title: 'Work safely' });
  await giveRequirements(env.db, unit.id);
  const check = await admin.admin.tasks.create({
    unitId: unit.id,
    title: 'Check the area',
    phase: 'Check',
    requirementKeys: ['PC 1.1', 'PE 1', 'KE 1'],
  });
  const report = await admin.admin.tasks.create({
    unitId: unit.id,
    title: 'Report an incident',
    phase: 'Review/Communicate',
    requirementKeys: ['PE 1', 'PE 3', 'AC 1'],
  });
  return { admin, unit, check, report };
}

describe('coverage of a unit', () => {
  it('lists items down and tasks across, ticks the mapped cells and counts what no task covers', async () => {
    const { admin, unit, check, report } = await unitWithTasks('COV001');
    const coverage = await admin.admin.coverage.get({ id: unit.id });
    expect(coverage.tasks.map((task) => task.title)).toEqual(['Check the area', 'Report an incident']);
    expect(coverage.items.map((item) => [item.key, item.coverable, item.taskIds])).toEqual([
      ['E 1', false, []],
      ['PC 1.1', true, [check.id]],
      ['PC 1.2', true, []],
      ['PE 1', true, [check.id, report.id]],
      ['PE 2', true, []],
      ['PE 3', true, [report.id]],
      ['KE 1', true, [check.id]],
      ['KE 2', true, []],
      ['AC 1', false, [report.id]],
    ]);
    expect(coverage.uncovered).toEqual(['PC 1.2', 'PE 2', 'KE 2']);
    expect(coverage.counts).toEqual({ coverable: 7, covered: 4, uncovered: 3, tasks: 2 });
    expect(coverage.mappingDocument).toContain('4 of 7 requirements covered by 2 tasks.');
    expect(coverage.mappingDocument).toContain('Not covered yet: PC 1.2, PE 2, KE 2.');
    expect(coverage.mappingDocument).toMatch(
      /### PE 1 checking the work area for hazards before starting\n\n- \[Check\] Check the area\n- \[Review\/Communicate\] Report an incident/,
    );
  });

  it('an archived task covers nothing; the unit list warns of the items left uncovered', async () => {
    const { admin, unit, report } = await unitWithTasks('COV002');
    await admin.admin.tasks.archive({ taskId: report.id });
    const coverage = await admin.admin.coverage.get({ id: unit.id });
    expect(coverage.tasks).toHaveLength(1);
    expect(coverage.uncovered).toEqual(['PC 1.2', 'PE 2', 'PE 3', 'KE 2']);
    const listed = (await admin.admin.units.list()).find((row) => row.id === unit.id);
    expect(listed?.coverage).toEqual({ coverable: 7, uncovered: 4 });
    const plain = await admin.admin.units.create({ unitCode: 'COV003', title: 'No requirements' });
    expect((await admin.admin.units.list()).find((row) => row.id === plain.id)?.coverage).toBeNull();
  });

  it("counts only the current release: a task still on an older release's item names it and covers nothing", async () => {
    const { admin, unit, check } = await unitWithTasks('COV004');
    await giveRequirements(env.db, unit.id, '2', [
      { section: 'pe', key: 'PE 1', parentKey: null, text: 'checking the work area' },
    ]);
    const coverage = await admin.admin.coverage.get({ id: unit.id });
    expect(coverage.unit.release).toBe('2');
    expect(coverage.counts).toEqual({ coverable: 1, covered: 0, uncovered: 1, tasks: 2 });
    expect(coverage.tasks.find((task) => task.id === check.id)?.olderReleaseItems).toEqual([
      { key: 'PC 1.1', release: '1' },
      { key: 'PE 1', release: '1' },
      { key: 'KE 1', release: '1' },
    ]);
  });

  it('GET /api/admin/units/{id}/coverage and its CSV answer the same grid; an unknown unit is a 404', async () => {
    const { unit } = await unitWithTasks('COV005');
    const app = await env.app();
    const admin = await env.signedIn('rto_admin');
    const headers = { cookie: `evident_session=${admin.sessionId}` };
    const json = await app.inject({ method: 'GET', url: `/api/admin/units/${unit.id}/coverage`, headers });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toMatchObject({
      counts: { coverable: 7, covered: 4 },
      uncovered: ['PC 1.2', 'PE 2', 'KE 2'],
    });
    const csv = await app.inject({ method: 'GET', url: `/api/admin/units/${unit.id}/coverage.csv`, headers });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Section,Key,Requirement,Counted,Tasks covering,[Check] Check the area,[Review/Communicate] Report an incident',
    );
    expect(lines).toContain(
      'Performance Evidence,PE 1,checking the work area for hazards before starting,Yes,2,X,X',
    );
    expect(lines).toContain('Knowledge Evidence,KE 2,hazard controls,Yes,0,,');
    const missing = await app.inject({
      method: 'GET',
      url: '/api/admin/units/00000000-0000-4000-8000-000000000000/coverage',
      headers,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toBe('Unit not found');
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.paths['/api/admin/units/{id}/coverage'].get.description).toContain('admin.coverage.get');
    expect(doc.paths['/api/admin/units/{id}/coverage.csv'].get.description).toContain(
      'admin.coverage.exportCsv',
    );
    await app.close();
  });

  it('a unit whose tasks map its items can still be deleted, and a mapped task too', async () => {
    const { admin, unit, check } = await unitWithTasks('COV007');
    await admin.admin.tasks.delete({ taskId: check.id });
    expect((await admin.admin.coverage.get({ id: unit.id })).counts).toMatchObject({ covered: 2, tasks: 1 });
    await admin.admin.units.delete({ id: unit.id });
    expect(await refusal(admin.admin.coverage.get({ id: unit.id }))).toBe('NOT_FOUND: Unit not found');
  });

  it('is for admins only', async () => {
    const { unit } = await unitWithTasks('COV006');
    const assessor = await (await env.signedIn('assessor')).caller();
    expect(await refusal(assessor.admin.coverage.get({ id: unit.id }))).toMatch(/^FORBIDDEN/);
  });
});
