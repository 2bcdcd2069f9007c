import { buildSubmission, buildTask, buildUnit } from '@evident/db/testing/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieJar, courseAssessor, type LtiEnv, startLtiEnv, until } from './lti/lti-harness';

/** The admin tRPC procedures behind the LTI Platforms and Grade Passbacks screens. */

const lti = 'https://purl.imsglobal.org/spec/lti/claim/';
const ags = 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint';

let env: LtiEnv;
beforeAll(async () => {
  // A failed passback waits a minute before its next try, so the test sees it waiting.
  env = await startLtiEnv({ jobs: { pollMs: 100, retryBaseMs: 60_000 } });
});
afterAll(async () => {
  await env?.close();
});

const moodle = {
  issuer: 'https://moodle.example.edu',
  clientId: 'abc123',
  deploymentIds: ['1'],
  authorizationUrl: 'https://moodle.example.edu/mod/lti/auth.php',
  tokenUrl: 'https://moodle.example.edu/mod/lti/token.php',
  jwksUrl: 'https://moodle.example.edu/mod/lti/certs.php',
};

describe('LTI platforms (admin procedures)', () => {
  it('adds, edits and removes a platform, refusing a second registration of the same one', async () => {
    const admin = await (await env.signedIn('rto_admin')).caller();
    const added = await admin.admin.ltiPlatforms.create(moodle);
    expect(added).toMatchObject({ issuer: moodle.issuer, clientId: 'abc123', deploymentIds: ['1'] });
    await expect(admin.admin.ltiPlatforms.create(moodle)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Another platform is already registered with this issuer and client id',
    });

    const edited = await admin.admin.ltiPlatforms.update({
      ...moodle,
      id: added.id,
      clientId: 'abc124',
      deploymentIds: ['1', '2'],
    });
    expect(edited).toMatchObject({ id: added.id, clientId: 'abc124', deploymentIds: ['1', '2'] });
    // Editing onto the fake platform's issuer and client id would make two registrations of one.
    await expect(
      admin.admin.ltiPlatforms.update({ ...env.platform.registration, id: added.id }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });

    const list = await admin.admin.ltiPlatforms.list();
    expect(list.map((p) => p.clientId).sort()).toEqual(['abc124', env.platform.clientId].sort());

    await admin.admin.ltiPlatforms.delete({ id: added.id });
    await expect(admin.admin.ltiPlatforms.delete({ id: added.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Platform not found',
    });
    expect((await admin.admin.ltiPlatforms.list()).map((p) => p.clientId)).toEqual([env.platform.clientId]);
  });

  it('checks a platform as LTI_PLATFORMS does, and is for admins only', async () => {
    const admin = await (await env.signedIn('rto_admin')).caller();
    await expect(
      admin.admin.ltiPlatforms.create({ ...moodle, jwksUrl: 'not a url', issuer: ' ' }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/issuer is required[\s\S]*jwksUrl must be a URL/),
    });
    await expect(admin.admin.ltiPlatforms.create({ ...moodle, deploymentIds: [''] })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('deployment id'),
    });
    const assessor = await (await env.signedIn('assessor')).caller();
    await expect(assessor.admin.ltiPlatforms.list()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(assessor.admin.ltiPlatforms.create(moodle)).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('grade passbacks (admin procedures)', () => {
  it('shows a passback that failed with its reason, and a retry sends it at once', async () => {
    const unit = await buildUnit(env.db, { unitCode: 'HLTADM001' });
    const task = await buildTask(env.db, { unitId: unit.id });
    const jar = cookieJar();
    await env.launch(jar, {
      claims: {
        sub: 'learner-retry',
        given_name: 'Rita',
        family_name: 'Retry',
        [`${lti}resource_link`]: { id: 'retry-link', title: 'Admin portfolio' },
        [`${lti}custom`]: { unit_code: 'HLTADM001' },
        [ags]: {
          scope: ['https://purl.imsglobal.org/spec/lti-ags/scope/score'],
          lineitem: env.platform.lineItemUrl('li-retry'),
        },
      },
    });
    const student = await (await env.send(jar, `${env.publicUrl}/api/auth/user`)).json();
    const submission = await buildSubmission(env.db, { studentId: student.id, taskId: task.id });
    env.platform.failNextScores(1);
    const scoresBefore = env.platform.scores.length;
    await (await (await courseAssessor(env, student.id)).caller()).assessor.submissions.grade({
      submissionIds: [submission.id],
      status: 'satisfactory',
    });

    const admin = await (await env.signedIn('rto_admin')).caller();
    const waiting = await until(
      env,
      () => admin.admin.ltiPassbacks.list(),
      (list) => list.some((p) => p.lastError?.includes('503') && p.status === 'queued'),
    );
    const passback = waiting.find((p) => p.unitCode === 'HLTADM001');
    expect(passback).toMatchObject({
      studentName: 'Rita Retry',
      linkTitle: 'Admin portfolio',
      issuer: env.platform.issuer,
      attempts: 1,
    });
    expect(new Date(passback?.nextAttemptAt ?? 0).getTime()).toBeGreaterThan(Date.now());

    // As the worker leaves it once the attempts run out.
    await env.db.execute(
      `update jobs set status = 'failed', finished_at = now() where id = '${passback?.id}'`,
    );
    expect((await admin.admin.ltiPassbacks.list()).find((p) => p.id === passback?.id)?.status).toBe('failed');

    await admin.admin.ltiPassbacks.retry({ id: passback?.id ?? '' });
    const scores = await until(
      env,
      () => env.platform.scores,
      (s) => s.length > scoresBefore,
    );
    expect(scores.at(-1)?.body).toMatchObject({ userId: 'learner-retry', activityProgress: 'Completed' });
    await until(
      env,
      () => admin.admin.ltiPassbacks.list(),
      (list) => !list.some((p) => p.id === passback?.id),
    );
    await expect(admin.admin.ltiPassbacks.retry({ id: passback?.id ?? '' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  }, 60_000);
});
