import { auditEvents, validationReviews, validationRounds } from '@evident/db/schema';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawAcrossAssessors } from '../../../packages/api/src/routers/admin/validation-sample';
import { createTestEnv, type TestEnv } from './harness';
import { jsonHeaders, restAs, sessionCookie } from './rest-fixtures';
import { studentsJudgedByPriya } from './validation-fixtures';

// Issue 30 §2: a validation round samples a unit's completed students, its validators hold recorded
// credentials (one a Credential Policy one), and no one validates a judgement they made.

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

const put = (client: { sessionId: string | null }, url: string, body: unknown) =>
  app.inject({
    method: 'PUT',
    url,
    headers: { cookie: sessionCookie(env, client), ...jsonHeaders },
    payload: JSON.stringify(body),
  });

const countRows = async () => ({
  rounds: (await env.db.select().from(validationRounds)).length,
  reviews: (await env.db.select().from(validationReviews)).length,
});

describe('validation rounds', () => {
  it('refuses validators without credentials or a Credential Policy one, a sample too large, and a validator reviewing their own judgement', async () => {
    const { marker, students, unitId } = await studentsJudgedByPriya(env, app, [
      { firstName: 'Ana', judged: true },
      { firstName: 'Bo', judged: true },
      { firstName: 'Cy', judged: false },
    ]);
    const [ana, , cy] = students;

    const adminClient = await env.signedIn('rto_admin', { firstName: 'Ada', lastName: 'Admin' });
    const rest = restAs(env, app, adminClient);
    const valClient = await env.signedIn('assessor', { firstName: 'Val', lastName: 'Idator' });
    const val = valClient.user.id;
    const round = { unitId, sampleSize: 2, validatorIds: [val, marker.user.id] };

    // No credential recorded for either: refused, nothing written.
    const before = await countRows();
    const bare = await rest.post('/api/admin/validation-rounds', round);
    expect(bare.statusCode, bare.body).toBe(400);
    expect(bare.body).toContain('Val Idator has no credential recorded');

    // Credentials recorded, but none the Credential Policy names.
    for (const id of [val, marker.user.id]) {
      const added = await rest.post(`/api/admin/users/${id}/credentials`, {
        code: 'bsb50120',
        title: 'Diploma of Business',
        heldOn: '2019-06-30',
      });
      expect(added.statusCode, added.body).toBe(201);
      expect(added.json()).toMatchObject({ code: 'BSB50120', meetsCredentialPolicy: false });
    }
    const noPolicy = await rest.post('/api/admin/validation-rounds', round);
    expect(noPolicy.statusCode, noPolicy.body).toBe(400);
    expect(noPolicy.body).toContain('TAE40122, TAE40116, TAE40110');

    const tae = await rest.post(`/api/admin/users/${val}/credentials`, {
      code: 'TAE40122',
      title: 'Certificate IV in Training and Assessment',
      heldOn: '2023-02-01',
    });
    expect(tae.statusCode, tae.body).toBe(201);
    const listed = await rest.get(`/api/admin/users/${val}/credentials`);
    expect((listed.json() as { code: string }[]).map((c) => c.code)).toEqual(['BSB50120', 'TAE40122']);

    // Two completed (Cy is not): three is too many, as a number or as a share; Cy cannot be chosen.
    const tooMany = await rest.post('/api/admin/validation-rounds', { ...round, sampleSize: 3 });
    expect(tooMany.statusCode, tooMany.body).toBe(400);
    expect(tooMany.body).toContain('2 students have completed this unit');
    const notDone = await rest.post('/api/admin/validation-rounds', {
      unitId,
      studentIds: [cy?.student.user.id],
      validatorIds: [val],
    });
    expect(notDone.statusCode, notDone.body).toBe(400);
    expect(await countRows()).toEqual(before);

    const made = await rest.post('/api/admin/validation-rounds', {
      ...round,
      sampleSize: undefined,
      samplePercent: 100,
    });
    expect(made.statusCode, made.body).toBe(201);
    const { id } = made.json() as { id: string };
    const got = await rest.get(`/api/admin/validation-rounds/${id}`);
    expect(got.statusCode, got.body).toBe(200);
    const view = got.json() as {
      sample: { studentId: string; judgedBy: { name: string }[]; reviewableBy: string[] }[];
      validators: { name: string; meetsCredentialPolicy: boolean }[];
      progress: { done: number; expected: number };
    };
    expect(view.sample).toHaveLength(2);
    for (const record of view.sample) {
      expect(record.judgedBy.map((j) => j.name)).toEqual(['Priya Nair']);
      expect(record.reviewableBy).toEqual([val]);
    }
    expect(view.validators.map((v) => v.meetsCredentialPolicy).sort()).toEqual([false, true]);
    expect(view.progress).toEqual({ done: 0, expected: 2 });
    const anaId = ana?.student.user.id as string;

    // Priya judged Ana's work: she may not review it; someone not in the round may not either.
    const own = await restAs(env, app, marker).post(`/api/validation-rounds/${id}/reviews`, {
      studentId: anaId,
      agrees: true,
      reason: 'Looks right to me.',
    });
    expect(own.statusCode, own.body).toBe(403);
    expect(own.body).toContain('You made a judgement in this record');
    const outsider = await env.signedIn('assessor');
    const stranger = await restAs(env, app, outsider).post(`/api/validation-rounds/${id}/reviews`, {
      studentId: anaId,
      agrees: true,
      reason: 'Fine.',
    });
    expect(stranger.statusCode).toBe(403);
    const notSampled = await restAs(env, app, valClient).post(`/api/validation-rounds/${id}/reviews`, {
      studentId: cy?.student.user.id,
      agrees: true,
      reason: 'Fine.',
    });
    expect(notSampled.statusCode).toBe(400);
    const noReason = await restAs(env, app, valClient).post(`/api/validation-rounds/${id}/reviews`, {
      studentId: anaId,
      agrees: false,
    });
    expect(noReason.statusCode).toBe(400);
    expect((await countRows()).reviews).toBe(before.reviews);

    // Val reviews Ana's record once (a second time is a conflict), and the tool.
    const valRest = restAs(env, app, valClient);
    const review = await valRest.post(`/api/validation-rounds/${id}/reviews`, {
      studentId: anaId,
      agrees: false,
      reason: 'Task 2 shows the procedure once, the unit asks for three occasions.',
    });
    expect(review.statusCode, review.body).toBe(201);
    const again = await valRest.post(`/api/validation-rounds/${id}/reviews`, {
      studentId: anaId,
      agrees: true,
      reason: 'Changed my mind.',
    });
    expect(again.statusCode).toBe(409);
    const tool = await valRest.post(`/api/validation-rounds/${id}/reviews`, {
      findings: 'Coverage misses one knowledge evidence item.',
      recommendedChanges: 'Add a question on infection control.',
    });
    expect(tool.statusCode, tool.body).toBe(201);

    // The validator sees the round among theirs; the progress counts record reviews.
    const mine = await valRest.get('/api/validation-rounds');
    expect((mine.json() as { id: string }[]).map((r) => r.id)).toContain(id);
    const theirs = (await valRest.get(`/api/validation-rounds/${id}`)).json() as typeof view & {
      reviews: { agrees: boolean | null; findings: string | null }[];
    };
    expect(theirs.progress).toEqual({ done: 1, expected: 2 });
    expect(theirs.reviews.map((r) => r.agrees)).toEqual([false, null]);
    expect((await restAs(env, app, outsider).get(`/api/validation-rounds/${id}`)).statusCode).toBe(404);

    const trail = await env.db.select().from(auditEvents).where(like(auditEvents.action, 'validation.%'));
    expect(trail.map((e) => e.action).sort()).toEqual([
      'validation.reviewed',
      'validation.reviewed',
      'validation.round-created',
    ]);
    const credentialTrail = await env.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'credential.added'));
    expect(credentialTrail).toHaveLength(3);

    // The unit's plan: next due at most five years on; a medium or high risk needs its reason.
    const planUrl = `/api/admin/units/${unitId}/validation-plan`;
    const late = await put(adminClient, planUrl, {
      lastValidatedOn: '2024-03-01',
      nextDueOn: '2029-03-02',
      risk: 'low',
    });
    expect(late.statusCode, late.body).toBe(400);
    expect(late.body).toContain('no later than 2029-03-01');
    const noWhy = await put(adminClient, planUrl, {
      lastValidatedOn: '2024-03-01',
      nextDueOn: '2026-03-01',
      risk: 'high',
    });
    expect(noWhy.statusCode).toBe(400);
    const plan = await put(adminClient, planUrl, {
      lastValidatedOn: '2024-03-01',
      nextDueOn: '2026-03-01',
      risk: 'high',
      riskReason: 'New assessors this year.',
    });
    expect(plan.statusCode, plan.body).toBe(200);
    expect((await rest.get(planUrl)).json()).toMatchObject({ nextDueOn: '2026-03-01', risk: 'high' });
  });

  it('draws a sample spread across assessors', () => {
    const lead = new Map([
      ['a1', 'A'],
      ['a2', 'A'],
      ['a3', 'A'],
      ['b1', 'B'],
      ['b2', 'B'],
    ]);
    for (let i = 0; i < 20; i++) {
      const sample = drawAcrossAssessors(lead, 4);
      expect(new Set(sample).size).toBe(4);
      expect(sample.filter((s) => s.startsWith('a'))).toHaveLength(2);
    }
    expect(() => drawAcrossAssessors(lead, 6)).toThrow();
  });
});
