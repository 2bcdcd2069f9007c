import { buildTask, buildUnit } from '@evident/db/testing/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf } from './evidence-fixtures';
import { openHttpStream, recordPdf } from './live-fixtures';
import { cookieJar, courseAssessor, type LtiEnv, startLtiEnv } from './lti/lti-harness';

/**
 * A tab signed in inside the LMS's iframe has no cookie of ours, only its session token, sent as the
 * `X-Evident-Session` header (apps/web/src/features/lti/tab-session.ts). The live stream and the
 * report downloads take it through the same seam as every other call, and refuse it once the session
 * is over. No cookie is sent by any request here.
 */

const lti = 'https://purl.imsglobal.org/spec/lti/claim/';

let env: LtiEnv;
beforeAll(async () => {
  env = await startLtiEnv();
  const unit = await buildUnit(env.db, { unitCode: 'TABSES001', title: 'Framed unit' });
  await buildTask(env.db, { unitId: unit.id, title: 'Photograph the framed task' });
});
afterAll(async () => {
  await env?.close();
});

/** A real launch of a new learner, its handoff exchanged for the tab's token as the app does. */
async function launchedTab(sub: string) {
  const { response } = await env.launch(cookieJar(), {
    claims: {
      sub,
      given_name: 'Tab',
      family_name: sub,
      [`${lti}resource_link`]: { id: `link-${sub}`, title: 'Framed unit' },
      [`${lti}custom`]: { unit_code: 'TABSES001' },
    },
  });
  const handoff = (response.headers.get('location') ?? '').split('#lti_handoff=')[1] ?? '';
  const exchanged = await fetch(`${env.publicUrl}/lti/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ handoff }),
  });
  expect(exchanged.status).toBe(200);
  const { sessionToken } = (await exchanged.json()) as { sessionToken: string };
  const headers = { 'x-evident-session': sessionToken };
  const me = (await (await fetch(`${env.publicUrl}/api/auth/user`, { headers })).json()) as { id: string };
  return { token: sessionToken, headers, userId: me.id };
}

/** The live stream over HTTP as the web's fetch-based EventSource opens it: the header, no cookie. */
const openStream = (token: string | null) =>
  openHttpStream(`${env.publicUrl}/trpc/live.events.stream`, token ? { 'x-evident-session': token } : {});

const signOutOf = (headers: Record<string, string>) =>
  fetch(`${env.publicUrl}/trpc/auth.session.logout`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: '{}',
  });

async function deactivate(userId: string) {
  const admin = await env.signedIn('rto_admin');
  await (await admin.caller()).admin.users.deactivate({ userId });
}

describe('the live stream of a tab session (the header, no cookie)', () => {
  it('opens for the tab and carries its news; without the header it is refused', async () => {
    const tab = await launchedTab('stream-open');
    const stream = await openStream(tab.token);
    await stream.readUntil('"type":"connected"');
    await env.services.events.publish({ type: 'user.changed', userId: tab.userId });
    await stream.readUntil(`"userId":"${tab.userId}"`);
    stream.close();

    const signedOut = await openStream(null);
    await signedOut.readUntil('Please sign in to continue');
    signedOut.close();
  });

  it('ends when the tab signs out, and the reconnect with the spent token is refused', async () => {
    const tab = await launchedTab('stream-logout');
    const stream = await openStream(tab.token);
    await stream.readUntil('"type":"connected"');
    expect((await signOutOf(tab.headers)).status).toBe(200);
    // No final return event: a browser's EventSource reconnects, and that is refused.
    expect(await stream.ended()).not.toContain('event: return');
    const again = await openStream(tab.token);
    await again.readUntil('Please sign in to continue');
    again.close();
  });

  it('ends when the person is deactivated, and the reconnect is refused', async () => {
    const tab = await launchedTab('stream-deactivated');
    const stream = await openStream(tab.token);
    await stream.readUntil('"type":"connected"');
    await deactivate(tab.userId);
    await stream.ended();
    const again = await openStream(tab.token);
    await again.readUntil('Please sign in to continue');
    again.close();
  });

  it('refuses a made-up token', async () => {
    const stream = await openStream('not-a-session-of-ours');
    await stream.readUntil('Please sign in to continue');
    stream.close();
  });
});

describe('report downloads in a tab session (the header, no cookie)', () => {
  /** A launched learner with evidence, and a tab session of an assessor of their course. */
  async function courseWithAssessorTab(sub: string) {
    const learner = await launchedTab(sub);
    const [task] = await env.db.query.tasks.findMany({
      where: (t, { eq }) => eq(t.title, 'Photograph the framed task'),
    });
    const unitId = task?.unitId ?? '';
    await recordPdf(env, await env.browser('127.0.0.1', learner.token).caller(), task?.id ?? '');
    const assessor = await courseAssessor(env, learner.userId);
    // What /lti/session hands an assessor's framed tab: a session of theirs, as a token.
    const { session } = await env.services.sessions.create(assessor.user.id, 'lti');
    const headers = { 'x-evident-session': session.sessionId };
    return { learner, assessor, unitId, taskId: task?.id ?? '', headers };
  }

  it('sends the assessment record PDF and the Evidence Matrix CSV to the header, and refuses them without it', async () => {
    const { learner, unitId, headers } = await courseWithAssessorTab('reports-ok');
    const pdfUrl = `${env.publicUrl}/api/assessor/reports/${learner.userId}/${unitId}.pdf`;
    const pdf = await fetch(pdfUrl, { headers });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toMatch(
      /^attachment; filename="assessment-record-TABSES001-/,
    );
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const csvUrl = `${env.publicUrl}/api/reports/evidence-matrix.csv?unitId=${unitId}&filter=all`;
    const csv = await fetch(csvUrl, { headers });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename=/);
    expect(await csv.text()).toContain('reports-ok');

    for (const url of [pdfUrl, csvUrl]) {
      const refused = await fetch(url);
      expect(refused.status).toBe(401);
      expect(await refused.text()).toBe('Please sign in to continue');
    }
  });

  it('sends the audit CSV to an admin’s tab', async () => {
    const admin = await env.signedIn('rto_admin');
    const { session } = await env.services.sessions.create(admin.user.id, 'lti');
    const audit = await fetch(`${env.publicUrl}/api/admin/audit.csv`, {
      headers: { 'x-evident-session': session.sessionId },
    });
    expect(audit.status).toBe(200);
    expect(audit.headers.get('content-type')).toMatch(/^text\/csv/);
    expect((await fetch(`${env.publicUrl}/api/admin/audit.csv`)).status).toBe(401);
  });

  it('refuses the downloads once the tab has signed out, and once the person is deactivated', async () => {
    const { learner, assessor, unitId, headers } = await courseWithAssessorTab('reports-refused');
    const pdfUrl = `${env.publicUrl}/api/assessor/reports/${learner.userId}/${unitId}.pdf`;
    const csvUrl = `${env.publicUrl}/api/reports/evidence-matrix.csv?unitId=${unitId}&filter=all`;
    expect((await fetch(pdfUrl, { headers })).status).toBe(200);
    expect((await signOutOf(headers)).status).toBe(200);
    for (const url of [pdfUrl, csvUrl]) expect((await fetch(url, { headers })).status).toBe(401);

    const { session } = await env.services.sessions.create(assessor.user.id, 'lti');
    const second = { 'x-evident-session': session.sessionId };
    expect((await fetch(csvUrl, { headers: second })).status).toBe(200);
    await deactivate(assessor.user.id);
    for (const url of [pdfUrl, csvUrl]) expect((await fetch(url, { headers: second })).status).toBe(401);
  });
});

describe('evidence files in a tab session', () => {
  it('come as short-lived signed URLs that load with no cookie or header; altered or expired ones are refused', async () => {
    const tab = await launchedTab('files');
    const [task] = await env.db.query.tasks.findMany({
      where: (t, { eq }) => eq(t.title, 'Photograph the framed task'),
    });
    await recordPdf(env, await env.browser('127.0.0.1', tab.token).caller(), task?.id ?? '');
    const input = encodeURIComponent(JSON.stringify({ taskId: task?.id }));
    const answer = await fetch(`${env.publicUrl}/trpc/student.evidence.list?input=${input}`, {
      headers: tab.headers,
    });
    expect(answer.status).toBe(200);
    const file = (
      (await answer.json()) as {
        result: {
          data: { submission: { files: { url: string; downloadUrl: string; objectPath?: string }[] } };
        };
      }
    ).result.data.submission.files[0];
    if (!file) throw new Error('no file');
    for (const url of [file.url, file.downloadUrl]) {
      const loaded = await fetch(`${env.publicUrl}${pathOf(url)}`);
      expect(loaded.status).toBe(200);
      expect(
        Buffer.from(await loaded.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    }

    const signed = new URL(file.url, env.publicUrl);
    const altered = new URL(signed);
    altered.searchParams.set('exp', String(Number(signed.searchParams.get('exp')) + 3600));
    expect((await fetch(altered)).status).toBe(403);
    const objectPath = decodeURIComponent(signed.pathname.replace(/^\/files\/download\//, ''));
    const expired = await env.services.storage.createDownloadUrl({
      objectPath,
      fileName: 'Checklist.pdf',
      contentType: 'application/pdf',
      expiresAt: new Date(Date.now() - 1000),
    });
    expect((await fetch(`${env.publicUrl}${pathOf(expired)}`)).status).toBe(403);
  });
});
