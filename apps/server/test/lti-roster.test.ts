import { buildUnit } from '@evident/db/testing/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieJar, type LtiEnv, startLtiEnv } from './lti/lti-harness';

const lti = 'https://purl.imsglobal.org/spec/lti/claim/';
const nrps = 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice';
const member = (name: string) => `http://purl.imsglobal.org/vocab/lis/v2/membership#${name}`;

let env: LtiEnv;
beforeAll(async () => {
  // The teachers here sync rosters, which an assessor still awaiting approval may not.
  env = await startLtiEnv({ trustTeachingRoles: true });
});
afterAll(async () => {
  await env?.close();
});

describe('LTI roster sync (Names and Role Provisioning)', () => {
  it('pulls every page of the course roster in and enrols its active students in the linked unit', async () => {
    await buildUnit(env.db, { unitCode: 'CHCDIV001' });
    env.platform.setMembers([
      {
        user_id: 'r-1',
        roles: [member('Learner')],
        given_name: 'Ada',
        family_name: 'One',
        email: 'ada@lms.example',
      },
      { user_id: 'r-2', roles: ['Learner'], name: 'Ben Two' },
      {
        user_id: 'r-3',
        roles: [member('Learner')],
        given_name: 'Cy',
        family_name: 'Gone',
        status: 'Inactive',
      },
      { user_id: 'teacher-r', roles: [member('Instructor')], given_name: 'Tia', family_name: 'Teacher' },
      { user_id: 'r-4', roles: [], given_name: 'Dee', family_name: 'Four' },
    ]);
    const teacher = cookieJar();
    await env.launch(teacher, {
      claims: {
        sub: 'teacher-r',
        [`${lti}roles`]: [member('Instructor')],
        [`${lti}resource_link`]: { id: 'roster-link' },
        [`${lti}custom`]: { unit_code: 'CHCDIV001' },
        [nrps]: { context_memberships_url: env.platform.membershipsUrl, service_versions: ['2.0'] },
      },
    });
    const courses = await (await env.send(teacher, `${env.publicUrl}/api/assessor/lti/courses`)).json();
    expect(courses).toEqual([{ id: expect.any(String), title: 'Certificate III in Care', label: 'CHC' }]);

    const sync = await env.send(teacher, `${env.publicUrl}/api/assessor/lti/courses/${courses[0].id}/sync`, {
      method: 'POST',
      headers: { origin: env.publicUrl },
    });
    expect(sync.status).toBe(200);
    expect(await sync.json()).toEqual({
      course: { id: courses[0].id, title: 'Certificate III in Care', label: 'CHC' },
      members: 5,
      students: 3,
      assessors: 1,
      enrolled: 3,
      classId: expect.any(String),
      classEnrolled: 3,
      classEnded: 0,
    });
    expect(env.platform.tokenRequests.at(-1)?.scope).toBe(
      'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
    );

    // A synced student who then launches is the same person, already enrolled.
    const student = cookieJar();
    await env.launch(student, { claims: { sub: 'r-2', [`${lti}resource_link`]: { id: 'roster-link' } } });
    const me = await (await env.send(student, `${env.publicUrl}/api/auth/user`)).json();
    expect(me.role).toBe('student');
    const linked = await env.db.execute(
      `select user_id from identities where kind = 'lti' and subject = 'r-2'`,
    );
    const ids =
      (linked as unknown as { rows?: { user_id: string }[] }).rows ??
      (linked as unknown as { user_id: string }[]);
    expect(ids.map((r) => r.user_id)).toEqual([me.id]);
    const rows = await env.db.execute(
      `select u.unit_code from enrolments e join units u on u.id = e.unit_id where e.student_id = '${me.id}'`,
    );
    const list =
      (rows as unknown as { rows?: { unit_code: string }[] }).rows ??
      (rows as unknown as { unit_code: string }[]);
    expect(list.map((r) => r.unit_code)).toEqual(['CHCDIV001']);

    // A second sync adds nothing new.
    const again = await env.send(teacher, `${env.publicUrl}/api/assessor/lti/courses/${courses[0].id}/sync`, {
      method: 'POST',
      headers: { origin: env.publicUrl },
    });
    expect((await again.json()).enrolled).toBe(0);
  });

  it('refuses students and courses the assessor never launched into', async () => {
    const student = cookieJar();
    await env.launch(student, { claims: { sub: 'r-student-only' } });
    expect((await env.send(student, `${env.publicUrl}/api/assessor/lti/courses`)).status).toBe(403);
    const other = await env.signedIn('assessor');
    const jar = cookieJar();
    jar.cookies.set('evident_session', { value: other.sessionId ?? '', path: '/' });
    expect(await (await env.send(jar, `${env.publicUrl}/api/assessor/lti/courses`)).json()).toEqual([]);
    const sync = await env.send(
      jar,
      `${env.publicUrl}/api/assessor/lti/courses/00000000-0000-0000-0000-000000000000/sync`,
      {
        method: 'POST',
        headers: { origin: env.publicUrl },
      },
    );
    expect(sync.status).toBe(404);
  });
});

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[]);

describe('an LMS course becomes a class (issue 19)', () => {
  it('a launch makes the class, a roster sync fills it, and members who left have their enrolment ended', async () => {
    await buildUnit(env.db, { unitCode: 'CHCCLS001' });
    const course = {
      [`${lti}context`]: { id: 'course-cls', label: 'CLS', title: 'Diploma of Community Services' },
      [`${lti}resource_link`]: { id: 'cls-link' },
      [`${lti}custom`]: { unit_code: 'CHCCLS001' },
    };
    // A learner launches first: the class is made, named after the course, with the link's unit.
    const learner = cookieJar();
    await env.launch(learner, { claims: { ...course, sub: 'cls-learner', given_name: 'Lia' } });
    const classes = rowsOf<{ id: string; name: string; invite_code: string }>(
      await env.db.execute(
        `select c.id, c.name, c.invite_code from classes c join lti_contexts x on x.id = c.lti_context_id where x.context_id = 'course-cls'`,
      ),
    );
    expect(classes).toHaveLength(1);
    const klass = classes[0] as { id: string; name: string; invite_code: string };
    expect(klass.name).toBe('Diploma of Community Services');
    expect(klass.invite_code).toMatch(/^[0-9a-f]{16}$/);
    const enrolments = async () =>
      rowsOf<{ subject: string; ended: boolean }>(
        await env.db.execute(
          `select i.subject, e.ended_at is not null as ended from class_enrolments e
           join identities i on i.user_id = e.student_id and i.kind = 'lti'
           where e.class_id = '${klass.id}' order by i.subject, e.enrolled_at`,
        ),
      );
    expect(await enrolments()).toEqual([{ subject: 'cls-learner', ended: false }]);
    const unitsOfClass = rowsOf<{ unit_code: string }>(
      await env.db.execute(
        `select u.unit_code from class_units cu join units u on u.id = cu.unit_id where cu.class_id = '${klass.id}'`,
      ),
    );
    expect(unitsOfClass.map((r) => r.unit_code)).toEqual(['CHCCLS001']);

    // The teacher launches (same class, now assessed by them) and syncs through the app's procedure.
    env.platform.setMembers([
      { user_id: 'cls-learner', roles: [member('Learner')], given_name: 'Lia', family_name: 'Learner' },
      { user_id: 'cls-2', roles: [member('Learner')], given_name: 'Mo', family_name: 'Member' },
      { user_id: 'cls-teacher', roles: [member('Instructor')], given_name: 'Tom', family_name: 'Teacher' },
    ]);
    const teacher = cookieJar();
    const { response: landed } = await env.launch(teacher, {
      claims: {
        ...course,
        sub: 'cls-teacher',
        [`${lti}roles`]: [member('Instructor')],
        [nrps]: { context_memberships_url: env.platform.membershipsUrl, service_versions: ['2.0'] },
      },
    });
    const caller = await env
      .browser('127.0.0.1', teacher.cookies.get('evident_session')?.value ?? '')
      .caller();
    const [listed] = (await caller.staff.lmsCourses.list()).filter(
      (c) => c.title === 'Diploma of Community Services',
    );
    expect(listed).toBeDefined();
    // The teacher's launch opened on this course, where its roster sync is.
    expect(landed.headers.get('location')?.split('#')[0]).toBe(`/lms-courses?course=${listed?.id}`);
    const first = await caller.staff.lmsCourses.syncRoster({ courseId: listed?.id ?? '' });
    expect(first).toMatchObject({ classId: klass.id, classEnrolled: 1, classEnded: 0, students: 2 });
    expect(await enrolments()).toEqual([
      { subject: 'cls-2', ended: false },
      { subject: 'cls-learner', ended: false },
    ]);
    const assessors = rowsOf<{ subject: string }>(
      await env.db.execute(
        `select i.subject from class_assessors a join identities i on i.user_id = a.assessor_id and i.kind = 'lti' where a.class_id = '${klass.id}'`,
      ),
    );
    expect(assessors.map((a) => a.subject)).toEqual(['cls-teacher']);

    // cls-learner leaves the course, cls-2 is inactive: both enrolments end, the rows stay.
    env.platform.setMembers([
      { user_id: 'cls-2', roles: [member('Learner')], status: 'Inactive' },
      { user_id: 'cls-teacher', roles: [member('Instructor')], given_name: 'Tom', family_name: 'Teacher' },
    ]);
    const second = await caller.staff.lmsCourses.syncRoster({ courseId: listed?.id ?? '' });
    expect(second).toMatchObject({ classEnrolled: 0, classEnded: 2, students: 0 });
    expect(await enrolments()).toEqual([
      { subject: 'cls-2', ended: true },
      { subject: 'cls-learner', ended: true },
    ]);
    const endedBy = rowsOf<{ ended_by: string }>(
      await env.db.execute(`select distinct ended_by from class_enrolments where class_id = '${klass.id}'`),
    );
    const teacherMe = await (await env.send(teacher, `${env.publicUrl}/api/auth/user`)).json();
    expect(endedBy.map((r) => r.ended_by)).toEqual([teacherMe.id]);

    // Launching again puts the learner back: a new open enrolment beside the ended one.
    await env.launch(cookieJar(), { claims: { ...course, sub: 'cls-learner' } });
    expect(await enrolments()).toEqual([
      { subject: 'cls-2', ended: true },
      { subject: 'cls-learner', ended: true },
      { subject: 'cls-learner', ended: false },
    ]);

    // A platform that refuses the roster is a 502 with its answer, and nothing changes.
    await env.db.execute(
      `update lti_contexts set memberships_url = '${env.platform.origin}/memberships/nowhere' where id = '${listed?.id}'`,
    );
    await expect(caller.staff.lmsCourses.syncRoster({ courseId: listed?.id ?? '' })).rejects.toMatchObject({
      code: 'BAD_GATEWAY',
      message: expect.stringContaining('The learning platform did not give the roster'),
    });
  });

  it('refuses the roster procedures to a student', async () => {
    const student = await env.signedIn('student');
    await expect((await student.caller()).staff.lmsCourses.list()).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});
