import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restAs } from './rest-fixtures';
import { type ThirdPartyWorld, thirdPartyWorld } from './third-party-fixtures';

// Issue 30 §1: a supervisor's report is in the assessment record and its PDF, labelled
// supplementary, with how the assessor verified it; hostile text stays text.

let world: ThirdPartyWorld;
beforeAll(async () => {
  world = await thirdPartyWorld();
});
afterAll(async () => {
  await world.close();
});

describe('the assessment record of a task a supervisor reported on', () => {
  it('lists the labelled report and its verification in the record and its PDF', async () => {
    const { env, app, unitId, taskIds, student, assessor, askAndReadLink, send, report } = world;
    const { token } = await askAndReadLink('record@acme.example');
    const sent = await send(
      token,
      report({
        items: [
          { taskId: taskIds[0], observed: true, dates: ['2026-03-02'], comment: '=HYPERLINK("http://evil")' },
          { taskId: taskIds[1], observed: false, dates: [], comment: '' },
        ],
      }),
    );
    expect(sent.statusCode, sent.body).toBe(201);
    const rest = restAs(env, app, assessor);
    const [shown] = (
      await rest.get(`/api/assessor/third-party-reports?studentId=${student.user.id}`)
    ).json() as { id: string }[];
    const verified = await rest.post(`/api/assessor/third-party-reports/${shown?.id}/verifications`, {
      method: 'Phone call',
      verifiedOn: new Date().toISOString().slice(0, 10),
      note: 'Sam confirmed',
    });
    expect(verified.statusCode, verified.body).toBe(201);

    const caller = await assessor.caller();
    const record = await caller.staff.records.get({ studentId: student.user.id, unitId });
    const first = record.tasks.find((task) => task.title === 'Operate the forklift');
    expect(first?.thirdPartyReports).toEqual([
      expect.objectContaining({
        label: 'Third-party report (supplementary)',
        supervisorName: 'Sam Boss',
        observed: true,
        dates: ['2026-03-02'],
        comment: '=HYPERLINK("http://evil")',
        verifications: [expect.objectContaining({ method: 'Phone call', assessorName: 'Priya Nair' })],
      }),
    ]);

    const response = await rest.get(`/api/assessor/reports/${student.user.id}/${unitId}.pdf`);
    expect(response.statusCode, response.body).toBe(200);
    const path = join(env.dataDir, 'third-party.pdf');
    writeFileSync(path, response.rawPayload);
    const text = execFileSync('pdftotext', ['-raw', path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain('Third-party reports (supplementary)');
    expect(text).toContain(
      'Third-party report (supplementary): Sam Boss, Warehouse manager at Acme Logistics',
    );
    expect(text).toContain('Observed on 2026-03-02. =HYPERLINK("http://evil")');
    expect(text).toContain('Verified by Priya Nair (Phone call');
    expect(text).toContain('Not observed.');

    // The matrix cell's hover names the report beside the files: the task the supervisor saw done
    // waits for the assessor as a submission of its own, with no file.
    const matrix = (await rest.get(`/api/reports/evidence-matrix?unitId=${unitId}`)).json();
    expect(matrix.submissions[`${student.user.id}-${taskIds[0]}`]).toEqual({
      status: 'submitted',
      fileCount: 0,
      thirdPartyReports: 1,
    });
    const csv = (await rest.get(`/api/reports/evidence-matrix.csv?unitId=${unitId}`)).body;
    expect(csv).toContain('Submitted - 0 files - Third-party report (supplementary)');
  });
});
