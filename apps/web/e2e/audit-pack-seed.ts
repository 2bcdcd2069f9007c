import { type APIRequestContext, expect, request } from '@playwright/test';
import sharp from 'sharp';
import { admin, e2ePort } from './e2e-env';
import { ownAddress, uniqueEmail } from './support';

const baseURL = `http://127.0.0.1:${e2ePort}`;

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()}: ${response.status()} ${await response.text()}`).toBe(true);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

async function signedIn(email: string, password: string) {
  const context = await request.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': ownAddress() },
  });
  await ok(await context.post('/api/auth/login', { data: { email, password } }));
  return context;
}

async function registered(firstName: string, lastName: string, role: 'student' | 'assessor') {
  const person = { email: uniqueEmail(`pack-${role}`), password: 'audit-pack-e2e-password' };
  const anonymous = await request.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': ownAddress() },
  });
  await ok(await anonymous.post('/api/auth/register', { data: { firstName, lastName, role, ...person } }));
  await anonymous.dispose();
  return person;
}

/** A photo recorded as the app does it: upload URL, PUT, then the record with the declaration. */
async function photo(student: APIRequestContext, taskId: string, shade: number) {
  const bytes = await sharp({
    create: { width: 40, height: 30, channels: 3, background: { r: shade, g: 120, b: 90 } },
  })
    .jpeg()
    .toBuffer();
  const file = { fileName: `site-${shade}.jpg`, fileType: 'image/jpeg' };
  const { version } = await ok<{ version: number }>(await student.get('/api/student/declaration'));
  const grant = await ok<{ uploadUrl: string; objectPath: string }>(
    await student.post('/api/evidence/upload-url', { data: { ...file, fileSize: bytes.length } }),
  );
  const url = new URL(grant.uploadUrl, 'http://relative.invalid');
  await ok(
    await student.put(`${url.pathname}${url.search}`, {
      data: bytes,
      headers: { 'content-type': file.fileType },
    }),
  );
  await ok(
    await student.post('/api/evidence', {
      data: { ...file, taskId, objectPath: grant.objectPath, declarationVersion: version },
    }),
  );
}

/**
 * A fresh unit of two tasks and `count` students who each sent a photo for both, all judged
 * satisfactory by one assessor: `count` students an ASQA sample can be drawn from.
 */
export async function seedCompletedCohort(
  count: number,
): Promise<{ unitId: string; unitCode: string; assessorEmail: string }> {
  const adminContext = await signedIn(admin.email, admin.password);
  const unitCode = `PCK${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1000)}`;
  const unit = await ok<{ id: string }>(
    await adminContext.post('/api/admin/units', { data: { unitCode, title: 'Work safely at heights' } }),
  );
  for (const title of ['Inspect the harness', 'Check the anchor points'])
    await ok(
      await adminContext.post(`/api/admin/units/${unit.id}/tasks`, {
        data: { title, description: `${title} on site.`, tooltip: '' },
      }),
    );
  const students: string[] = [];
  for (let i = 0; i < count; i++) {
    const student = await registered(`Student${i + 1}`, 'Sample', 'student');
    const context = await signedIn(student.email, student.password);
    await ok(await context.post('/api/units/generate-tasks', { data: { unitCode } }));
    const tasks = await ok<{ id: string; unitCode: string }[]>(await context.get('/api/student/tasks'));
    for (const task of tasks.filter((t) => t.unitCode === unitCode))
      await photo(context, task.id, 40 + i * 20);
    await context.dispose();
    students.push(student.email);
  }
  const assessor = await registered('Riley', 'Reviewer', 'assessor');
  const users = await ok<{ id: string; email: string }[]>(await adminContext.get('/api/admin/users'));
  const assessorId = users.find((user) => user.email === assessor.email)?.id;
  const approval = await adminContext.post(`/api/admin/users/${assessorId}/approve`);
  expect([200, 404]).toContain(approval.status());
  const assessorContext = await signedIn(assessor.email, assessor.password);
  const waiting = await ok<{ id: string; student: { email: string } }[]>(
    await assessorContext.get('/api/assessor/submissions'),
  );
  const ids = waiting.filter((s) => students.includes(s.student.email)).map((s) => s.id);
  await ok(
    await assessorContext.post('/api/assessor/grade', {
      data: { submissionIds: ids, status: 'satisfactory' },
    }),
  );
  await adminContext.dispose();
  await assessorContext.dispose();
  return { unitId: unit.id, unitCode, assessorEmail: assessor.email };
}
