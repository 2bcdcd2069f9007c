import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCallerIn, unitWithTwoTasks } from './class-fixtures';
import { createTestEnv, type TestEnv } from './harness';
import { newestMailTo } from './mail-fixtures';

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
