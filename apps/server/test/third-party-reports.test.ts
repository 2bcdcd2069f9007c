import { thirdPartyEvidenceLabel, thirdPartyLinkRefusals } from '@evident/core/third-party';
import { auditEvents, thirdPartyReports, thirdPartyRequests } from '@evident/db/schema';
import { listOutbox } from '@evident/mail/outbox-reader';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restAs } from './rest-fixtures';
import { type ThirdPartyWorld, thirdPartyWorld } from './third-party-fixtures';

// Issue 30 §1: a supervisor without an account reports on a student's tasks through a mailed,
// single-use link; the report is supplementary evidence the assessor verifies.

let world: ThirdPartyWorld;
beforeAll(async () => {
  world = await thirdPartyWorld();
});
afterAll(async () => {
  await world.close();
});

describe('a supervisor reports through the mailed link', () => {
  it('mails a link that opens the page, takes one report, and is then spent (410)', async () => {
    const { env, app, taskIds, student, assessor, askAndReadLink, page, send, report } = world;
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
    const { env, app, student, askAndReadLink, page, send, report } = world;
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
    const { env, app, student, assessor, tokenMailedTo, askAndReadLink, page } = world;
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

  it('writes one report when the same link is sent twice at once, and mails a link on the mail origin', async () => {
    const { env, askAndReadLink, send, report } = world;
    const { id, token } = await askAndReadLink('twice@acme.example');
    const mail = listOutbox(env.config.mail.outboxDir).find((message) => message.to === 'twice@acme.example');
    expect(mail?.subject).toBe("Report on Jordan Lee's work requested");
    expect(mail?.text).toContain(`http://evident.test/third-party/${token}`);
    const answers = await Promise.all([send(token, report()), send(token, report())]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 410]);
    const rows = await env.db.select().from(thirdPartyReports).where(eq(thirdPartyReports.requestId, id));
    expect(rows).toHaveLength(1);
  });
});
