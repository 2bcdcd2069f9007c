import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gradedMailJob } from '@evident/api/jobs';
import { serverTimeZone, timeZoneLabel } from '@evident/core/time-zone';
import { enqueueJob } from '@evident/db/queries/jobs';
import { auditEvents, gradingDecisions, submissions } from '@evident/db/schema';
import { listOutbox } from '@evident/mail/outbox-reader';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studentWithSubmissions } from './grading-fixtures';
import { createTestEnv, type TestEnv } from './harness';
import { adminCookieIn, cookieOf } from './people-fixtures';
import { jsonHeaders } from './rest-fixtures';

/**
 * Issue 28: the PDF record printed UTC while screens showed local time, so a morning in Sydney printed
 * the previous day. The organisation now has a time zone, and every date in its documents is in it.
 */
let env: TestEnv;
let app: Awaited<ReturnType<TestEnv['app']>>;
beforeAll(async () => {
  env = await createTestEnv({ videoConverter: null });
  app = await env.app();
});
afterAll(async () => {
  await app.close();
  await env.close();
});

/** 21:00 UTC on 1 March is 8:00 am on 2 March in Sydney (daylight time, UTC+11). */
const evening = new Date('2026-03-01T21:00:00.000Z');
const sydneyMorning = '2 Mar 2026, 8:00 am';

const putZone = (cookie: string, timeZone: unknown) =>
  app.inject({
    method: 'PUT',
    url: '/api/admin/settings',
    headers: { ...jsonHeaders, cookie },
    payload: { timeZone },
  });

describe('the organisation’s time zone', () => {
  it('is the server’s until an admin chooses one; an unknown zone is a 400 naming it', async () => {
    const { cookie } = await adminCookieIn(env);
    const first = await app.inject({ method: 'GET', url: '/api/admin/settings', headers: { cookie } });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      timeZone: serverTimeZone(),
      timeZoneLabel: timeZoneLabel(serverTimeZone()),
      isServerDefault: true,
    });

    const unknown = await putZone(cookie, 'Mars/Olympus_Mons');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain(
      "Unknown time zone 'Mars/Olympus_Mons': use an IANA time zone such as Australia/Sydney",
    );
    for (const bad of ['+10:00', '', 'x'.repeat(65), 10])
      expect((await putZone(cookie, bad)).statusCode).toBe(400);
    const student = await env.signedIn('student');
    expect((await putZone(cookieOf(student.sessionId), 'Australia/Perth')).statusCode).toBe(403);

    const saved = await putZone(cookie, 'australia/sydney');
    expect(saved.statusCode, saved.body).toBe(200);
    const sydney = {
      timeZone: 'Australia/Sydney',
      timeZoneLabel: 'Australian Eastern Time (Sydney)',
      isServerDefault: false,
    };
    expect(saved.json()).toEqual(sydney);
    expect(
      (await app.inject({ method: 'GET', url: '/api/admin/settings', headers: { cookie } })).json(),
    ).toEqual(sydney);
    const [audited] = await env.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'settings.time-zone'));
    expect(audited?.detail).toEqual({ from: serverTimeZone(), to: 'Australia/Sydney' });
  });

  it('the record, its PDF, the audit CSV and the graded mail write a 21:00 UTC moment as the next morning in Sydney', async () => {
    const { admin, cookie } = await adminCookieIn(env);
    await (await admin.caller()).admin.settings.update({ timeZone: 'Australia/Sydney' });
    const setUp = await studentWithSubmissions(env, app, { count: 1 });
    const [only] = setUp.submitted;
    if (!only) throw new Error('a submission expected');
    const marker = await env.signedIn('assessor', { firstName: 'Priya', lastName: 'Nair' });
    await (await marker.caller()).assessor.submissions.grade({
      submissionIds: [only.submissionId],
      status: 'satisfactory',
      comment: 'Seen on site',
    });
    await env.db
      .update(gradingDecisions)
      .set({ createdAt: evening })
      .where(eq(gradingDecisions.submissionId, only.submissionId));
    await env.db
      .update(submissions)
      .set({ submittedAt: evening })
      .where(eq(submissions.id, only.submissionId));

    const ids = { studentId: setUp.student.user.id, unitId: only.task.unitId };
    const record = await (await marker.caller()).staff.records.get(ids);
    expect(record.timeZone).toBe('Australia/Sydney');
    const pdf = await app.inject({
      method: 'GET',
      url: `/api/assessor/reports/${ids.studentId}/${ids.unitId}.pdf`,
      headers: { cookie: cookieOf(marker.sessionId) },
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    const path = join(env.dataDir, 'zoned.pdf');
    writeFileSync(path, pdf.rawPayload);
    const text = execFileSync('pdftotext', ['-raw', path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain('Times in Australian Eastern Time (Sydney)');
    expect(text).toContain(`Submitted ${sydneyMorning}`);
    expect(text).toContain(`${sydneyMorning} Satisfactory Priya Nair Not declared Seen on site`);
    expect(text).not.toContain('1 Mar 2026');

    await env.db
      .insert(auditEvents)
      .values({ actorId: admin.user.id, action: 'sso.link', createdAt: evening });
    const csv = await app.inject({
      method: 'GET',
      url: `/api/admin/audit.csv?kind=sso.link&userId=${admin.user.id}`,
      headers: { cookie },
    });
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Time in Australian Eastern Time (Sydney),Event,Kind,By,Acting as,Subject,Detail');
    expect(lines[1]).toBe(`"${sydneyMorning}",Single sign-on linked,sso.link,Ada Admin,,,{}`);
    // The filters' days are Sydney's too: that evening in UTC is the 2nd, not the 1st.
    const onDay = async (query: string) =>
      (
        await app.inject({
          method: 'GET',
          url: `/api/admin/audit?kind=sso.link&userId=${admin.user.id}&${query}`,
          headers: { cookie },
        })
      ).json().total;
    expect(await onDay('from=2026-03-02&to=2026-03-02')).toBe(1);
    expect(await onDay('to=2026-03-01')).toBe(0);
    expect(await onDay('from=2026-03-03')).toBe(0);

    await enqueueJob(
      env.db,
      gradedMailJob({
        studentId: ids.studentId,
        taskIds: [only.task.id],
        outcome: 'satisfactory',
        comment: null,
        strategies: null,
        decidedAt: evening.toISOString(),
      }),
    );
    env.services.jobs.wake();
    const sentence = `Your assessor graded your evidence for “${only.task.title}” (RIIWHS204E) on ${sydneyMorning} (Australian Eastern Time): Satisfactory.`;
    // The job runs when the worker next claims it: on a busy database that can be a poll or two later.
    const mailed = async () => {
      for (let attempt = 0; attempt < 300; attempt++) {
        await env.services.jobs.idle();
        const texts = listOutbox(env.config.mail.outboxDir)
          .filter((m) => m.to === setUp.student.user.email)
          .map((m) => m.text);
        if (texts.some((text) => text.includes(sentence))) return texts;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return listOutbox(env.config.mail.outboxDir).map((m) => m.text);
    };
    expect(await mailed()).toContainEqual(expect.stringContaining(sentence));
  });
});
