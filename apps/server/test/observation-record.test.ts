import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildEnrolment, buildRequirement, buildTask, buildUnit } from '@evident/db/testing/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from './harness';
import { sessionCookie } from './rest-fixtures';

// Issue 29 §5: an observation checklist is evidence in the assessment record, and so in its PDF.

let env: TestEnv;
let app: Awaited<ReturnType<TestEnv['app']>>;
beforeAll(async () => {
  env = await createTestEnv({ videoConverter: null });
  app = await env.app();
});
afterAll(async () => {
  await app.close();
  await env.close();
});

describe('the assessment record of a task observed at work', () => {
  it('lists the observation with who, when, where, how long, the signature and each item, in the record and its PDF', async () => {
    const unit = await buildUnit(env.db, { release: '2' });
    const task = await buildTask(env.db, { unitId: unit.id, title: 'Operate the forklift' });
    await buildRequirement(env.db, {
      unitId: unit.id,
      release: '2',
      section: 'pc',
      key: 'PC 1.1',
      text: 'Check the work area for hazards',
      taskIds: [task.id],
    });
    await buildRequirement(env.db, {
      unitId: unit.id,
      release: '2',
      section: 'pe',
      key: 'PE 1',
      text: 'Operate the forklift on two occasions',
      taskIds: [task.id],
    });
    const student = await env.signedIn('student', { firstName: 'Jordan', lastName: 'Lee' });
    await buildEnrolment(env.db, { studentId: student.user.id, unitId: unit.id });
    const assessor = await env.signedIn('assessor', { firstName: 'Priya', lastName: 'Nair' });
    const caller = await assessor.caller();
    await caller.assessor.observations.record({
      studentId: student.user.id,
      taskId: task.id,
      observedOn: '2026-03-02',
      place: 'Warehouse 2',
      durationMinutes: 40,
      signedName: 'Priya Nair',
      items: [
        { key: 'PC 1.1', result: 'observed', note: 'Walked the aisles first' },
        { key: 'PE 1', result: 'not_applicable' },
      ],
      clientKey: 'record-test',
    });

    const record = await caller.staff.records.get({ studentId: student.user.id, unitId: unit.id });
    expect(record.tasks[0]?.status).toBe('submitted');
    expect(record.tasks[0]?.observations).toEqual([
      expect.objectContaining({
        assessorName: 'Priya Nair',
        observedOn: '2026-03-02',
        place: 'Warehouse 2',
        durationMinutes: 40,
        signedName: 'Priya Nair',
        unitRelease: '2',
        items: [
          {
            key: 'PC 1.1',
            text: 'Check the work area for hazards',
            result: 'observed',
            note: 'Walked the aisles first',
          },
          {
            key: 'PE 1',
            text: 'Operate the forklift on two occasions',
            result: 'not_applicable',
            note: null,
          },
        ],
      }),
    ]);

    // The Evidence Matrix's cell holds the checklist and no file: it says so, and so does its CSV.
    const matrix = await caller.staff.evidenceMatrix.get({ unitId: unit.id });
    expect(matrix.submissions[`${student.user.id}-${task.id}`]).toEqual({
      status: 'submitted',
      fileCount: 0,
      observations: 1,
    });
    const csv = await caller.staff.evidenceMatrix.exportCsv({ unitId: unit.id });
    expect(csv.content).toContain('Submitted - 1 observation');
    expect(csv.content).not.toContain('0 files');

    const response = await app.inject({
      method: 'GET',
      url: `/api/assessor/reports/${student.user.id}/${unit.id}.pdf`,
      headers: { cookie: sessionCookie(env, assessor) },
    });
    expect(response.statusCode, response.body).toBe(200);
    const path = join(env.dataDir, 'observed.pdf');
    writeFileSync(path, response.rawPayload);
    const text = execFileSync('pdftotext', ['-raw', path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain('Observations Observation by Priya Nair');
    expect(text).toContain(
      'Observed 2026-03-02 at Warehouse 2, 40 minutes, against unit release 2. Signed Priya Nair',
    );
    expect(text).toContain('Item Requirement Result Note');
    expect(text).toContain('PC 1.1 Check the work area for hazards Observed Walked the aisles first');
    expect(text).toContain('PE 1 Operate the forklift on two occasions Not applicable');
  });
});
