import { auditEvents, classEnrolments, enrolments, users } from '@evident/db/schema';
import { buildTask, buildUnit } from '@evident/db/testing/factories';
import { listOutbox } from '@evident/mail/outbox-reader';
import { TRPCError } from '@trpc/server';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { createTestEnv, type TestEnv } from './harness';

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

async function refusal(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return 'OK';
  } catch (error) {
    if (error instanceof TRPCError) return `${error.code}: ${error.message}`;
    throw error;
  }
}

/** A unit with two tasks, ready for a class. */
async function unitWithTasks() {
  const unit = await buildUnit(env.db);
  await buildTask(env.db, { unitId: unit.id, title: `${unit.unitCode} first task` });
  await buildTask(env.db, { unitId: unit.id, title: `${unit.unitCode} second task` });
  return unit;
}

async function adminCaller() {
  const admin = await env.signedIn('rto_admin', { firstName: 'Ada', lastName: 'Admin' });
  return { admin, caller: await admin.caller() };
}

/** The newest mail to `to` whose subject holds `subject`, once the job worker has sent it. */
async function mailTo(to: string, subject: string) {
  for (let attempt = 0; attempt < 300; attempt++) {
    await env.services.jobs.idle();
    const found = listOutbox(env.config.mail.outboxDir).filter(
      (m) => m.to === to && m.subject.includes(subject),
    );
    if (found.length > 0) return found[found.length - 1];
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no "${subject}" mail for ${to}`);
}

describe('an admin creates a class', () => {
  it('with a name, its units and optional dates; refuses a missing name, no unit, or an end before the start', async () => {
    const { caller } = await adminCaller();
    const unit = await unitWithTasks();
    const created = await caller.admin.classes.create({
      name: '  Forklift Tuesday  ',
      unitIds: [unit.id],
      startsOn: '2099-02-03',
      endsOn: '2099-06-30',
    });
    expect(created).toMatchObject({
      name: 'Forklift Tuesday',
      startsOn: '2099-02-03',
      endsOn: '2099-06-30',
      status: 'open',
      units: [{ id: unit.id, unitCode: unit.unitCode }],
      students: [],
      assessors: [],
    });
    expect(created.inviteUrl).toBe(`http://evident.test/join/${created.inviteCode}`);

    expect(await refusal(caller.admin.classes.create({ name: ' ', unitIds: [unit.id] }))).toContain(
      'Class name is required',
    );
    expect(await refusal(caller.admin.classes.create({ name: 'No units', unitIds: [] }))).toContain(
      'Choose at least one unit',
    );
    expect(
      await refusal(
        caller.admin.classes.create({
          name: 'Backwards',
          unitIds: [unit.id],
          startsOn: '2026-06-01',
          endsOn: '2026-05-01',
        }),
      ),
    ).toContain('The end date cannot be before the start date');

    const list = await caller.admin.classes.list();
    expect(list.find((row) => row.id === created.id)).toMatchObject({
      studentCount: 0,
      assessorCount: 0,
      units: [{ unitCode: unit.unitCode }],
    });
  });

  it('refuses a non-admin', async () => {
    const student = await env.signedIn('student');
    expect(await refusal((await student.caller()).admin.classes.list())).toMatch(/^FORBIDDEN/);
  });
});

describe('enrolling students', () => {
  it('by id puts them in the class and its units, so their tasks appear', async () => {
    const { caller } = await adminCaller();
    const unit = await unitWithTasks();
    const klass = await caller.admin.classes.create({ name: 'Cert III group', unitIds: [unit.id] });
    const student = await env.signedIn('student');
    expect(await (await student.caller()).student.tasks.list()).toEqual([]);

    const { results, class: after } = await caller.admin.classes.addStudents({
      id: klass.id,
      userIds: [student.user.id],
    });
    expect(results).toEqual([expect.objectContaining({ outcome: 'enrolled', userId: student.user.id })]);
    expect(after.students.map((s) => s.id)).toEqual([student.user.id]);
    const tasks = await (await student.caller()).student.tasks.list();
    expect(tasks.map((task) => task.unit.id)).toEqual([unit.id, unit.id]);

    const again = await caller.admin.classes.addStudents({ id: klass.id, userIds: [student.user.id] });
    expect(again.results[0]?.outcome).toBe('already_enrolled');

    const assessor = await env.signedIn('assessor');
    expect(
      await refusal(caller.admin.classes.addStudents({ id: klass.id, userIds: [assessor.user.id] })),
    ).toMatch(/^BAD_REQUEST: .* is not a student/);
  });

  it('by email enrols students, invites unknown people by mail, and reports everyone else per email', async () => {
    const { caller } = await adminCaller();
    const unit = await unitWithTasks();
    const klass = await caller.admin.classes.create({ name: 'Evening cohort', unitIds: [unit.id] });
    const known = await env.signedIn('student', { email: 'known.student@example.com' });
    await env.signedIn('assessor', { email: 'an.assessor@example.com' });

    const { results } = await caller.admin.classes.addStudents({
      id: klass.id,
      emails: [
        'Known.Student@example.com',
        'Nina Newcomer <nina.new@example.com>',
        'an.assessor@example.com',
        'not an email',
        'nina.new@example.com',
      ],
    });
    expect(results.map((r) => [r.email, r.outcome])).toEqual([
      ['known.student@example.com', 'enrolled'],
      ['nina.new@example.com', 'invited'],
      ['an.assessor@example.com', 'not_a_student'],
      ['not an email', 'invalid'],
    ]);
    expect(results[2]?.message).toBe('Not enrolled: this account is not a student');

    const [nina] = await env.db.select().from(users).where(eq(users.email, 'nina.new@example.com'));
    expect(nina).toMatchObject({
      firstName: 'Nina',
      lastName: 'Newcomer',
      role: 'student',
      passwordHash: null,
    });
    const unitRows = await env.db
      .select()
      .from(enrolments)
      .where(eq(enrolments.studentId, nina?.id ?? ''));
    expect(unitRows.map((row) => row.unitId)).toEqual([unit.id]);

    const mail = await mailTo('nina.new@example.com', 'Evening cohort');
    expect(mail?.text).toContain(unit.unitCode);
    const link = mail?.text.match(/https?:\/\/\S+welcome\?token=\S+/)?.[0];
    expect(link).toBeDefined();
    const token = new URL(link ?? '').searchParams.get('token') ?? '';
    const visitor = env.browser();
    await (await visitor.caller()).auth.password.reset({ token, password: 'nina chooses this' });
    await (await visitor.caller()).auth.session.login({
      email: 'nina.new@example.com',
      password: 'nina chooses this',
    });
    const tasks = await (await visitor.caller()).student.tasks.list();
    expect(tasks).toHaveLength(2);

    const detail = await caller.admin.classes.get({ id: klass.id });
    expect(detail.students.map((s) => s.email).sort()).toEqual([known.user.email, 'nina.new@example.com']);
    const listed = (await caller.admin.classes.list()).find((row) => row.id === klass.id);
    expect(listed).toMatchObject({ studentCount: 2, assessorCount: 0 });

    const kinds = await env.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subjectId, nina?.id ?? ''));
    expect(kinds.map((row) => row.action).sort()).toEqual([
      'class.enrol',
      'class.invite',
      'password.reset',
      'sign-in.success',
    ]);

    expect(await refusal(caller.admin.classes.addStudents({ id: klass.id, emails: [] }))).toContain(
      'Paste at least one email address',
    );
  });

  it('ending an enrolment keeps its row with who ended it; the student may be enrolled again', async () => {
    const { admin, caller } = await adminCaller();
    const unit = await unitWithTasks();
    const klass = await caller.admin.classes.create({ name: 'Ending', unitIds: [unit.id] });
    const student = await env.signedIn('student');
    await caller.admin.classes.addStudents({ id: klass.id, userIds: [student.user.id] });

    const after = await caller.admin.classes.endEnrolment({ id: klass.id, userId: student.user.id });
    expect(after.students).toEqual([]);
    expect(after.endedEnrolments).toEqual([
      expect.objectContaining({ id: student.user.id, endedBy: 'Ada Admin' }),
    ]);
    const rows = await env.db
      .select()
      .from(classEnrolments)
      .where(and(eq(classEnrolments.classId, klass.id), eq(classEnrolments.studentId, student.user.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.endedBy).toBe(admin.user.id);
    expect(rows[0]?.endedAt).toBeInstanceOf(Date);
    // Their unit and its evidence stay theirs.
    expect(await (await student.caller()).student.tasks.list()).toHaveLength(2);

    expect(
      await refusal(caller.admin.classes.endEnrolment({ id: klass.id, userId: student.user.id })),
    ).toContain('no current enrolment');
    await caller.admin.classes.addStudents({ id: klass.id, userIds: [student.user.id] });
    const rowsAgain = await env.db
      .select()
      .from(classEnrolments)
      .where(eq(classEnrolments.classId, klass.id));
    expect(rowsAgain).toHaveLength(2);
  });
});

describe('assessors of a class', () => {
  it('are approved, active assessors only', async () => {
    const { caller } = await adminCaller();
    const unit = await unitWithTasks();
    const klass = await caller.admin.classes.create({ name: 'Assessed', unitIds: [unit.id] });
    const assessor = await env.signedIn('assessor', { firstName: 'Ash', lastName: 'Assessor' });
    const waiting = await env.signedIn('assessor', {
      firstName: 'Wes',
      lastName: 'Waiting',
      approved: false,
    });
    const student = await env.signedIn('student', { firstName: 'Stu', lastName: 'Dent' });

    const after = await caller.admin.classes.addAssessors({ id: klass.id, userIds: [assessor.user.id] });
    expect(after.assessors.map((a) => a.id)).toEqual([assessor.user.id]);
    expect(
      await refusal(caller.admin.classes.addAssessors({ id: klass.id, userIds: [waiting.user.id] })),
    ).toBe('BAD_REQUEST: Wes Waiting is waiting for approval and cannot assess a class');
    expect(
      await refusal(caller.admin.classes.addAssessors({ id: klass.id, userIds: [student.user.id] })),
    ).toBe('BAD_REQUEST: Stu Dent is not an assessor and cannot assess a class');
    const list = await caller.admin.classes.list();
    expect(list.find((row) => row.id === klass.id)?.assessorCount).toBe(1);
  });
});

describe('archiving a class', () => {
  it('keeps its enrolments and takes no more students', async () => {
    const { caller } = await adminCaller();
    const unit = await unitWithTasks();
    const klass = await caller.admin.classes.create({ name: 'Old cohort', unitIds: [unit.id] });
    const student = await env.signedIn('student');
    await caller.admin.classes.addStudents({ id: klass.id, userIds: [student.user.id] });

    const archived = await caller.admin.classes.delete({ id: klass.id });
    expect(archived.status).toBe('archived');
    expect(archived.students.map((s) => s.id)).toEqual([student.user.id]);
    expect(
      await refusal(caller.admin.classes.addStudents({ id: klass.id, emails: ['someone@example.com'] })),
    ).toBe('CONFLICT: Old cohort has been archived and takes no changes');
    const other = await env.signedIn('student');
    expect(
      await refusal((await other.caller()).invitation.classes.join({ inviteCode: klass.inviteCode })),
    ).toBe('CONFLICT: Old cohort has been archived and is closed to new students.');
  });
});

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

describe('the REST paths with an API token', () => {
  it('create, read, change, enrol by email, end an enrolment and archive a class', async () => {
    const { admin } = await adminCaller();
    const { token } = await (await admin.caller()).admin.tokens.issue({
      userId: admin.user.id,
      name: 'Class sync',
      scope: 'write',
    });
    const unit = await unitWithTasks();
    const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
      app.inject({
        method,
        url,
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
        ...(payload ? { payload: JSON.stringify(payload) } : {}),
      });

    const created = await call('POST', '/api/admin/classes', { name: 'REST cohort', unitIds: [unit.id] });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const bad = await call('POST', '/api/admin/classes', { name: 'Bad', unitIds: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Choose at least one unit');

    expect(
      (await call('GET', '/api/admin/classes')).json().some((row: { id: string }) => row.id === id),
    ).toBe(true);
    const put = await call('PUT', `/api/admin/classes/${id}`, {
      name: 'REST cohort renamed',
      unitIds: [unit.id],
      endsOn: '2030-01-01',
    });
    expect(put.json()).toMatchObject({ name: 'REST cohort renamed', endsOn: '2030-01-01' });

    const assessor = await env.signedIn('assessor');
    const assessors = await call('POST', `/api/admin/classes/${id}/assessors`, {
      userIds: [assessor.user.id],
    });
    expect(assessors.statusCode, assessors.body).toBe(200);

    const students = await call('POST', `/api/admin/classes/${id}/students`, {
      emails: ['rest.newcomer@example.com'],
    });
    expect(students.statusCode, students.body).toBe(200);
    const [row] = students.json().results;
    expect(row).toMatchObject({ email: 'rest.newcomer@example.com', outcome: 'invited' });
    await mailTo('rest.newcomer@example.com', 'REST cohort renamed');

    const both = await call('POST', `/api/admin/classes/${id}/students`, {
      emails: ['a@example.com'],
      userIds: [],
    });
    expect(both.statusCode).toBe(400);

    const ended = await call('DELETE', `/api/admin/classes/${id}/students/${row.userId}`);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().endedEnrolments).toHaveLength(1);

    const archived = await call('DELETE', `/api/admin/classes/${id}`);
    expect(archived.json().status).toBe('archived');
    const got = await call('GET', `/api/admin/classes/${id}`);
    expect(got.json()).toMatchObject({ status: 'archived', endedEnrolments: [{ id: row.userId }] });

    const missing = await call('GET', '/api/admin/classes/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toBe('Class not found');

    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const post = doc.paths['/api/admin/classes/{id}/students'].post;
    expect(Object.keys(post.requestBody.content['application/json'].schema.properties).sort()).toEqual([
      'emails',
      'userIds',
    ]);
    expect(doc.paths['/api/admin/classes/{id}/students/{userId}'].delete.description).toContain(
      'admin.classes.endEnrolment',
    );
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
