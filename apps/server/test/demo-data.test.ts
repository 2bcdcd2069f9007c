import { listStudentTasks } from '@evident/db/queries/tasks';
import { findUserByEmail } from '@evident/db/queries/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../src/demo-data';
import { createTestEnv, type TestEnv } from './harness';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

describe('demo data', () => {
  it('seeds people and the three example units with generated tasks, once', async () => {
    const people = await seedDemoData(env.services);
    expect(people.map((p) => p.role).sort()).toEqual([
      'assessor',
      'rto_admin',
      'student',
      'student',
      'student',
    ]);
    const jordan = await findUserByEmail(env.db, 'jordan@demo.evident.local');
    const tasks = await listStudentTasks(env.db, jordan?.id ?? '');
    expect(new Set(tasks.map((t) => t.unitCode))).toEqual(new Set(['RIIWHS204E', 'HLTINF006', 'SITXFSA005']));
    const admin = await env.sessionFor(people.find((p) => p.role === 'rto_admin')?.id ?? '');
    expect((await (await admin.caller()).admin.stats()).totalUnits).toBe(3);

    expect(await seedDemoData(env.services)).toEqual([]);
  });
});
