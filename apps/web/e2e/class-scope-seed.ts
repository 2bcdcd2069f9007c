import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, request } from '@playwright/test';
import sharp from 'sharp';
import type { ClassScopeServer } from './class-scope-server';
import { admin } from './e2e-env';
import { ownAddress } from './support';

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()}: ${response.status()} ${await response.text()}`).toBe(true);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

const password = 'class-scope-e2e-password';

async function registered(url: string, firstName: string, lastName: string, role: 'student' | 'assessor') {
  const email = `${firstName.toLowerCase()}.${lastName.toLowerCase()}@class-scope.test`;
  const anonymous = await request.newContext({
    baseURL: url,
    extraHTTPHeaders: { 'x-forwarded-for': ownAddress() },
  });
  await ok(
    await anonymous.post('/api/auth/register', { data: { firstName, lastName, email, password, role } }),
  );
  await anonymous.dispose();
  const context = await request.newContext({ baseURL: url });
  await ok(await context.post('/api/auth/login', { data: { email, password } }));
  const me = await ok<{ id: string }>(await context.get('/api/auth/user'));
  return { context, email, id: me.id };
}

async function uploadPhoto(student: APIRequestContext, taskId: string, shade: number): Promise<void> {
  const bytes = await sharp({
    create: { width: 640, height: 420, channels: 3, background: { r: 60 + shade, g: 140, b: 200 - shade } },
  })
    .jpeg()
    .toBuffer();
  const file = { fileName: 'site-photo.jpg', fileType: 'image/jpeg' };
  const grant = await ok<{ uploadUrl: string; objectPath: string }>(
    await student.post('/api/evidence/upload-url', { data: { ...file, fileSize: bytes.length } }),
  );
  const target = new URL(grant.uploadUrl, 'http://relative.invalid');
  await ok(
    await student.put(`${target.pathname}${target.search}`, {
      data: bytes,
      headers: { 'content-type': file.fileType },
    }),
  );
  await ok(await student.post('/api/evidence', { data: { ...file, taskId, objectPath: grant.objectPath } }));
}

export type ClassScopeCohort = {
  annie: { email: string; password: string };
  classX: string;
  classY: string;
};

/**
 * One unit, two classes and a student in none: Xena in Class X (Annie assesses it), Yuri in Class Y
 * (Bert's), Nora in no class. Each has a photo waiting on the first task.
 */
export async function seedClassScope(server: ClassScopeServer): Promise<ClassScopeCohort> {
  const adminContext = await request.newContext({ baseURL: server.url });
  await ok(await adminContext.post('/api/auth/login', { data: admin }));
  const unitCode = 'CLS101';
  const unit = await ok<{ id: string }>(
    await adminContext.post('/api/admin/units', { data: { unitCode, title: 'Work safely at heights' } }),
  );
  for (const title of ['Inspect the harness', 'Check the anchor points']) {
    await ok(
      await adminContext.post(`/api/admin/units/${unit.id}/tasks`, {
        data: { title, description: `${title} on site.`, tooltip: '' },
      }),
    );
  }
  const students = [];
  for (const [index, [first, last]] of (
    [
      ['Xena', 'Inclass'],
      ['Yuri', 'Otherclass'],
      ['Nora', 'Noclass'],
    ] as const
  ).entries()) {
    const student = await registered(server.url, first, last, 'student');
    await ok(await student.context.post('/api/units/generate-tasks', { data: { unitCode } }));
    const tasks = await ok<{ id: string; unitCode: string }[]>(
      await student.context.get('/api/student/tasks'),
    );
    const task = tasks.find((candidate) => candidate.unitCode === unitCode);
    if (!task) throw new Error('the unit has no tasks');
    await uploadPhoto(student.context, task.id, index * 50);
    students.push(student);
  }
  const annie = await registered(server.url, 'Annie', 'Assessor', 'assessor');
  const bert = await registered(server.url, 'Bert', 'Assessor', 'assessor');
  const [xena, yuri] = students;
  if (!xena || !yuri) throw new Error('students not set up');

  const makeClass = async (name: string, assessorId: string, studentId: string) => {
    const [row] = await server.sql<{ id: string }[]>`
      insert into classes (name, invite_code) values (${name}, ${randomBytes(12).toString('base64url')})
      returning id`;
    if (!row) throw new Error('class not created');
    await server.sql`insert into class_units (class_id, unit_id) values (${row.id}, ${unit.id})`;
    await server.sql`insert into class_assessors (class_id, assessor_id) values (${row.id}, ${assessorId})`;
    await server.sql`insert into class_enrolments (class_id, student_id) values (${row.id}, ${studentId})`;
    return row.id;
  };
  const classX = await makeClass('Class X', annie.id, xena.id);
  const classY = await makeClass('Class Y', bert.id, yuri.id);
  for (const person of [...students, annie, bert]) await person.context.dispose();
  await adminContext.dispose();
  return { annie: { email: annie.email, password }, classX, classY };
}
