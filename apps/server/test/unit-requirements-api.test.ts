import { buildRequirement, buildUnit } from '@evident/db/testing/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from './harness';

let env: TestEnv;
let app: Awaited<ReturnType<TestEnv['app']>>;
let headers: Record<string, string>;
beforeAll(async () => {
  env = await createTestEnv();
  app = await env.app();
  const admin = await env.signedIn('rto_admin');
  headers = { cookie: `evident_session=${admin.sessionId}`, 'content-type': 'application/json' };
});
afterAll(async () => {
  await app.close();
  await env.close();
});

const get = (url: string) => app.inject({ method: 'GET', url, headers });

describe('GET /api/admin/units/{id}/requirements', () => {
  it("answers the current release's items section by section, and names the sections it lacks", async () => {
    const unit = await buildUnit(env.db, { release: '2' });
    await buildRequirement(env.db, { unitId: unit.id, release: '1', key: 'PE 1', text: 'old words' });
    await buildRequirement(env.db, { unitId: unit.id, release: '2', key: 'PE 1', text: 'plan' });
    await buildRequirement(env.db, {
      unitId: unit.id,
      release: '2',
      section: 'ke',
      key: 'KE 1',
      text: 'hazards',
    });
    await buildRequirement(env.db, {
      unitId: unit.id,
      release: '2',
      section: 'ke',
      key: 'KE 1.1',
      parentKey: 'KE 1',
      text: 'falls',
    });
    const answer = await get(`/api/admin/units/${unit.id}/requirements`);
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body).toMatchObject({ unitId: unit.id, release: '2', releaseLabel: 'release 2' });
    expect(
      body.sections.map((s: { section: string; items: { key: string }[] }) => [
        s.section,
        s.items.map((i) => i.key),
      ]),
    ).toEqual([
      ['pe', ['PE 1']],
      ['ke', ['KE 1', 'KE 1.1']],
    ]);
    expect(body.sections[1].items[1]).toMatchObject({ parentKey: 'KE 1', text: 'falls' });
    expect(body.missing.map((m: { section: string }) => m.section)).toEqual(['element', 'pc', 'ac', 'fs']);
    expect(body.missing[2].reason).toContain('Release 2');
  });

  it('says a catalogue unit holds no Knowledge Evidence because the bundled catalogue does not', async () => {
    const unit = await buildUnit(env.db, { release: 'catalogue' });
    await buildRequirement(env.db, { unitId: unit.id, release: 'catalogue', key: 'PE 1', text: 'plan' });
    const body = (await get(`/api/admin/units/${unit.id}/requirements`)).json();
    expect(body.releaseLabel).toBe('bundled catalogue summary');
    const ke = body.missing.find((m: { section: string }) => m.section === 'ke');
    expect(ke.reason).toBe(
      "Knowledge Evidence is not in the bundled catalogue: fetch the unit from training.gov.au, or paste the section's text.",
    );
  });

  it('answers 404 for a unit that does not exist, and for an id that cannot be one', async () => {
    for (const id of ['9a1d0a5e-7d63-4f5e-8d7c-3f1f2f1b0c11', 'not-an-id']) {
      const answer = await get(`/api/admin/units/${id}/requirements`);
      expect(answer.statusCode, id).toBe(404);
      expect(answer.body).toContain('Unit not found');
    }
  });

  it('is in the OpenAPI document and refused to anyone but an admin', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const operation = doc.paths['/api/admin/units/{id}/requirements'].get;
    expect(operation.description).toContain('admin.units.getRequirements');
    const assessor = await env.signedIn('assessor');
    const unit = await buildUnit(env.db);
    const refused = await app.inject({
      method: 'GET',
      url: `/api/admin/units/${unit.id}/requirements`,
      headers: { cookie: `evident_session=${assessor.sessionId}` },
    });
    expect(refused.statusCode).toBe(403);
  });
});
