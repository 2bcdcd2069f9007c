import { auditEvents, classEnrolments, enrolments, users } from '@evident/db/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCallerIn, unitWithTwoTasks } from './class-fixtures';
import { createTestEnv, type TestEnv } from './harness';
import { newestMailTo } from './mail-fixtures';
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
const mailTo = (to: string, subject: string) => newestMailTo(env, to, subject);

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
