import { type APIRequestContext, expect, request } from '@playwright/test';
import sharp from 'sharp';
import { admin, e2ePort } from './e2e-env';
import { ownAddress, uniqueEmail } from './support';

type Person = { email: string; password: string; name: string };

/** A student whose every task in a fresh unit is satisfactory, and the assessor to judge the unit. */
export type OutcomeCohort = {
  unitId: string;
  unitCode: string;
  student: Person;
  assessor: Person;
  /** The task left for the assessor to judge, with `lastTaskWaiting`. */
  waitingTask: string | null;
};

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()}: ${response.status()} ${await response.text()}`).toBe(true);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

async function signedIn(baseURL: string, email: string, password: string) {
  const context = await request.newContext({ baseURL });
  await ok(await context.post('/api/auth/login', { data: { email, password } }));
  return context;
}

async function registered(
  baseURL: string,
  firstName: string,
  lastName: string,
  role: 'student' | 'assessor',
) {
  const person = { email: uniqueEmail(`outcome-${role}`), password: 'outcome-e2e-password' };
  const anonymous = await request.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': ownAddress() },
  });
  await ok(await anonymous.post('/api/auth/register', { data: { firstName, lastName, role, ...person } }));
  await anonymous.dispose();
  return { ...person, name: `${firstName} ${lastName}` };
}

/** A photo recorded as the student does it, with the authenticity declaration in force confirmed. */
async function declaredPhoto(student: APIRequestContext, taskId: string) {
  const bytes = await sharp({
    create: { width: 48, height: 32, channels: 3, background: { r: 60, g: 160, b: 120 } },
  })
    .jpeg()
    .toBuffer();
  const file = { fileName: 'site-photo.jpg', fileType: 'image/jpeg' };
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
 * A unit of two tasks made by the admin, a student who set it up and sent a declared photo for each,
 * and an approved assessor who judged both satisfactory: the unit is ready for its outcome. With
 * `lastTaskWaiting` the second task is left on the grading screen, for the assessor to judge there.
 */
export async function seedOutcomeCohort(
  options: {
    baseURL?: string;
    admin?: { email: string; password: string };
    studentName?: [string, string];
    lastTaskWaiting?: boolean;
  } = {},
): Promise<OutcomeCohort> {
  const baseURL = options.baseURL ?? `http://127.0.0.1:${e2ePort}`;
  const adminLogin = options.admin ?? admin;
  const adminContext = await signedIn(baseURL, adminLogin.email, adminLogin.password);
  const unitCode = `OUT${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1000)}`;
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
  const [first, last] = options.studentName ?? ['Avery', 'Archer'];
  const student = await registered(baseURL, first, last, 'student');
  const studentContext = await signedIn(baseURL, student.email, student.password);
  await ok(await studentContext.post('/api/units/generate-tasks', { data: { unitCode } }));
  const tasks = await ok<{ id: string; unitCode: string }[]>(await studentContext.get('/api/student/tasks'));
  for (const task of tasks.filter((t) => t.unitCode === unitCode))
    await declaredPhoto(studentContext, task.id);

  const assessor = await registered(baseURL, 'Riley', 'Reviewer', 'assessor');
  const users = await ok<{ id: string; email: string }[]>(await adminContext.get('/api/admin/users'));
  const assessorId = users.find((user) => user.email === assessor.email)?.id;
  const approval = await adminContext.post(`/api/admin/users/${assessorId}/approve`);
  expect([200, 404]).toContain(approval.status());
  const assessorContext = await signedIn(baseURL, assessor.email, assessor.password);
  const waiting = await ok<{ id: string; student: { email: string }; task: { title: string } }[]>(
    await assessorContext.get('/api/assessor/submissions'),
  );
  const own = waiting.filter((s) => s.student.email === student.email);
  const left = options.lastTaskWaiting
    ? own.find((s) => s.task.title === 'Check the anchor points')
    : undefined;
  const ids = own.filter((s) => s !== left).map((s) => s.id);
  await ok(
    await assessorContext.post('/api/assessor/grade', {
      data: { submissionIds: ids, status: 'satisfactory' },
    }),
  );

  for (const context of [adminContext, studentContext, assessorContext]) await context.dispose();
  return { unitId: unit.id, unitCode, student, assessor, waitingTask: left?.task.title ?? null };
}
