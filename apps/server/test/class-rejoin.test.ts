import { buildTask, buildUnit } from '@evident/db/testing/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from './harness';
import { refusal } from './refusal';

let env: TestEnv;
let app: Awaited<ReturnType<TestEnv['app']>>;
beforeAll(async () => {
  env = await createTestEnv();
  app = await env.app();
});
afterAll(async () => {
  await app.close();
  await env.close();
});

const ENDED = 'Your trainer ended your place in this class; ask them';

async function classWithStudent(name: string) {
  const admin = await env.signedIn('rto_admin');
  const caller = await admin.caller();
  const unit = await buildUnit(env.db);
  await buildTask(env.db, { unitId: unit.id });
  const klass = await caller.admin.classes.create({ name, unitIds: [unit.id] });
  const student = await env.signedIn('student');
  await (await student.caller()).invitation.classes.join({ inviteCode: klass.inviteCode });
  return { caller, klass, student };
}

describe('a student an admin removed from a class', () => {
  it('cannot rejoin through the invitation link: 409 with the reason, and the class does not list them', async () => {
    const { caller, klass, student } = await classWithStudent('Removed cohort');
    await caller.admin.classes.endEnrolment({ id: klass.id, userId: student.user.id });

    const studentCaller = await student.caller();
    expect(await refusal(studentCaller.invitation.classes.join({ inviteCode: klass.inviteCode }))).toBe(
      `CONFLICT: ${ENDED}`,
    );
    const info = await studentCaller.invitation.classes.get({ inviteCode: klass.inviteCode });
    expect(info).toMatchObject({ alreadyJoined: false, closedReason: ENDED });

    const res = await app.inject({
      method: 'POST',
      url: '/trpc/invitation.classes.join',
      headers: {
        cookie: `${env.services.sessions.cookieName}=${student.sessionId}`,
        origin: 'http://localhost:80',
        host: 'localhost:80',
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ inviteCode: klass.inviteCode }),
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.message).toBe(ENDED);

    const after = await caller.admin.classes.get({ id: klass.id });
    expect(after.students.map((s) => s.id)).not.toContain(student.user.id);
    expect(after.endedEnrolments.filter((s) => s.id === student.user.id)).toHaveLength(1);
  });

  it('is enrolled again by an admin, and is then simply already in the class', async () => {
    const { caller, klass, student } = await classWithStudent('Readmitted cohort');
    await caller.admin.classes.endEnrolment({ id: klass.id, userId: student.user.id });

    const back = await caller.admin.classes.addStudents({ id: klass.id, userIds: [student.user.id] });
    expect(back.results).toMatchObject([{ outcome: 'enrolled' }]);
    const studentCaller = await student.caller();
    const again = await studentCaller.invitation.classes.join({ inviteCode: klass.inviteCode });
    expect(again.joined).toBe(false);
    expect(await studentCaller.invitation.classes.get({ inviteCode: klass.inviteCode })).toMatchObject({
      alreadyJoined: true,
      closedReason: null,
    });
  });

  it('a student never in the class still joins through the link', async () => {
    const { klass } = await classWithStudent('Open cohort');
    const newcomer = await env.signedIn('student');
    const joined = await (await newcomer.caller()).invitation.classes.join({ inviteCode: klass.inviteCode });
    expect(joined.joined).toBe(true);
  });
});
