import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { auditEvents, users, validationActions } from '@evident/db/schema';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPack } from '../src/audit-pack/verify-pack';
import { pathOf } from './evidence-fixtures';
import { createTestEnv, type TestEnv } from './harness';
import { openStream, recordEvents } from './live-fixtures';
import { jsonHeaders, restAs, sessionCookie } from './rest-fixtures';
import { studentsJudgedByPriya } from './validation-fixtures';
import { zipEntries } from './zip-entries';

// Issue 30 §2 and §3: a validation round ends with actions (an owner each, tracked to done), is
// closed (the unit's plan moves on, no more reviews), prints its report, and goes into the audit pack.

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

const hostile = '<script>alert(1)</script> =HYPERLINK("http://x.test")';

function pdfText(bytes: Buffer, name: string): string {
  const path = join(env.dataDir, name);
  writeFileSync(path, bytes);
  return execFileSync('pdftotext', ['-raw', path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

/** Two students judged by Priya, a unit with a high-risk plan, and a round with two validators. */
async function roundWithTwoValidators() {
  const { marker, students, unitId } = await studentsJudgedByPriya(env, app, [
    { firstName: 'Ana', judged: true },
    { firstName: 'Bo', judged: true },
  ]);
  const adminClient = await env.signedIn('rto_admin', { firstName: 'Ada', lastName: 'Admin' });
  const rest = restAs(env, app, adminClient);
  const val = await env.signedIn('assessor', { firstName: 'Val', lastName: 'Idator' });
  const wen = await env.signedIn('assessor', { firstName: 'Wen', lastName: 'Li' });
  for (const [person, code] of [
    [val, 'TAE40122'],
    [wen, 'TAE40116'],
  ] as const) {
    const added = await rest.post(`/api/admin/users/${person.user.id}/credentials`, {
      code,
      title: 'Certificate IV in Training and Assessment',
      heldOn: '2023-02-01',
    });
    expect(added.statusCode, added.body).toBe(201);
  }
  const plan = await app.inject({
    method: 'PUT',
    url: `/api/admin/units/${unitId}/validation-plan`,
    headers: { cookie: sessionCookie(env, adminClient), ...jsonHeaders },
    payload: JSON.stringify({
      lastValidatedOn: '2024-03-01',
      nextDueOn: '2026-03-01',
      risk: 'high',
      riskReason: 'New assessors this year.',
    }),
  });
  expect(plan.statusCode, plan.body).toBe(200);
  const made = await rest.post('/api/admin/validation-rounds', {
    unitId,
    samplePercent: 100,
    validatorIds: [val.user.id, wen.user.id],
  });
  expect(made.statusCode, made.body).toBe(201);
  const { id } = made.json() as { id: string };
  const [ana, bo] = students.map((s) => s.student.user.id as string);
  return { id, unitId, rest, adminClient, val, wen, marker, ana: ana as string, bo: bo as string };
}

type RoundView = {
  status: string;
  closedAt: string | null;
  closedByName: string | null;
  missing: { validatorId: string; studentId: string | null }[];
  actions: {
    id: string;
    text: string;
    ownerName: string;
    doneAt: string | null;
    doneByName: string | null;
  }[];
};

describe('closing a validation round', () => {
  it('tracks actions to done, closes with what is missing, moves the plan on, prints the report and packs it', async () => {
    const { id, unitId, rest, val, wen, marker, ana, bo } = await roundWithTwoValidators();
    const valRest = restAs(env, app, val);

    // Actions: the owner must be staff; hostile text is kept as written.
    const student = await env.signedIn('student');
    const byStudent = await rest.post(`/api/admin/validation-rounds/${id}/actions`, {
      text: 'Rewrite task 2',
      ownerId: student.user.id,
    });
    expect(byStudent.statusCode, byStudent.body).toBe(400);
    expect(byStudent.body).toContain('The owner must be an active admin, validator or approved assessor');
    // An assessor still waiting for approval cannot own one either.
    const waiting = await env.signedIn('assessor');
    await env.db.update(users).set({ approvedAt: null }).where(eq(users.id, waiting.user.id));
    const byWaiting = await rest.post(`/api/admin/validation-rounds/${id}/actions`, {
      text: 'Rewrite task 2',
      ownerId: waiting.user.id,
    });
    expect(byWaiting.statusCode, byWaiting.body).toBe(400);
    const blank = await rest.post(`/api/admin/validation-rounds/${id}/actions`, {
      text: '  ',
      ownerId: val.user.id,
    });
    expect(blank.statusCode).toBe(400);
    expect(await env.db.select().from(validationActions)).toHaveLength(0);
    const first = await rest.post(`/api/admin/validation-rounds/${id}/actions`, {
      text: `Add three occasions to task 2 ${hostile}`,
      ownerId: val.user.id,
    });
    expect(first.statusCode, first.body).toBe(201);
    const second = await rest.post(`/api/admin/validation-rounds/${id}/actions`, {
      text: 'Brief assessors on the marking guide',
      ownerId: wen.user.id,
    });
    expect(second.statusCode, second.body).toBe(201);
    const firstId = (first.json() as { id: string }).id;

    // The owner sees their open action; someone else cannot mark it done; the owner does, once.
    const mine = (await valRest.get('/api/validation-actions')).json() as { id: string; unitCode: string }[];
    expect(mine.map((a) => a.id)).toEqual([firstId]);
    const notTheirs = await restAs(env, app, wen).post(`/api/validation-actions/${firstId}/done`, {});
    expect(notTheirs.statusCode).toBe(404);
    const done = await valRest.post(`/api/validation-actions/${firstId}/done`, {});
    expect(done.statusCode, done.body).toBe(200);
    const twice = await rest.post(`/api/admin/validation-actions/${firstId}/done`, {});
    expect(twice.statusCode).toBe(409);
    expect((await valRest.get('/api/validation-actions')).json()).toEqual([]);

    // Val reviews Ana's record and the tool; Bo's record and all of Wen's reviews stay missing.
    const review = await valRest.post(`/api/validation-rounds/${id}/reviews`, {
      studentId: ana,
      agrees: false,
      reason: `Task 2 shows the procedure once ${hostile}`,
    });
    expect(review.statusCode, review.body).toBe(201);
    const tool = await valRest.post(`/api/validation-rounds/${id}/reviews`, {
      findings: 'Coverage misses one knowledge evidence item.',
      recommendedChanges: 'Add a question on infection control.',
    });
    expect(tool.statusCode, tool.body).toBe(201);
    const open = (await rest.get(`/api/admin/validation-rounds/${id}`)).json() as RoundView;
    expect(open.missing).toHaveLength(4);
    expect(open.actions.map((a) => [a.ownerName, a.doneByName])).toEqual([
      ['Val Idator', 'Val Idator'],
      ['Wen Li', null],
    ]);

    // Only an admin closes; closing answers what is missing and moves the plan on by its risk (high: a year).
    const byAssessor = await restAs(env, app, marker).post(`/api/admin/validation-rounds/${id}/close`, {});
    expect(byAssessor.statusCode).toBe(403);
    const closed = await rest.post(`/api/admin/validation-rounds/${id}/close`, {});
    expect(closed.statusCode, closed.body).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    const nextYear = `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`;
    const answer = closed.json() as { lastValidatedOn: string; nextDueOn: string; missing: unknown[] };
    expect(answer).toMatchObject({ lastValidatedOn: today, nextDueOn: nextYear });
    expect(answer.missing).toContainEqual({ validatorName: 'Wen Li', studentName: null });
    expect(answer.missing).toContainEqual({ validatorName: 'Val Idator', studentName: 'Bo Student' });
    expect((await rest.get(`/api/admin/units/${unitId}/validation-plan`)).json()).toMatchObject({
      lastValidatedOn: today,
      nextDueOn: nextYear,
      risk: 'high',
      riskReason: 'New assessors this year.',
    });
    const again = await rest.post(`/api/admin/validation-rounds/${id}/close`, {});
    expect(again.statusCode).toBe(409);
    const late = await restAs(env, app, wen).post(`/api/validation-rounds/${id}/reviews`, {
      studentId: bo,
      agrees: true,
      reason: 'Fine.',
    });
    expect(late.statusCode).toBe(409);
    expect(late.body).toContain('This validation round is closed');
    const view = (await rest.get(`/api/admin/validation-rounds/${id}`)).json() as RoundView;
    expect(view).toMatchObject({ status: 'closed', closedByName: 'Ada Admin' });

    // The report: every part an auditor asks for, hostile text printed as text.
    const pdf = await rest.get(`/api/admin/validation-rounds/${id}/report.pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const text = pdfText(pdf.rawPayload, 'report.pdf');
    for (const expected of [
      'Validation report',
      'Release:',
      'Risk: High',
      'New assessors this year.',
      'Drawn at random',
      'Ana Student',
      'Bo Student',
      'Judged by Priya Nair',
      'TAE40122',
      'TAE40116',
      'Disagrees',
      'Task 2 shows the procedure once <script>alert(1)</script>',
      'Coverage misses one knowledge evidence item.',
      'Add a question on infection control.',
      'Missing when the round closed',
      'Wen Li: the review of the tool',
      'Val Idator: the record of Bo Student',
      'Brief assessors on the marking guide',
      'Open',
      'by Val Idator',
      'by Ada Admin',
    ])
      expect(text).toContain(expected);
    expect(text).toMatch(/Closed \S+/);
    // A validator has their round's report too; an assessor not in the round has neither.
    const valPdf = await valRest.get(`/api/validation-rounds/${id}/report.pdf`);
    expect(valPdf.statusCode, valPdf.body).toBe(200);
    expect(pdfText(valPdf.rawPayload, 'val-report.pdf')).toContain('Wen Li: the review of the tool');
    const markerRest = restAs(env, app, marker);
    expect((await markerRest.get(`/api/admin/validation-rounds/${id}/report.pdf`)).statusCode).toBe(403);
    expect((await markerRest.get(`/api/validation-rounds/${id}/report.pdf`)).statusCode).toBe(404);

    const trail = await env.db.select().from(auditEvents).where(like(auditEvents.action, 'validation.%'));
    const kinds = trail.map((e) => e.action);
    expect(kinds.filter((k) => k === 'validation.action-added')).toHaveLength(2);
    expect(kinds).toContain('validation.action-done');
    expect(kinds.filter((k) => k === 'validation.report-downloaded')).toHaveLength(2);
    const closeEvent = trail.find((e) => e.action === 'validation.round-closed');
    expect((closeEvent?.detail as { missing: unknown[] } | undefined)?.missing).toHaveLength(4);

    // The audit pack of Ana alone carries the round: its report, its record cut to Ana, verified.
    const made = await rest.post('/api/admin/audit-packs', { unitId, studentIds: [ana] });
    expect(made.statusCode, made.body).toBe(200);
    await env.services.jobs.idle();
    const got = (await rest.get(`/api/admin/audit-packs/${(made.json() as { id: string }).id}`)).json() as {
      status: string;
      downloadUrl: string;
    };
    expect(got.status).toBe('ready');
    const download = await app.inject({ method: 'GET', url: pathOf(got.downloadUrl) });
    const file = join(env.dataDir, 'validation-pack.zip');
    writeFileSync(file, download.rawPayload);
    expect(await verifyPack(file)).toMatchObject({ problems: [] });
    const entries = await zipEntries(file);
    const manifest = JSON.parse((entries.get('manifest.json') as Buffer).toString('utf8'));
    const [round] = manifest.validationRecords.rounds;
    expect(round).toMatchObject({ sampledStudentsInPack: 1, sampledStudentsInRound: 2 });
    expect(round.sample.map((s: { studentName: string }) => s.studentName)).toEqual(['Ana Student']);
    expect(round.sample[0].reviews[0]).toMatchObject({ agrees: false, validatorName: 'Val Idator' });
    expect(round.toolReviews[0].findings).toBe('Coverage misses one knowledge evidence item.');
    expect(round.actions).toHaveLength(2);
    const kindsInPack = manifest.files.map((f: { kind: string }) => f.kind);
    expect(kindsInPack).toContain('validation-report-pdf');
    expect(kindsInPack).toContain('validation-record');
    expect(pdfText(entries.get(round.reportPath) as Buffer, 'packed-report.pdf')).toContain('Bo Student');
    const csv = (entries.get('manifest.csv') as Buffer).toString('utf8');
    expect(csv).toContain(round.reportPath);
    // One long story on purpose (each step needs the last); two PDFs and a zip take a while on a busy machine.
  }, 180_000);

  it('a review and the close at the same moment: the review is either in the report or refused, never lost; one close of two wins', async () => {
    const { id, rest, val, ana } = await roundWithTwoValidators();
    const [review, close, secondClose] = await Promise.all([
      restAs(env, app, val).post(`/api/validation-rounds/${id}/reviews`, {
        studentId: ana,
        agrees: true,
        reason: 'The evidence meets the rules of evidence.',
      }),
      rest.post(`/api/admin/validation-rounds/${id}/close`, {}),
      rest.post(`/api/admin/validation-rounds/${id}/close`, {}),
    ]);
    expect([close.statusCode, secondClose.statusCode].sort()).toEqual([200, 409]);
    // Read by ids: the unit keeps the students of the test before, with the same names.
    const view = (await rest.get(`/api/admin/validation-rounds/${id}`)).json() as RoundView & {
      reviews: { validatorId: string; studentId: string | null }[];
    };
    expect(view.status).toBe('closed');
    const valMissesAna = view.missing.some((m) => m.validatorId === val.user.id && m.studentId === ana);
    const kept = view.reviews.some((r) => r.validatorId === val.user.id && r.studentId === ana);
    // Taken before the close: kept, not missing. Refused after it: missing, and nothing written.
    if (review.statusCode === 201) expect([kept, valMissesAna]).toEqual([true, false]);
    else {
      expect(review.statusCode).toBe(409);
      expect([kept, valMissesAna]).toEqual([false, true]);
    }
  }, 180_000);

  it("a round's changes reach the live streams of its validators, an action's owner and admins, no one else", async () => {
    const bus = recordEvents(env.services.events);
    const { id, rest, val, wen, ana } = await roundWithTwoValidators();
    const owen = await env.signedIn('assessor', { firstName: 'Owen', lastName: 'Er' });
    const outsider = await env.signedIn('assessor');
    const student = await env.signedIn('student');
    const streams = await Promise.all(
      [val, owen, outsider, student].map(async (person) => openStream(await person.caller())),
    );
    for (const stream of streams) expect((await stream.next()).data).toEqual({ type: 'connected' });

    const review = await restAs(env, app, val).post(`/api/validation-rounds/${id}/reviews`, {
      studentId: ana,
      agrees: true,
      reason: 'Each photo shows the step.',
    });
    expect(review.statusCode, review.body).toBe(201);
    const action = await rest.post(`/api/admin/validation-rounds/${id}/actions`, {
      text: 'Brief assessors on the marking guide',
      ownerId: owen.user.id,
    });
    expect(action.statusCode, action.body).toBe(201);
    expect((await rest.post(`/api/admin/validation-rounds/${id}/close`, {})).statusCode).toBe(200);
    bus.stop();

    const round = (peopleIds: string[]) => ({ type: 'validation.changed', roundId: id, peopleIds });
    const validators = [val.user.id, wen.user.id];
    // Made, reviewed, an action added (its owner told too), closed.
    expect(bus.events.filter((event) => event.type === 'validation.changed')).toEqual([
      round(validators),
      round(validators),
      round([...validators, owen.user.id]),
      round(validators),
    ]);
    const heard = await Promise.all(
      [val, owen, outsider, student].map(async (person, i) => {
        await env.services.events.publish({ type: 'user.changed', userId: person.user.id });
        const messages = await streams[i]?.readUntil(
          (m) => m.data.type === 'user.changed' && m.data.userId === person.user.id,
        );
        return messages?.filter((m) => m.data.type === 'validation.changed').length;
      }),
    );
    // Val: reviewed, action added, closed (the round was made before the stream opened). Owen: his action.
    expect(heard).toEqual([3, 1, 0, 0]);
  });
});
