import { awaitingApprovalMessage } from '@evident/core/user';
import { recordLtiLaunch } from '@evident/db/queries/lti-launches';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieJar, type LtiEnv, startLtiEnv } from './lti/lti-harness';
import { enrolledStudent, submission, unitWithTasks } from './matrix-fixtures';

/**
 * Issue 28: a launch's role never changes an account, a teacher an LMS makes waits for approval
 * unless an admin trusts the platform with teaching roles, and sees the classes of their courses
 * only, not every student in no class.
 */
const lti = 'https://purl.imsglobal.org/spec/lti/claim/';
const instructor = 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor';
const nrps = 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice';

let env: LtiEnv;
beforeAll(async () => {
  env = await startLtiEnv();
});
afterAll(async () => {
  await env?.close();
});

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[]);

async function me(jar: ReturnType<typeof cookieJar>) {
  return (await env.send(jar, `${env.publicUrl}/api/auth/user`)).json();
}

const sessionOf = (jar: ReturnType<typeof cookieJar>) =>
  env.browser('127.0.0.1', jar.cookies.get('evident_session')?.value ?? '');

async function person(subject: string) {
  const [row] = rowsOf<{ id: string; role: string; approved: boolean; classes_only: boolean }>(
    await env.db.execute(
      `select u.id, u.role, u.approved_at is not null as approved, u.classes_only from users u
       join identities i on i.user_id = u.id and i.kind = 'lti' where i.subject = '${subject}'`,
    ),
  );
  return row;
}

/** The admin screen's switch, through the admin procedures. */
async function trustTeachers(trusted: boolean) {
  const admin = await (await env.signedIn('rto_admin')).caller();
  const [platform] = await admin.admin.ltiPlatforms.list();
  if (!platform) throw new Error('no platform registered');
  const { id, createdAt: _created, ...fields } = platform;
  return admin.admin.ltiPlatforms.update({ ...fields, id, trustTeachingRoles: trusted });
}

describe('a launch never changes what an account may do', () => {
  it('a learner relaunched as Instructor stays a student, is shown why, and the audit trail says so', async () => {
    const learner = cookieJar();
    await env.launch(learner, { claims: { sub: 'roles-learner' } });
    const before = await me(learner);
    expect(before.role).toBe('student');

    const jar = cookieJar();
    const { response } = await env.launch(jar, {
      claims: { sub: 'roles-learner', [`${lti}roles`]: [instructor] },
    });
    expect(response.status).toBe(403);
    const page = await response.text();
    expect(page).toContain('Your course opened Evident for you as a teacher');
    expect(page).toContain('ask your Evident administrator');
    expect(jar.cookies.has('evident_session')).toBe(false);
    expect(await person('roles-learner')).toMatchObject({ role: 'student', approved: false });

    const audit = rowsOf<{ action: string; actor_id: string; subject_id: string; detail: unknown }>(
      await env.db.execute(
        `select action, actor_id, subject_id, detail from audit_events where subject_id = '${before.id}'`,
      ),
    );
    expect(audit).toEqual([
      {
        action: 'lti.role_refused',
        actor_id: before.id,
        subject_id: before.id,
        detail: expect.objectContaining({ issuer: env.platform.issuer, subject: 'roles-learner' }),
      },
    ]);
  });

  it('a roster naming a student a teacher leaves them a student', async () => {
    await env.launch(cookieJar(), { claims: { sub: 'roles-roster-student' } });
    env.platform.setMembers([{ user_id: 'roles-roster-student', roles: [instructor], name: 'Rae Roster' }]);
    await trustTeachers(true);
    const teacher = cookieJar();
    await env.launch(teacher, {
      claims: {
        sub: 'roles-roster-teacher',
        [`${lti}roles`]: [instructor],
        [nrps]: { context_memberships_url: env.platform.membershipsUrl, service_versions: ['2.0'] },
      },
    });
    const caller = await sessionOf(teacher).caller();
    const [course] = await caller.staff.lmsCourses.list();
    const synced = await caller.staff.lmsCourses.syncRoster({ courseId: course?.id ?? '' });
    const student = await person('roles-roster-student');
    expect(student).toMatchObject({ role: 'student' });
    const assessing = rowsOf<{ assessor_id: string }>(
      await env.db.execute(`select assessor_id from class_assessors where class_id = '${synced.classId}'`),
    );
    expect(assessing.map((row) => row.assessor_id)).not.toContain(student?.id);
    await trustTeachers(false);
  });
});

describe('a teacher an LMS launch makes', () => {
  it('waits for approval, seeing no evidence, when the platform is not trusted with teaching roles', async () => {
    const jar = cookieJar();
    const { response } = await env.launch(jar, {
      claims: { sub: 'roles-new-teacher', [`${lti}roles`]: [instructor] },
    });
    expect(response.status).toBe(303);
    expect(await me(jar)).toMatchObject({ role: 'assessor', awaitingApproval: true });
    await expect((await sessionOf(jar).caller()).staff.submissions.list()).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: awaitingApprovalMessage,
    });
    expect(await person('roles-new-teacher')).toMatchObject({ approved: false, classes_only: true });
  });

  it('starts approved once an admin trusts the platform; one already waiting keeps waiting', async () => {
    const saved = await trustTeachers(true);
    expect(saved.trustTeachingRoles).toBe(true);
    const jar = cookieJar();
    await env.launch(jar, { claims: { sub: 'roles-trusted-teacher', [`${lti}roles`]: [instructor] } });
    expect(await me(jar)).toMatchObject({ role: 'assessor', awaitingApproval: false });
    await env.launch(cookieJar(), { claims: { sub: 'roles-new-teacher', [`${lti}roles`]: [instructor] } });
    expect(await person('roles-new-teacher')).toMatchObject({ approved: false });
    await trustTeachers(false);
  });

  it('starts approved under ASSESSOR_SIGNUP=open, as a self-registered assessor would', async () => {
    const platform = await trustTeachers(false);
    const facts = {
      platformId: platform.id,
      issuer: env.platform.issuer,
      role: 'assessor' as const,
      firstName: 'Opal',
      lastName: 'Open',
      email: null,
      context: null,
      resourceLink: null,
    };
    const open = await recordLtiLaunch(
      env.db,
      { ...facts, subject: 'roles-open' },
      { assessorSignup: 'open' },
    );
    expect(open.user.approvedAt).not.toBeNull();
    const waiting = await recordLtiLaunch(
      env.db,
      { ...facts, subject: 'roles-approval' },
      { assessorSignup: 'approval' },
    );
    expect(waiting.user.approvedAt).toBeNull();
  });
});

describe("an LMS teacher's students are their courses' classes", () => {
  it('the grading queue and the matrix list only the course’s students, not one in no class', async () => {
    const { unit, tasks } = await unitWithTasks(env, 'ROLES101', 1);
    const taskId = tasks[0]?.id ?? '';
    const course = {
      [`${lti}context`]: { id: 'course-roles', label: 'ROL', title: 'Roles course' },
      [`${lti}resource_link`]: { id: 'roles-link' },
      [`${lti}custom`]: { unit_code: 'ROLES101' },
    };
    const learner = cookieJar();
    await env.launch(learner, { claims: { ...course, sub: 'roles-course-learner', given_name: 'Cora' } });
    const cora = await me(learner);
    await submission(env, { studentId: cora.id, taskId, status: 'submitted' });
    const una = await enrolledStudent(env, [unit.id], { firstName: 'Una', lastName: 'Unclassed' });
    await submission(env, { studentId: una.id, taskId, status: 'submitted' });

    await trustTeachers(true);
    const teacher = cookieJar();
    await env.launch(teacher, {
      claims: { ...course, sub: 'roles-course-teacher', [`${lti}roles`]: [instructor] },
    });
    await trustTeachers(false);
    const lmsTeacher = await sessionOf(teacher).caller();
    const names = (rows: { student: { firstName: string } }[]) =>
      [...new Set(rows.map((row) => row.student.firstName))].sort();
    const matrixNames = (matrix: { students: { firstName: string }[] }) =>
      matrix.students.map((student) => student.firstName).sort();
    expect(names(await lmsTeacher.staff.submissions.list())).toEqual(['Cora']);
    expect(matrixNames(await lmsTeacher.staff.evidenceMatrix.get({ unitId: unit.id }))).toEqual(['Cora']);
    await expect(lmsTeacher.staff.submissions.get({ studentId: una.id, taskId })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });

    // An ordinary assessor still sees the student in no class (issue 19), and not the course's.
    const ordinary = await (await env.signedIn('assessor')).caller();
    expect(names(await ordinary.staff.submissions.list())).toContain('Una');
    expect(matrixNames(await ordinary.staff.evidenceMatrix.get({ unitId: unit.id }))).toEqual(['Una']);
  });
});
