import { defaultRateLimits } from '@evident/api/rate-limits';
import { thirdPartyReports, thirdPartyRequests } from '@evident/db/schema';
import { buildEnrolment } from '@evident/db/testing/factories';
import { renderMail } from '@evident/mail/templates';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedClass } from './class-seed';
import { newestMailTo } from './mail-fixtures';
import { jsonHeaders, restAs } from './rest-fixtures';
import { type ThirdPartyWorld, thirdPartyWorld } from './third-party-fixtures';

// Issue 30 §1, bad input: each refusal a clear 4xx with nothing written, hostile text inert.

let world: ThirdPartyWorld;
beforeAll(async () => {
  world = await thirdPartyWorld();
});
afterAll(async () => {
  await world.close();
});

describe('bad input', () => {
  it('refuses oversized text and writes nothing', async () => {
    const { env, taskIds, otherTaskId, askAndReadLink, send, report } = world;
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
    const { env, app, unitId, taskIds, otherTaskId, student, supervisor } = world;
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
    const { env, app, taskIds, student, supervisor } = world;
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
    const { app, askAndReadLink, report } = world;
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

describe('the link admits nothing else', () => {
  it('is no bearer token and no session: other calls with it are refused', async () => {
    const { app, askAndReadLink } = world;
    const { token } = await askAndReadLink('scope@acme.example');
    const tasks = await app.inject({
      method: 'GET',
      url: '/api/student/tasks',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(tasks.statusCode).toBe(401);
    const reports = await app.inject({
      method: 'GET',
      url: `/api/assessor/third-party-reports?studentId=${world.student.user.id}`,
    });
    expect(reports.statusCode).toBe(401);
  });
});

describe('rate limit', () => {
  it('refuses a flood of link reads from one address (429)', async () => {
    const limited = await thirdPartyWorld({
      rateLimits: { ...defaultRateLimits, thirdPartyLinkIp: { points: 3, durationSeconds: 900 } },
    });
    try {
      const { token } = await limited.askAndReadLink('flood@acme.example');
      const answers = [];
      for (let attempt = 0; attempt < 4; attempt++) answers.push((await limited.page(token)).statusCode);
      expect(answers).toEqual([200, 200, 200, 429]);
      const guess = await limited.page('y'.repeat(43));
      expect(guess.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('the API document', () => {
  it('publishes every third-party path, the supervisor’s with no sign-in', async () => {
    const doc = (await world.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const path of [
      '/api/third-party-requests',
      '/api/third-party-requests/{id}/revoke',
      '/api/third-party-requests/{id}/resend',
      '/api/third-party/{token}',
      '/api/assessor/third-party-reports',
      '/api/assessor/third-party-reports/{reportId}/verifications',
      '/api/student/tasks/{taskId}/third-party-reports',
    ])
      expect(Object.keys(doc.paths), path).toContain(path);
    expect(Object.keys(doc.paths['/api/third-party/{token}'])).toEqual(
      expect.arrayContaining(['get', 'post']),
    );
  });
});
