import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { currentDeclarationText } from '@evident/db/queries/declarations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from './harness';
import { restAs } from './rest-fixtures';
import { studentInUnit } from './unit-outcome-fixtures';

// Issue 29 §4: the assessment record (and its PDF) holds every unit outcome with its justification and
// the assessor's declaration word for word; a superseded one stays, marked as such.

let env: TestEnv;
let app: Awaited<ReturnType<TestEnv['app']>>;
beforeAll(async () => {
  env = await createTestEnv({ videoConverter: null });
  app = await env.app();
});
afterAll(async () => {
  await app?.close();
  await env?.close();
});

const pdfText = (bytes: Buffer) => {
  const path = join(env.dataDir, 'outcome-record.pdf');
  writeFileSync(path, bytes);
  return execFileSync('pdftotext', ['-raw', path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
};

describe('the unit outcome in the assessment record', () => {
  it('lists the standing outcome with its justification and declaration, then the superseded one', async () => {
    const { unit, student } = await studentInUnit(env);
    const marker = await env.signedIn('assessor', { firstName: 'Priya', lastName: 'Nair' });
    const assessor = await marker.caller();
    const first = await assessor.assessor.unitOutcomes.record({
      studentId: student.id,
      unitId: unit.id,
      outcome: 'not_yet_competent',
      justification: 'The hazard report lacks the controls.',
      remaining: 'Name the controls for each hazard',
      declarationVersion: 1,
    });
    await assessor.assessor.unitOutcomes.record({
      studentId: student.id,
      unitId: unit.id,
      outcome: 'competent',
      justification: 'Controls named and applied on site.',
      declarationVersion: 1,
      replacesOutcomeId: first.id,
    });

    const record = await assessor.staff.records.get({ studentId: student.id, unitId: unit.id });
    expect(record.unitOutcomes.map((o) => [o.outcome, o.supersededAt === null])).toEqual([
      ['not_yet_competent', false],
      ['competent', true],
    ]);

    const response = await restAs(env, app, marker).get(`/api/assessor/reports/${student.id}/${unit.id}.pdf`);
    expect(response.statusCode, response.body).toBe(200);
    const text = pdfText(response.rawPayload);
    const declaration = (await currentDeclarationText(env.db, 'assessor')).text.replace(/\s+/g, ' ');
    const standing = text.indexOf('Unit outcome Competent Recorded');
    const superseded = text.indexOf('Not Yet Competent (superseded)');
    expect(standing).toBeGreaterThan(-1);
    expect(superseded).toBeGreaterThan(standing);
    expect(text).toContain('by Priya Nair, release 2');
    expect(text).toContain('Justification: Controls named and applied on site.');
    expect(text).toContain(`Assessor’s declaration (version 1): ${declaration.slice(0, 60)}`);
    expect(text).toContain('Superseded:');
    expect(text).toContain('Replaced by a later outcome from Priya Nair');
    expect(text).toContain('What remains: Name the controls for each hazard');
  });

  it('says when no outcome is recorded yet', async () => {
    const { unit, student } = await studentInUnit(env, { satisfied: 1 });
    const marker = await env.signedIn('assessor');
    const response = await restAs(env, app, marker).get(`/api/assessor/reports/${student.id}/${unit.id}.pdf`);
    expect(pdfText(response.rawPayload)).toContain('Unit outcome No unit outcome recorded yet.');
  });
});
