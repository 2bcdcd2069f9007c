import { auditEvents, users, validationReviews, validationRounds } from '@evident/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from './harness';
import { newestMailTo } from './mail-fixtures';
import { restAs } from './rest-fixtures';
import { studentsJudgedByPriya } from './validation-fixtures';

// Issue 30 §2: validators who are not assessors get a validator role that sees only their rounds.
// An admin adds one (mailed a set-password link), records their credential and names them in a
// round (mailed its link); they open each sampled record's evidence and review it, and nothing else.

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

const rowCounts = async () => ({
  users: (await env.db.select().from(users)).length,
  rounds: (await env.db.select().from(validationRounds)).length,
  reviews: (await env.db.select().from(validationReviews)).length,
});

describe('the validator role', () => {
  it('is added by an admin, mailed, named in a round, opens its sampled records and reviews them, and sees nothing else', async () => {
    const {
      marker,
      students: sampled,
      unitId,
    } = await studentsJudgedByPriya(env, app, [
      { firstName: 'Ana', judged: true },
      { firstName: 'Bo', judged: true },
    ]);
    const anaId = sampled[0]?.student.user.id as string;
    const adminClient = await env.signedIn('rto_admin', { firstName: 'Ada', lastName: 'Admin' });
    const admin = restAs(env, app, adminClient);

    // The admin adds Vera as a validator; a taken email or another role is refused, nothing written.
    const vera = { firstName: 'Vera', lastName: 'Lidator', email: 'vera@validators.example' };
    const before = await rowCounts();
    const taken = await admin.post('/api/admin/users', { ...vera, email: marker.user.email });
    expect(taken.statusCode, taken.body).toBe(409);
    const notValidator = await admin.post('/api/admin/users', { ...vera, role: 'rto_admin' });
    expect(notValidator.statusCode).toBe(400);
    expect(await rowCounts()).toEqual(before);
    const added = await admin.post('/api/admin/users', vera);
    expect(added.statusCode, added.body).toBe(201);
    const veraId = (added.json() as { id: string; role: string }).id;
    expect(added.json()).toMatchObject({ role: 'validator' });

    // Her mail sets her password; then she signs in as a validator.
    const invitation = await newestMailTo(env, vera.email, 'You are a validator');
    expect(invitation?.text).toContain('Ada Admin has made you a validator');
    const token = new URL(
      invitation?.text.match(/https?:\/\/\S+reset-password\?token=\S+/)?.[0] ?? '',
    ).searchParams.get('token');
    const reset = await env.browser().caller();
    await reset.auth.password.reset({ token: token ?? '', password: 'a validator password' });
    const veraBrowser = env.browser();
    const signedIn = await (await veraBrowser.caller()).auth.session.login({
      email: vera.email,
      password: 'a validator password',
    });
    expect(signedIn.user.role).toBe('validator');
    const veraRest = restAs(env, app, veraBrowser);

    // Named in a round (her TAE40122 meets the Credential Policy), she is mailed its link.
    const credential = await admin.post(`/api/admin/users/${veraId}/credentials`, {
      code: 'TAE40122',
      title: 'Certificate IV in Training and Assessment',
      heldOn: '2024-03-01',
    });
    expect(credential.statusCode, credential.body).toBe(201);
    const made = await admin.post('/api/admin/validation-rounds', {
      unitId,
      sampleSize: 2,
      validatorIds: [veraId],
    });
    expect(made.statusCode, made.body).toBe(201);
    const roundId = (made.json() as { id: string }).id;
    const roundMail = await newestMailTo(env, vera.email, 'Validation round');
    expect(roundMail?.text).toContain(`/validation/${roundId}`);
    expect(roundMail?.text).toContain('the assessment records of 2 students');

    // A round she is not in: another validator's, on the same unit.
    const other = await env.signedIn('assessor', { firstName: 'Olu', lastName: 'Other' });
    await admin.post(`/api/admin/users/${other.user.id}/credentials`, {
      code: 'TAE40116',
      title: 'Certificate IV in Training and Assessment',
      heldOn: '2018-03-01',
    });
    const otherRound = await admin.post('/api/admin/validation-rounds', {
      unitId,
      sampleSize: 1,
      validatorIds: [other.user.id],
    });
    expect(otherRound.statusCode, otherRound.body).toBe(201);
    const otherId = (otherRound.json() as { id: string }).id;

    // Her rounds: this one only. Its sampled records open with their evidence, files and PDF.
    const mine = (await veraRest.get('/api/validation-rounds')).json() as { id: string }[];
    expect(mine.map((r) => r.id)).toEqual([roundId]);
    expect((await veraRest.get(`/api/validation-rounds/${roundId}`)).statusCode).toBe(200);
    const record = await veraRest.get(`/api/validation-rounds/${roundId}/records/${anaId}`);
    expect(record.statusCode, record.body).toBe(200);
    const opened = record.json() as {
      record: { student: { firstName: string }; tasks: { decisions: { assessorName: string }[] }[] };
      files: { url: string; taskNumber: number; taskTitle: string }[];
    };
    expect(opened.record.student.firstName).toBe('Ana');
    expect(opened.record.tasks[0]?.decisions[0]?.assessorName).toBe('Priya Nair');
    expect(opened.files.length).toBeGreaterThan(0);
    expect(opened.files.map((f) => f.taskNumber)).toContain(1);
    const file = new URL(opened.files[0]?.url ?? '', 'http://localhost');
    const bytes = await app.inject({ method: 'GET', url: `${file.pathname}${file.search}` });
    expect(bytes.statusCode).toBe(200);
    const pdf = await veraRest.get(`/api/validation-rounds/${roundId}/records/${anaId}.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');

    // Another round, or a record outside her round's sample: not found.
    for (const url of [
      `/api/validation-rounds/${otherId}`,
      `/api/validation-rounds/${otherId}/records/${anaId}`,
      `/api/validation-rounds/${otherId}/records/${anaId}.pdf`,
      `/api/validation-rounds/${roundId}/records/${marker.user.id}`,
    ])
      expect((await veraRest.get(url)).statusCode, url).toBe(404);
    const elsewhere = await veraRest.post(`/api/validation-rounds/${otherId}/reviews`, {
      studentId: anaId,
      agrees: true,
      reason: 'Fine.',
    });
    expect(elsewhere.statusCode).toBe(403);

    // Nothing of staff's or an admin's: grading, the matrix, records, students, people, reports.
    for (const url of [
      '/api/assessor/submissions',
      '/api/reports/evidence-matrix',
      `/api/assessor/reports/${anaId}/${unitId}.pdf`,
      '/api/assessor/unit-outcomes',
      '/api/third-party-requests',
      '/api/admin/users',
      '/api/admin/validation-rounds',
    ])
      expect((await veraRest.get(url)).statusCode, url).toBe(403);

    // She reviews Ana's record and the tool; the admin sees both on the round.
    const review = await veraRest.post(`/api/validation-rounds/${roundId}/reviews`, {
      studentId: anaId,
      agrees: true,
      reason: 'The photos show each step; the decision fits the evidence.',
    });
    expect(review.statusCode, review.body).toBe(201);
    const tool = await veraRest.post(`/api/validation-rounds/${roundId}/reviews`, {
      findings: 'Tasks cover the performance criteria.',
    });
    expect(tool.statusCode, tool.body).toBe(201);
    const seen = (await admin.get(`/api/admin/validation-rounds/${roundId}`)).json() as {
      reviews: { validatorName: string; agrees: boolean | null }[];
    };
    expect(seen.reviews.map((r) => [r.validatorName, r.agrees])).toEqual([
      ['Vera Lidator', true],
      ['Vera Lidator', null],
    ]);

    const [created] = await env.db.select().from(auditEvents).where(eq(auditEvents.action, 'user.create'));
    expect(created).toMatchObject({ actorId: adminClient.user.id, subjectId: veraId });
  }, 180_000);
});
