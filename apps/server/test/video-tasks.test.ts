import { buildEnrolment, buildUnit } from '@evident/db/testing/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from './harness';

/** Issue 28: video is an evidence type a task may ask for, over tRPC, REST and the OpenAPI document. */

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

describe('tasks that ask for video', () => {
  it('an admin creates and edits one over tRPC, and its student sees it', async () => {
    const admin = await (await env.signedIn('rto_admin')).caller();
    const unit = await buildUnit(env.db);
    const task = await admin.admin.tasks.create({
      unitId: unit.id,
      title: 'Demonstrate the lifting technique',
      evidenceTypes: ['video'],
    });
    expect(task.evidenceTypes).toEqual(['video']);
    const changed = await admin.admin.tasks.update({
      taskId: task.id,
      title: 'Demonstrate the lifting technique',
      evidenceTypes: ['photo', 'video'],
    });
    expect(changed.evidenceTypes).toEqual(['photo', 'video']);
    expect((await admin.admin.tasks.list({ unitId: unit.id })).tasks[0]?.evidenceTypes).toEqual([
      'photo',
      'video',
    ]);

    const student = await env.signedIn('student');
    await buildEnrolment(env.db, { studentId: student.user.id, unitId: unit.id });
    const mine = await (await student.caller()).student.tasks.list();
    expect(mine.map((t) => [t.title, t.evidenceTypes])).toEqual([
      ['Demonstrate the lifting technique', ['photo', 'video']],
    ]);
    await expect(
      admin.admin.tasks.create({ unitId: unit.id, title: 'x', evidenceTypes: ['hologram' as 'video'] }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('Evidence type must be one of photo, audio, pdf, document, video'),
    });
  });

  it('an admin creates one over REST (POST /api/admin/units/{id}/tasks), as the OpenAPI document says', async () => {
    const admin = await env.signedIn('rto_admin');
    const unit = await buildUnit(env.db);
    const headers = { cookie: `evident_session=${admin.sessionId}`, 'content-type': 'application/json' };
    const created = await app.inject({
      method: 'POST',
      url: `/api/admin/units/${unit.id}/tasks`,
      headers,
      payload: JSON.stringify({ title: 'Film the start-up check', phase: 'Check', evidenceTypes: ['video'] }),
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ title: 'Film the start-up check', evidenceTypes: ['video'] });
    const listed = await app.inject({ method: 'GET', url: `/api/admin/units/${unit.id}/tasks`, headers });
    expect(listed.json()).toEqual([expect.objectContaining({ evidenceTypes: ['video'] })]);

    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const body =
      doc.paths['/api/admin/units/{unitId}/tasks'].post.requestBody.content['application/json'].schema;
    expect(body.properties.evidenceTypes.items.enum).toEqual(['photo', 'audio', 'pdf', 'document', 'video']);
    const answer = doc.paths['/api/student/tasks'].get.responses['200'].content['application/json'].schema;
    expect(JSON.stringify(answer)).toContain('"enum":["photo","audio","pdf","document","video"]');
  });
});
