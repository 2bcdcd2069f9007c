import { expect, request } from '@playwright/test';
import type { ClassScopeServer } from './class-scope-server';
import { admin } from './e2e-env';
import { ok, registeredOn, uploadPhoto } from './side-server-people';

const registered = (url: string, firstName: string, lastName: string, role: 'student' | 'assessor') =>
  registeredOn(
    url,
    { firstName, lastName, role },
    { domain: 'retention.test', password: 'retention-e2e-password' },
  );

export type RetentionCohort = {
  unitId: string;
  unitCode: string;
  /** Whose records are disposed of, and whose a legal hold keeps. */
  dora: { id: string; name: string };
  hugo: { id: string; name: string };
  /** An audit pack holding Dora's records, built. */
  packId: string;
};

/**
 * Issue 30 §4: a unit with one task, two students whose photo an assessor judged satisfactory and
 * whose Competent outcome is then moved 25 months back in the database (as the server's retention
 * tests do), so both are past the two-year period; and an audit pack of Dora's records, built.
 */
export async function seedRecordsPastTheirPeriod(server: ClassScopeServer): Promise<RetentionCohort> {
  const adminContext = await request.newContext({ baseURL: server.url });
  await ok(await adminContext.post('/api/auth/login', { data: admin }));
  const unitCode = 'RET101';
  const unit = await ok<{ id: string }>(
    await adminContext.post('/api/admin/units', { data: { unitCode, title: 'Use ladders safely' } }),
  );
  await ok(
    await adminContext.post(`/api/admin/units/${unit.id}/tasks`, {
      data: { title: 'Check the ladder', phase: 'Do', evidenceTypes: ['photo'] },
    }),
  );
  const dora = await registered(server.url, 'Dora', 'Disposed', 'student');
  const hugo = await registered(server.url, 'Hugo', 'Held', 'student');
  for (const [index, student] of [dora, hugo].entries()) {
    await ok(await student.context.post('/api/units/generate-tasks', { data: { unitCode } }));
    const tasks = await ok<{ id: string; unitCode: string }[]>(
      await student.context.get('/api/student/tasks'),
    );
    const task = tasks.find((candidate) => candidate.unitCode === unitCode);
    if (!task) throw new Error('the unit has no tasks');
    await uploadPhoto(student.context, task.id, index * 80);
  }

  const assessor = await registered(server.url, 'Ari', 'Assessor', 'assessor');
  const { version } = await ok<{ version: number }>(await assessor.context.get('/api/assessor/declaration'));
  const waiting = await ok<{ id: string }[]>(await assessor.context.get('/api/assessor/submissions'));
  await ok(
    await assessor.context.post('/api/assessor/grade', {
      data: { submissionIds: waiting.map((s) => s.id), status: 'satisfactory', declarationVersion: version },
    }),
  );
  for (const student of [dora, hugo]) {
    await ok(
      await assessor.context.post('/api/assessor/unit-outcomes', {
        data: {
          studentId: student.id,
          unitId: unit.id,
          outcome: 'competent',
          justification: 'The ladder check was shown at work.',
          declarationVersion: version,
        },
      }),
    );
  }
  await server.sql`
    update unit_outcomes set created_at = now() - interval '25 months' where unit_id = ${unit.id}`;

  const pack = await ok<{ id: string }>(
    await adminContext.post('/api/admin/audit-packs', { data: { unitId: unit.id, studentIds: [dora.id] } }),
  );
  await expect
    .poll(
      async () =>
        (await ok<{ status: string }>(await adminContext.get(`/api/admin/audit-packs/${pack.id}`))).status,
      { timeout: 60_000 },
    )
    .toBe('ready');

  for (const person of [dora, hugo, assessor]) await person.context.dispose();
  await adminContext.dispose();
  return {
    unitId: unit.id,
    unitCode,
    dora: { id: dora.id, name: 'Dora Disposed' },
    hugo: { id: hugo.id, name: 'Hugo Held' },
    packId: pack.id,
  };
}
