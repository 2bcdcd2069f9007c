import { thirdPartyEvidenceLabel, thirdPartyLinkRefusals } from '@evident/core/third-party';
import { auditEvents, thirdPartyReports, thirdPartyRequests } from '@evident/db/schema';
import { buildEnrolment, buildRequirement, buildTask, buildUnit } from '@evident/db/testing/factories';
import { listOutbox } from '@evident/mail/outbox-reader';
import { renderMail } from '@evident/mail/templates';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedClass } from './class-seed';
import { createTestEnv, type TestEnv } from './harness';
import { newestMailTo } from './mail-fixtures';
import { jsonHeaders, restAs } from './rest-fixtures';

// Issue 30 §1: a supervisor without an account reports on a student's tasks through a mailed,
// single-use link; the report is supplementary evidence the assessor verifies.

let env: TestEnv;
let app: Awaited<ReturnType<TestEnv['app']>>;
let unitId: string;
let taskIds: string[];
let otherTaskId: string;
let student: Awaited<ReturnType<TestEnv['signedIn']>>;
let assessor: Awaited<ReturnType<TestEnv['signedIn']>>;

beforeAll(async () => {
  env = await createTestEnv({ videoConverter: null });
  app = await env.app();
  const unit = await buildUnit(env.db, { release: '1' });
  unitId = unit.id;
  const first = await buildTask(env.db, { unitId, title: 'Operate the forklift' });
  const second = await buildTask(env.db, { unitId, title: 'Stack pallets safely' });
  taskIds = [first.id, second.id];
  await buildRequirement(env.db, {
    unitId,
    section: 'pc',
    key: 'PC 1.1',
    text: 'Check the work area for hazards',
    taskIds: [first.id],
  });
  // A task of a unit the student is not enrolled in.
  const other = await buildUnit(env.db, {});
  otherTaskId = (await buildTask(env.db, { unitId: other.id, title: 'Elsewhere' })).id;
  student = await env.signedIn('student', { firstName: 'Jordan', lastName: 'Lee' });
  await buildEnrolment(env.db, { studentId: student.user.id, unitId });
  assessor = await env.signedIn('assessor', { firstName: 'Priya', lastName: 'Nair' });
});
afterAll(async () => {
  await app.close();
  await env.close();
});

const supervisor = (email: string) => ({
  supervisorName: 'Sam Boss',
  supervisorEmail: email,
  workplace: 'Acme Logistics',
  relationship: 'Shift supervisor',
});

/** Asks as the student over REST and answers the link from the mailed message. */
async function askAndReadLink(email: string, ids = taskIds) {
  const asked = await restAs(env, app, student).post('/api/third-party-requests', {
    ...supervisor(email),
    taskIds: ids,
  });
  expect(asked.statusCode, asked.body).toBe(201);
  const { id } = asked.json() as { id: string };
  return { id, token: await tokenMailedTo(email) };
}

async function tokenMailedTo(email: string, previous?: string): Promise<string> {
  for (let attempt = 0; attempt < 300; attempt++) {
    await env.services.jobs.idle();
    const tokens = listOutbox(env.config.mail.outboxDir)
      .filter((mail) => mail.to === email)
      .map((mail) => mail.text.match(/\/third-party\/([A-Za-z0-9_-]{43})/)?.[1])
      .filter((token): token is string => token !== undefined && token !== previous);
    if (tokens[0]) return tokens[0];
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error(`no new link mailed to ${email}`);
}

const page = (token: string) => app.inject({ method: 'GET', url: `/api/third-party/${token}` });
const send = (token: string, body: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: `/api/third-party/${token}`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

const report = (overrides: Record<string, unknown> = {}) => ({
  supervisorRole: 'Warehouse manager',
  supervisedFor: '8 months',
  experience: '15 years in warehousing, licensed forklift operator',
  items: [
    { taskId: taskIds[0], observed: true, dates: ['2026-03-02', '2026-03-09'], comment: 'Safe and steady' },
    { taskId: taskIds[1], observed: false, dates: [], comment: '' },
  ],
  declarationVersion: 1,
  signedName: 'Sam Boss',
  ...overrides,
});

describe('a supervisor reports through the mailed link', () => {
  it('mails a link that opens the page, takes one report, and is then spent (410)', async () => {
    const { id, token } = await askAndReadLink('sam@acme.example');
    const opened = await page(token);
    expect(opened.statusCode, opened.body).toBe(200);
    const view = opened.json();
    expect(view).toMatchObject({ studentName: 'Jordan Lee', askedBy: 'Jordan Lee', askedAs: 'student' });
    expect(view.tasks.map((task: { title: string }) => task.title)).toEqual([
      'Operate the forklift',
      'Stack pallets safely',
    ]);
    expect(view.tasks[0].requirements).toEqual([{ key: 'PC 1.1', text: 'Check the work area for hazards' }]);

    const listed = await restAs(env, app, student).get('/api/third-party-requests');
    expect(listed.json()[0]).toMatchObject({ id, status: 'opened', supervisorName: 'Sam Boss' });

    const sent = await send(token, report());
    expect(sent.statusCode, sent.body).toBe(201);
    const replay = await send(token, report());
    expect(replay.statusCode).toBe(410);
    expect(replay.body).toBe(thirdPartyLinkRefusals.spent);
    expect((await page(token)).statusCode).toBe(410);
    const rows = await env.db.select().from(thirdPartyReports).where(eq(thirdPartyReports.requestId, id));
    expect(rows).toHaveLength(1);

    // The assessor sees it labelled supplementary on the task, and records how it was verified.
    const staff = await restAs(env, app, assessor).get(
      `/api/assessor/third-party-reports?studentId=${student.user.id}&taskIds=${taskIds[0]}`,
    );
    expect(staff.statusCode, staff.body).toBe(200);
    const [shown] = staff.json();
    expect(shown).toMatchObject({
      label: thirdPartyEvidenceLabel,
      supervisorRole: 'Warehouse manager',
      signedName: 'Sam Boss',
      items: [{ taskId: taskIds[0], observed: true, dates: ['2026-03-02', '2026-03-09'] }],
    });
    const verified = await restAs(env, app, assessor).post(
      `/api/assessor/third-party-reports/${shown.id}/verifications`,
      { method: 'Phone call', verifiedOn: new Date().toISOString().slice(0, 10), note: 'Sam confirmed' },
    );
    expect(verified.statusCode, verified.body).toBe(201);
    expect(verified.json().verifications[0]).toMatchObject({
      method: 'Phone call',
      assessorName: 'Priya Nair',
    });

    // The student reads it in View Evidence too.
    const own = await restAs(env, app, student).get(`/api/student/tasks/${taskIds[1]}/third-party-reports`);
    expect(own.json()[0].items).toEqual([
      { taskId: taskIds[1], taskTitle: 'Stack pallets safely', observed: false, dates: [], comment: '' },
    ]);
    expect((await restAs(env, app, student).get('/api/third-party-requests')).json()[0].status).toBe(
      'submitted',
    );
    const kinds = (await env.db.select().from(auditEvents)).map((row) => row.action);
    for (const kind of [
      'third-party.requested',
      'third-party.opened',
      'third-party.submitted',
      'third-party.verified',
    ])
      expect(kinds).toContain(kind);
  });

  it('answers a forged link 404 and an expired one 410, never a stack trace', async () => {
    expect((await page('x'.repeat(43))).statusCode).toBe(404);
    const short = await page('not-a-token');
    expect(short.statusCode).toBe(404);
    expect(short.body).toBe(thirdPartyLinkRefusals.invalid);
    const { id, token } = await askAndReadLink('late@acme.example');
    await env.db
      .update(thirdPartyRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(thirdPartyRequests.id, id));
    const expired = await page(token);
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toBe(thirdPartyLinkRefusals.expired);
    expect((await send(token, report())).statusCode).toBe(410);
    const listed = (await restAs(env, app, student).get('/api/third-party-requests')).json();
    expect(listed.find((row: { id: string }) => row.id === id).status).toBe('expired');
  });

  it('revokes a link at once, and a re-send kills the old link', async () => {
    const first = await askAndReadLink('revoke@acme.example');
    const revoked = await restAs(env, app, assessor).post(`/api/third-party-requests/${first.id}/revoke`, {});
    expect(revoked.statusCode, revoked.body).toBe(200);
    const gone = await page(first.token);
    expect(gone.statusCode).toBe(410);
    expect(gone.body).toBe(thirdPartyLinkRefusals.revoked);
    expect(
      (await restAs(env, app, student).post(`/api/third-party-requests/${first.id}/revoke`, {})).statusCode,
    ).toBe(409);

    const second = await askAndReadLink('resend@acme.example');
    const resent = await restAs(env, app, student).post(`/api/third-party-requests/${second.id}/resend`, {});
    expect(resent.statusCode, resent.body).toBe(200);
    const fresh = await tokenMailedTo('resend@acme.example', second.token);
    expect((await page(second.token)).statusCode).toBe(404);
    expect((await page(fresh)).statusCode).toBe(200);
  });
});

describe('bad input', () => {
  it('refuses oversized text and writes nothing', async () => {
    const { id, token } = await askAndReadLink('big@acme.example');
    const big = await send(token, report({ experience: 'x'.repeat(2001) }));
    expect(big.statusCode).toBe(400);
    const wrongTasks = await send(token, report({ items: [{ taskId: otherTaskId, observed: false }] }));
    expect(wrongTasks.statusCode).toBe(400);
    const noDate = await send(
      token,
      report({
        items: [
          { taskId: taskIds[0], observed: true, dates: [] },
          { taskId: taskIds[1], observed: false },
        ],
      }),
    );
    expect(noDate.statusCode).toBe(400);
    expect(await env.db.select().from(thirdPartyReports).where(eq(thirdPartyReports.requestId, id))).toEqual(
      [],
    );
    // The link still works after refusals.
    expect((await send(token, report())).statusCode).toBe(201);
  });

  it('refuses a task the student is not enrolled in, and another person’s student', async () => {
    const before = (await env.db.select().from(thirdPartyRequests)).length;
    const elsewhere = await restAs(env, app, student).post('/api/third-party-requests', {
      ...supervisor('no@acme.example'),
      taskIds: [otherTaskId],
    });
    expect(elsewhere.statusCode).toBe(400);
    const other = await env.signedIn('student');
    await buildEnrolment(env.db, { studentId: other.user.id, unitId });
    const forOther = await restAs(env, app, student).post('/api/third-party-requests', {
      ...supervisor('no@acme.example'),
      studentId: other.user.id,
      taskIds,
    });
    expect(forOther.statusCode).toBe(403);
    // An assessor outside the student's class.
    const bert = await env.signedIn('assessor');
    const annie = await env.signedIn('assessor');
    await seedClass(env.db, {
      name: 'Class X',
      unitIds: [unitId],
      assessorIds: [annie.user.id],
      studentIds: [other.user.id],
    });
    const outside = await restAs(env, app, bert).post('/api/third-party-requests', {
      ...supervisor('no@acme.example'),
      studentId: other.user.id,
      taskIds,
    });
    expect(outside.statusCode).toBe(403);
    expect(
      (await restAs(env, app, bert).get(`/api/third-party-requests?studentId=${other.user.id}`)).statusCode,
    ).toBe(403);
    const inside = await restAs(env, app, annie).post('/api/third-party-requests', {
      ...supervisor('yes@acme.example'),
      studentId: other.user.id,
      taskIds,
    });
    expect(inside.statusCode, inside.body).toBe(201);
    expect((await env.db.select().from(thirdPartyRequests)).length).toBe(before + 1);
    const oversized = await restAs(env, app, student).post('/api/third-party-requests', {
      ...supervisor('no@acme.example'),
      workplace: 'w'.repeat(201),
      taskIds,
    });
    expect(oversized.statusCode).toBe(400);
  });

  it('keeps hostile text inert in the mail', async () => {
    const asked = await restAs(env, app, student).post('/api/third-party-requests', {
      ...supervisor('hostile@acme.example'),
      supervisorName: '<script>alert(1)</script>',
      workplace: '=HYPERLINK("http://evil")',
      taskIds,
    });
    expect(asked.statusCode).toBe(201);
    const mail = await newestMailTo(env, 'hostile@acme.example', 'Report on');
    expect(mail?.text).toContain('Hi <script>alert(1)</script>,');
    const html = renderMail({
      kind: 'third-party-request',
      to: 'hostile@acme.example',
      supervisorName: '<script>alert(1)</script>',
      studentName: 'Jordan Lee',
      askedBy: 'Jordan Lee',
      workplace: '<img src=x onerror=alert(1)>',
      tasks: ['<b>Task</b> (UNIT)'],
      reportUrl: 'http://evident.test/third-party/abc',
      expiresInDays: 14,
    }).html;
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;');
  });

  it('a POST to the link needs no Origin but carries no session power either', async () => {
    // The supervisor's POST is not a signed-in call: a session cookie on it changes nothing.
    const { token } = await askAndReadLink('cookie@acme.example');
    const withCookie = await app.inject({
      method: 'POST',
      url: `/api/third-party/${token}`,
      headers: { ...jsonHeaders },
      payload: JSON.stringify(report()),
    });
    expect(withCookie.statusCode, withCookie.body).toBe(201);
  });
});
