import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pe } from './curriculum-fixtures';
import { createTestEnv, type TestEnv } from './harness';
import { giveRequirements } from './requirement-mapping-fixtures';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

describe('generated tasks map item keys', () => {
  it('the offline generator maps every task and covers every PC, PE and KE item of the unit', async () => {
    const admin = await (await env.signedIn('rto_admin')).caller();
    const unit = await admin.admin.units.create({
      unitCode: 'GENKEY1',
      title: 'Work safely',
      performanceEvidence: pe,
    });
    await giveRequirements(env.db, unit.id, '1', [
      { section: 'element', key: 'E 1', parentKey: null, text: 'Prepare for work' },
      { section: 'pc', key: 'PC 1.1', parentKey: 'E 1', text: 'Hazards in the work area are checked' },
      { section: 'pc', key: 'PC 1.2', parentKey: 'E 1', text: 'Tools are inspected and tagged' },
      ...pe
        .split('\n')
        .slice(1)
        .map((text, index) => ({
          section: 'pe' as const,
          key: `PE ${index + 1}`,
          parentKey: null,
          text,
        })),
      { section: 'ke', key: 'KE 1', parentKey: null, text: 'workplace safety procedures' },
    ]);
    await admin.admin.units.generateTasks({ id: unit.id });
    const { tasks } = await admin.admin.tasks.list({ unitId: unit.id });
    expect(tasks.every((task) => task.requirementKeys.length > 0)).toBe(true);
    const coverage = await admin.admin.coverage.get({ id: unit.id });
    expect(coverage.uncovered).toEqual([]);
    expect(coverage.counts).toMatchObject({ coverable: 7, covered: 7 });
    // The stored PE texts are those of the PE items each task maps.
    const jsa = tasks.find((task) => task.requirementKeys.includes('PE 3'));
    expect(jsa?.performanceEvidenceMapping).toContain('completing a job safety analysis form');
  });
});
