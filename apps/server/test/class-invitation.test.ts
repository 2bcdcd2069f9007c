import { enrolments } from '@evident/db/schema';
import { buildTask, buildUnit } from '@evident/db/testing/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { adminCallerIn, unitWithTwoTasks } from './class-fixtures';
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

const unitWithTasks = () => unitWithTwoTasks(env);
const adminCaller = () => adminCallerIn(env);

describe('the class invitation link', () => {
  it('tells anyone holding it what they join, and a signed-in student joins the class and its units', async () => {
    const { caller } = await adminCaller();
    const unit = await unitWithTasks();
    const klass = await caller.admin.classes.create({ name: 'Link cohort', unitIds: [unit.id] });

    const visitor = await env.browser().caller();
    expect(await visitor.invitation.classes.get({ inviteCode: klass.inviteCode })).toMatchObject({
      name: 'Link cohort',
      units: [{ unitCode: unit.unitCode }],
      closedReason: null,
      alreadyJoined: false,
    });
    expect(await refusal(visitor.invitation.classes.join({ inviteCode: klass.inviteCode }))).toMatch(
      /^UNAUTHORIZED/,
    );

    const student = await env.signedIn('student');
    const joined = await (await student.caller()).invitation.classes.join({ inviteCode: klass.inviteCode });
    expect(joined).toMatchObject({ className: 'Link cohort', joined: true });
    expect(await (await student.caller()).student.tasks.list()).toHaveLength(2);
    expect(
      (await (await student.caller()).invitation.classes.get({ inviteCode: klass.inviteCode })).alreadyJoined,
    ).toBe(true);
    const again = await (await student.caller()).invitation.classes.join({ inviteCode: klass.inviteCode });
    expect(again.joined).toBe(false);

    const renewed = await caller.admin.classes.regenerateInviteLink({ id: klass.id });
    expect(renewed.inviteCode).not.toBe(klass.inviteCode);
    expect(await refusal(visitor.invitation.classes.get({ inviteCode: klass.inviteCode }))).toBe(
      'NOT_FOUND: This invitation link is not valid. Ask your trainer for the class invitation link.',
    );
  });

  it('says so when the class has ended', async () => {
    const { caller } = await adminCaller();
    const unit = await unitWithTasks();
    const klass = await caller.admin.classes.create({
      name: 'Last year',
      unitIds: [unit.id],
      startsOn: '2020-01-01',
      endsOn: '2020-12-31',
    });
    const student = await env.signedIn('student');
    const info = await (await student.caller()).invitation.classes.get({ inviteCode: klass.inviteCode });
    expect(info.closedReason).toBe(
      'Last year ended on 2020-12-31. Ask your trainer which class to join now.',
    );
    expect(
      await refusal((await student.caller()).invitation.classes.join({ inviteCode: klass.inviteCode })),
    ).toMatch(/^CONFLICT: Last year ended on 2020-12-31/);
  });
});

describe('SELF_ENROL', () => {
  it('is open or invitation; anything else stops start-up naming the variable', () => {
    expect(loadConfig({ DATA_DIR: env.dataDir }).selfEnrol).toBe('open');
    expect(() => loadConfig({ DATA_DIR: env.dataDir, SELF_ENROL: 'closed' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: env.dataDir, SELF_ENROL: 'closed' })).toThrow('SELF_ENROL');
  });

  it('open (the default) lets a unit code alone enrol a student', async () => {
    const unit = await unitWithTasks();
    const student = await env.signedIn('student');
    const caller = await student.caller();
    expect(await caller.student.units.getSetUpOptions()).toEqual({ selfEnrol: 'open' });
    expect(await caller.student.units.setUp({ unitCode: unit.unitCode })).toMatchObject({ taskCount: 2 });
  });

  it('invitation: a unit code joins nothing and says how to get an invitation', async () => {
    const closed = await createTestEnv({ env: { SELF_ENROL: 'invitation' } });
    try {
      const unit = await buildUnit(closed.db);
      await buildTask(closed.db, { unitId: unit.id });
      const student = await closed.signedIn('student');
      const caller = await student.caller();
      expect(await caller.student.units.getSetUpOptions()).toEqual({ selfEnrol: 'invitation' });
      expect(await refusal(caller.student.units.setUp({ unitCode: unit.unitCode }))).toBe(
        'FORBIDDEN: Joining a unit by its code is turned off here. Ask your trainer for the class invitation link.',
      );
      expect(await closed.db.select().from(enrolments)).toEqual([]);
      // The spec's REST path says the same, as a 403 with the message as its body.
      const closedApp = await closed.app();
      const rest = await closedApp.inject({
        method: 'POST',
        url: '/api/units/generate-tasks',
        headers: {
          cookie: `evident_session=${student.sessionId}`,
          'content-type': 'application/json',
          origin: 'http://localhost:80',
          host: 'localhost:80',
        },
        payload: JSON.stringify({ unitCode: unit.unitCode }),
      });
      await closedApp.close();
      expect(rest.statusCode).toBe(403);
      expect(rest.body).toBe(
        'Joining a unit by its code is turned off here. Ask your trainer for the class invitation link.',
      );

      // The invitation link still works.
      const admin = await closed.signedIn('rto_admin');
      const klass = await (await admin.caller()).admin.classes.create({
        name: 'Invited',
        unitIds: [unit.id],
      });
      await caller.invitation.classes.join({ inviteCode: klass.inviteCode });
      expect(await caller.student.tasks.list()).toHaveLength(1);
    } finally {
      await closed.close();
    }
  });
});
