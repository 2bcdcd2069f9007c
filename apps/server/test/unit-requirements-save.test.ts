import { diffRequirements } from '@evident/core/requirement-text';
import { listRequirements, mapTaskRequirements } from '@evident/db/queries/unit-requirements';
import { auditEvents, taskRequirements } from '@evident/db/schema';
import { buildTask } from '@evident/db/testing/factories';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeRegister,
  sendJson,
  startFakeRegister,
} from '../../../packages/register/test/fake-register-server';
import { createTestEnv, type TestEnv } from './harness';

// A unit the register revises: release 2 rewords KE 1, adds KE 3 and drops the second PE item.
let current = '1';
const bundle = (revised: boolean) => ({
  items: [
    {
      contentType: 'PerformanceCriteria',
      content: '<p>1. Plan the work</p><p>1.1 Read the job documents</p>',
    },
    {
      contentType: 'PerformanceEvidence',
      content: `<ul><li>plan a job at heights</li>${revised ? '' : '<li>inspect a harness</li>'}</ul>`,
    },
    {
      contentType: 'KnowledgeEvidence',
      content: `<p>The candidate must be able to demonstrate knowledge of:</p><ul><li>${
        revised ? 'fall hazards and their controls' : 'fall hazards'
      }</li><li>rescue, including:<ul><li>suspension trauma</li></ul></li>${revised ? '<li>first aid</li>' : ''}</ul>`,
    },
  ],
});

let register: FakeRegister;
let env: TestEnv;
beforeAll(async () => {
  register = await startFakeRegister({
    '/api/training/REQ29A': (_req, res) =>
      sendJson(res, {
        code: 'REQ29A',
        title: 'Work at heights, revised',
        releases: [{ releaseNumber: current, currency: 'Current' }],
      }),
    '/api/training/REQ29A/releases/1': (_req, res) => sendJson(res, { contentBundles: ['b1'] }),
    '/api/training/REQ29A/releases/2': (_req, res) => sendJson(res, { contentBundles: ['b2'] }),
    '/api/content/bundle/b1': (_req, res) => sendJson(res, bundle(false)),
    '/api/content/bundle/b2': (_req, res) => sendJson(res, bundle(true)),
  });
  env = await createTestEnv({ env: { TGA_BASE_URL: register.baseUrl } });
});
afterAll(async () => {
  await env.close();
  await register.close();
});

describe('a unit saved with the requirements it was fetched with', () => {
  it('holds release 1, then release 2 after a fresh fetch, with unchanged items keeping their tasks', async () => {
    const admin = await (await env.signedIn('rto_admin')).caller();
    const fetched = await admin.admin.units.fetchFromRegister({ unitCode: 'req29a' });
    expect(fetched.release).toBe('1');
    expect(fetched.missingSections).toEqual(['ac', 'fs']);
    expect(fetched.requirements.map((item) => item.key)).toEqual([
      'E 1',
      'PC 1.1',
      'PE 1',
      'PE 2',
      'KE 1',
      'KE 2',
      'KE 2.1',
    ]);
    const unit = await admin.admin.units.create({
      unitCode: fetched.code,
      title: fetched.title,
      performanceEvidence: fetched.performanceEvidence,
      requirements: { release: fetched.release ?? '', items: fetched.requirements },
    });
    expect(unit.release).toBe('1');
    const first = await admin.admin.units.getRequirements({ id: unit.id });
    const itemId = (key: string) =>
      first.sections.flatMap((section) => section.items).find((item) => item.key === key)?.id ?? '';
    const task = await buildTask(env.db, { unitId: unit.id });
    await mapTaskRequirements(env.db, task.id, [
      itemId('PE 1'),
      itemId('PE 2'),
      itemId('KE 1'),
      itemId('KE 2.1'),
    ]);

    current = '2';
    // The kept copy still says release 1; the form's "fetch again" asks the register afresh.
    expect((await admin.admin.units.fetchFromRegister({ unitCode: 'REQ29A' })).release).toBe('1');
    const again = await admin.admin.units.fetchFromRegister({ unitCode: 'REQ29A', fresh: true });
    expect(again.release).toBe('2');
    const before = first.sections.flatMap((section) =>
      section.items.map((item) => ({ ...item, section: section.section })),
    );
    const diff = diffRequirements(before, again.requirements);
    expect(diff.added.map((item) => item.key)).toEqual(['KE 3']);
    expect(diff.removed.map((item) => item.key)).toEqual(['PE 2']);
    expect(diff.reworded.map((change) => change.key)).toEqual(['KE 1']);

    const saved = await admin.admin.units.update({
      id: unit.id,
      unitCode: 'REQ29A',
      title: again.title,
      performanceEvidence: again.performanceEvidence,
      requirements: { release: '2', items: again.requirements },
    });
    expect(saved.release).toBe('2');
    const mapped = await env.db
      .select({ requirementId: taskRequirements.requirementId })
      .from(taskRequirements)
      .where(eq(taskRequirements.taskId, task.id));
    const release2 = await listRequirements(env.db, unit.id, '2');
    const newId = (key: string) => release2.find((row) => row.key === key)?.id;
    expect(mapped.map((row) => row.requirementId).sort()).toEqual(
      [newId('PE 1'), newId('KE 2.1'), itemId('PE 2'), itemId('KE 1')].sort(),
    );
    const [audit] = await env.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subjectId, unit.id))
      .orderBy(desc(auditEvents.createdAt))
      .limit(1);
    expect(audit?.action).toBe('unit.update');
    expect(audit?.detail).toMatchObject({
      changed: expect.arrayContaining(['requirements']),
      requirements: {
        fromRelease: '1',
        release: '2',
        added: ['KE 3'],
        removed: ['PE 2'],
        reworded: ['KE 1'],
        moved: 2,
      },
    });
  });

  it('adds a pasted section to the release it holds, and refuses new words for an item that release has', async () => {
    const admin = await (await env.signedIn('rto_admin')).caller();
    const unit = await admin.admin.units.create({
      unitCode: 'PASTE29',
      title: 'Pasted',
      requirements: {
        release: 'catalogue',
        items: [{ section: 'pe', key: 'PE 1', parentKey: null, text: 'plan' }],
      },
    });
    const pasted = [
      { section: 'pe' as const, key: 'PE 1', parentKey: null, text: 'plan' },
      { section: 'ac' as const, key: 'AC 1', parentKey: null, text: 'a workplace' },
    ];
    await admin.admin.units.update({
      id: unit.id,
      unitCode: 'PASTE29',
      title: 'Pasted',
      requirements: { release: 'catalogue', items: pasted },
    });
    const view = await admin.admin.units.getRequirements({ id: unit.id });
    expect(view.sections.map((section) => section.section)).toEqual(['pe', 'ac']);
    await expect(
      admin.admin.units.update({
        id: unit.id,
        unitCode: 'PASTE29',
        title: 'Pasted',
        requirements: {
          release: 'catalogue',
          items: [{ section: 'pe', key: 'PE 1', parentKey: null, text: 'plan it' }],
        },
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('PE 1 in other words') });
  });
});

describe('deleting a unit', () => {
  it('takes its requirement rows and its tasks mappings with it', async () => {
    const admin = await (await env.signedIn('rto_admin')).caller();
    const unit = await admin.admin.units.create({
      unitCode: 'DEL29',
      title: 'Deleted',
      requirements: { release: '1', items: [{ section: 'pe', key: 'PE 1', parentKey: null, text: 'plan' }] },
    });
    const [item] = (await admin.admin.units.getRequirements({ id: unit.id })).sections[0]?.items ?? [];
    const task = await buildTask(env.db, { unitId: unit.id });
    await mapTaskRequirements(env.db, task.id, [item?.id ?? '']);
    expect(await admin.admin.units.delete({ id: unit.id })).toEqual({ ok: true });
    expect(await listRequirements(env.db, unit.id, '1')).toEqual([]);
  });
});

describe('a unit a student sets up', () => {
  it("holds the catalogue's keyed summary when the register does not list it, and says what is missing", async () => {
    const student = await (await env.signedIn('student')).caller();
    const { unitId } = await student.student.units.setUp({ unitCode: 'RIIWHS204E' });
    const admin = await (await env.signedIn('rto_admin')).caller();
    const view = await admin.admin.units.getRequirements({ id: unitId });
    expect(view.release).toBe('catalogue');
    expect(view.sections.map((section) => section.section)).toEqual(['element', 'pc', 'pe']);
    expect(view.missing.map((section) => section.section)).toEqual(['ke', 'ac', 'fs']);
    expect(view.missing[0]?.reason).toContain('not in the bundled catalogue');
  });
});

describe('bad requirements', () => {
  it('answer 400 with what is wrong, and write nothing', async () => {
    const app = await env.app();
    const admin = await env.signedIn('rto_admin');
    const headers = { cookie: `evident_session=${admin.sessionId}`, 'content-type': 'application/json' };
    const item = { section: 'ke', key: 'KE 1', parentKey: null, text: 'hazards' };
    const cases: [unknown, string][] = [
      [{ release: '1', items: [item, item] }, 'KE 1 appears twice'],
      [{ release: '1', items: [{ ...item, key: 'PC 1.1' }] }, 'PC 1.1 is not a key of its section'],
      [{ release: '1', items: [{ ...item, parentKey: 'KE 9' }] }, 'KE 1 sits under KE 9'],
      [{ release: '1', items: [{ ...item, key: 'KE one' }] }, 'A requirement key looks like'],
      [{ release: 'two!', items: [item] }, 'A release is a number'],
      [{ release: '1', items: [{ ...item, text: '  ' }] }, 'Each requirement needs its text'],
    ];
    for (const [requirements, message] of cases) {
      const answer = await app.inject({
        method: 'POST',
        url: '/api/admin/units',
        headers,
        payload: JSON.stringify({ unitCode: 'BAD29', title: 'Bad', requirements }),
      });
      expect(answer.statusCode, message).toBe(400);
      expect(answer.body).toContain(message);
    }
    expect((await (await admin.caller()).admin.units.list()).some((unit) => unit.unitCode === 'BAD29')).toBe(
      false,
    );
    const missing = await app.inject({
      method: 'PUT',
      url: '/api/admin/units/9a1d0a5e-7d63-4f5e-8d7c-3f1f2f1b0c11',
      headers,
      payload: JSON.stringify({
        unitCode: 'GONE29',
        title: 'Gone',
        requirements: { release: '1', items: [item] },
      }),
    });
    expect(missing.statusCode).toBe(404);
    await app.close();
  });

  it("refuses the catalogue's summary in place of a register release, keeping the register's", async () => {
    const admin = await (await env.signedIn('rto_admin')).caller();
    const unit = await admin.admin.units.create({
      unitCode: 'KEEP29',
      title: 'Kept',
      requirements: { release: '3', items: [{ section: 'pe', key: 'PE 1', parentKey: null, text: 'plan' }] },
    });
    await expect(
      admin.admin.units.update({
        id: unit.id,
        unitCode: 'KEEP29',
        title: 'Kept',
        requirements: {
          release: 'catalogue',
          items: [{ section: 'pe', key: 'PE 1', parentKey: null, text: 'x' }],
        },
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    expect((await admin.admin.units.getRequirements({ id: unit.id })).release).toBe('3');
  });

  it('gives a unit typed by hand Performance Evidence items, release not known', async () => {
    const admin = await (await env.signedIn('rto_admin')).caller();
    const unit = await admin.admin.units.create({
      unitCode: 'TYPED29',
      title: 'Typed',
      performanceEvidence: 'plan a job\n  read the documents\ninspect a harness',
    });
    const view = await admin.admin.units.getRequirements({ id: unit.id });
    expect(view.release).toBe('unknown');
    expect(view.sections[0]?.items.map((item) => [item.key, item.parentKey])).toEqual([
      ['PE 1', null],
      ['PE 1.1', 'PE 1'],
      ['PE 2', null],
    ]);
  });
});
