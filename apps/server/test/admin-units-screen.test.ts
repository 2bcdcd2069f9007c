import { submissions } from '@evident/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from './harness';

// What the admin's units screens are told by the server: enough to warn before a regeneration that
// would be refused, and to keep the catalogue's note out of the text tasks are generated from.

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

describe('the admin units list', () => {
  it('tells the admin how many submissions each unit has', async () => {
    const admin = await (await env.signedIn('rto_admin')).caller();
    const student = await env.signedIn('student');
    const worked = await admin.admin.units.create({
      unitCode: 'SUBS01',
      title: 'Has work',
      performanceEvidence: 'check the ladder before use\nreport a hazard',
    });
    const untouched = await admin.admin.units.create({ unitCode: 'SUBS02', title: 'No work yet' });
    await admin.admin.units.generateTasks({ id: worked.id });
    const [first, second] = (await admin.admin.tasks.list({ unitId: worked.id })).tasks;
    await env.db.insert(submissions).values([
      { studentId: student.user.id, taskId: first?.id ?? '' },
      { studentId: student.user.id, taskId: second?.id ?? '' },
    ]);

    const list = await admin.admin.units.list();
    expect(list.find((unit) => unit.id === worked.id)).toMatchObject({ submissionCount: 2 });
    expect(list.find((unit) => unit.id === untouched.id)).toMatchObject({ submissionCount: 0 });
  });
});

describe('fetching a unit from the register', () => {
  it("gives a catalogue summary's note beside its Performance Evidence, not inside it", async () => {
    const admin = await (await env.signedIn('rto_admin')).caller();
    const unit = await admin.admin.units.fetchFromRegister({ unitCode: 'RIIWHS204E' });

    expect(unit.note).toBe('Summary prepared by Evident; not the official register text.');
    // The form's toast says where the unit came from: this server runs without the register.
    expect(unit.fallbackReason).toBe('this server is set up to work without the national training register');
    expect(unit.performanceEvidence).not.toMatch(/summary prepared|official register/i);
    expect(unit.performanceEvidence.split('\n')[0]).toMatch(/complete a job at heights/);
  });
});
