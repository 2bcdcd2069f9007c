import { buildUnit } from '@evident/db/testing/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieJar, type LtiEnv, startLtiEnv } from './lti/lti-harness';

const lti = 'https://purl.imsglobal.org/spec/lti/claim/';
const nrps = 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice';
const member = (name: string) => `http://purl.imsglobal.org/vocab/lis/v2/membership#${name}`;

let env: LtiEnv;
beforeAll(async () => {
  env = await startLtiEnv();
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
    expect(await sync.json()).toEqual({ members: 5, students: 3, assessors: 1, enrolled: 3 });
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
