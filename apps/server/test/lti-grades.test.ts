import { submissions } from '@evident/db/schema';
import { buildSubmission, buildTask, buildUnit } from '@evident/db/testing/factories';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieJar, courseAssessor, type LtiEnv, startLtiEnv, until } from './lti/lti-harness';

const lti = 'https://purl.imsglobal.org/spec/lti/claim/';
const ags = 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint';

let env: LtiEnv;
beforeAll(async () => {
  // Retries a second apart: long enough that the admin list is sure to catch the passback waiting.
  env = await startLtiEnv({ jobs: { pollMs: 100, retryBaseMs: 1000 } });
});
afterAll(async () => {
  await env?.close();
});

describe('LTI grade passback (Assignment and Grade Services)', () => {
  it('posts InProgress for partial progress, then Completed 100/100 awaiting the unit outcome once every task is satisfactory, through retries', async () => {
    const unit = await buildUnit(env.db, { unitCode: 'HLTWHS001' });
    const tasks = [
      await buildTask(env.db, { unitId: unit.id }),
      await buildTask(env.db, { unitId: unit.id }),
    ];
    const jar = cookieJar();
    const { response } = await env.launch(jar, {
      claims: {
        sub: 'learner-ags',
        [`${lti}resource_link`]: { id: 'ags-link', title: 'WHS portfolio' },
        [`${lti}custom`]: { unit_code: 'HLTWHS001' },
        [ags]: {
          scope: ['https://purl.imsglobal.org/spec/lti-ags/scope/score'],
          lineitem: env.platform.lineItemUrl('li-whs'),
          lineitems: `${env.platform.origin}/lineitems`,
        },
      },
    });
    expect(response.status).toBe(303);
    const student = await (await env.send(jar, `${env.publicUrl}/api/auth/user`)).json();
    const [first, second] = await Promise.all(
      tasks.map((task) => buildSubmission(env.db, { studentId: student.id, taskId: task.id })),
    );
    const assessor = await courseAssessor(env, student.id);

    await (await assessor.caller()).assessor.submissions.grade({
      submissionIds: [first?.id ?? ''],
      status: 'satisfactory',
    });
    const partial = await until(
      env,
      () => env.platform.scores,
      (s) => s.length >= 1,
    );
    expect(partial[0]?.lineItem).toBe(env.platform.lineItemUrl('li-whs'));
    expect(partial[0]?.body).toMatchObject({
      userId: 'learner-ags',
      scoreGiven: 50,
      scoreMaximum: 100,
      activityProgress: 'InProgress',
      gradingProgress: 'Pending',
    });
    expect(String(partial[0]?.body.timestamp)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(env.platform.tokenRequests[0]?.scope).toBe('https://purl.imsglobal.org/spec/lti-ags/scope/score');

    // The platform is down for two tries: grading answers at once, the admin sees the waiting
    // passback with its error, and the score arrives on a later attempt.
    env.platform.failNextScores(2);
    await (await assessor.caller()).assessor.submissions.grade({
      submissionIds: [second?.id ?? ''],
      status: 'satisfactory',
    });
    const admin = await env.signedIn('rto_admin');
    const waiting = await until(
      env,
      async () =>
        (await (
          await fetch(`${env.publicUrl}/api/admin/lti/passbacks`, {
            headers: { cookie: `evident_session=${admin.sessionId}` },
          })
        ).json()) as { lastError: string | null; status: string }[],
      (list) => list.some((job) => job.lastError?.includes('503')),
    );
    expect(waiting[0]?.status).toMatch(/queued|running/);

    const done = await until(
      env,
      () => env.platform.scores,
      (s) => s.length >= 2,
    );
    expect(done[1]?.body).toMatchObject({
      userId: 'learner-ags',
      scoreGiven: 100,
      scoreMaximum: 100,
      activityProgress: 'Completed',
      // Every task satisfactory, but the assessor has not judged the unit yet.
      gradingProgress: 'PendingManual',
    });
    await until(
      env,
      async () =>
        (await (
          await fetch(`${env.publicUrl}/api/admin/lti/passbacks`, {
            headers: { cookie: `evident_session=${admin.sessionId}` },
          })
        ).json()) as unknown[],
      (list) => list.length === 0,
    );
  }, 120_000);

  it('sends the unit outcome once recorded (Competent: FullyGraded 100), and progress again once a NYS decision reopens it', async () => {
    const unit = await buildUnit(env.db, { unitCode: 'HLTWHS004' });
    const task = await buildTask(env.db, { unitId: unit.id, title: 'Report a hazard' });
    const jar = cookieJar();
    await env.launch(jar, {
      claims: {
        sub: 'learner-outcome',
        [`${lti}resource_link`]: { id: 'outcome-link' },
        [`${lti}custom`]: { unit_code: 'HLTWHS004' },
        [ags]: {
          scope: ['https://purl.imsglobal.org/spec/lti-ags/scope/score'],
          lineitem: env.platform.lineItemUrl('li-outcome'),
        },
      },
    });
    const student = await (await env.send(jar, `${env.publicUrl}/api/auth/user`)).json();
    const submission = await buildSubmission(env.db, { studentId: student.id, taskId: task.id });
    const assessor = await (await courseAssessor(env, student.id)).caller();
    const sent = () =>
      env.platform.scores.filter((s) => s.lineItem === env.platform.lineItemUrl('li-outcome'));
    await assessor.assessor.submissions.grade({ submissionIds: [submission.id], status: 'satisfactory' });
    await until(env, sent, (s) => s.length >= 1);

    await assessor.assessor.unitOutcomes.record({
      studentId: student.id,
      unitId: unit.id,
      outcome: 'competent',
      justification: 'Reported hazards correctly on site.',
      declarationVersion: 1,
    });
    const graded = await until(env, sent, (s) => s.length >= 2);
    expect(graded[1]?.body).toMatchObject({
      userId: 'learner-outcome',
      scoreGiven: 100,
      scoreMaximum: 100,
      activityProgress: 'Completed',
      gradingProgress: 'FullyGraded',
      comment: 'Competent (1 of 1 tasks satisfactory)',
    });

    // More evidence on the task, judged not yet satisfactory: the outcome is superseded.
    await env.db.update(submissions).set({ status: 'submitted' }).where(eq(submissions.id, submission.id));
    await assessor.assessor.submissions.grade({
      submissionIds: [submission.id],
      status: 'not_yet_satisfactory',
      strategiesForReassessment: 'Photograph the hazard report',
    });
    const reopened = await until(env, sent, (s) => s.length >= 3);
    expect(reopened[2]?.body).toMatchObject({
      scoreGiven: 0,
      activityProgress: 'InProgress',
      gradingProgress: 'Pending',
      comment: '0 of 1 tasks satisfactory',
    });
  }, 60_000);

  it('sends nothing for a link without a gradebook column', async () => {
    const unit = await buildUnit(env.db, { unitCode: 'HLTWHS002' });
    const task = await buildTask(env.db, { unitId: unit.id });
    const jar = cookieJar();
    await env.launch(jar, {
      claims: {
        sub: 'learner-nocol',
        [`${lti}resource_link`]: { id: 'nocol-link' },
        [`${lti}custom`]: { unit_code: 'HLTWHS002' },
      },
    });
    const student = await (await env.send(jar, `${env.publicUrl}/api/auth/user`)).json();
    const submission = await buildSubmission(env.db, { studentId: student.id, taskId: task.id });
    const count = async () => {
      const rows = await env.db.execute(`select count(*)::int as n from jobs where kind = 'lti.score'`);
      const list =
        (rows as unknown as { rows?: { n: number }[] }).rows ?? (rows as unknown as { n: number }[]);
      return list[0]?.n;
    };
    const before = { jobs: await count(), scores: env.platform.scores.length };
    const assessor = await courseAssessor(env, student.id);
    const graded = await (await assessor.caller()).assessor.submissions.grade({
      submissionIds: [submission.id],
      status: 'satisfactory',
    });
    expect(graded.count).toBe(1);
    expect(await count()).toBe(before.jobs);
    expect(env.platform.scores.length).toBe(before.scores);
  });
});

describe('a grade recorded while a passback is being sent', () => {
  it('gets a passback of its own, so the gradebook ends with the newest progress', async () => {
    const unit = await buildUnit(env.db, { unitCode: 'HLTWHS003' });
    const tasks = [
      await buildTask(env.db, { unitId: unit.id }),
      await buildTask(env.db, { unitId: unit.id }),
    ];
    const jar = cookieJar();
    await env.launch(jar, {
      claims: {
        sub: 'learner-race',
        [`${lti}resource_link`]: { id: 'race-link' },
        [`${lti}custom`]: { unit_code: 'HLTWHS003' },
        [ags]: {
          scope: ['https://purl.imsglobal.org/spec/lti-ags/scope/score'],
          lineitem: env.platform.lineItemUrl('li-race'),
        },
      },
    });
    const student = await (await env.send(jar, `${env.publicUrl}/api/auth/user`)).json();
    const [first, second] = await Promise.all(
      tasks.map((task) => buildSubmission(env.db, { studentId: student.id, taskId: task.id })),
    );
    const assessor = await (await courseAssessor(env, student.id)).caller();
    const race = () => env.platform.scores.filter((s) => s.lineItem === env.platform.lineItemUrl('li-race'));

    // The first passback has read 50% and is on its way when the second task is graded.
    const hold = env.platform.holdScores();
    await assessor.assessor.submissions.grade({ submissionIds: [first?.id ?? ''], status: 'satisfactory' });
    await hold.arrival;
    await assessor.assessor.submissions.grade({ submissionIds: [second?.id ?? ''], status: 'satisfactory' });
    hold.release();

    const sent = await until(env, race, (s) =>
      s.some((score) => score.body.activityProgress === 'Completed'),
    );
    expect(sent.at(-1)?.body).toMatchObject({ scoreGiven: 100, gradingProgress: 'PendingManual' });
  }, 60_000);
});
