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

async function signedInContext(email: string, password: string): Promise<APIRequestContext> {
  const context = await request.newContext({ baseURL });
  await ok(await context.post('/api/auth/login', { data: { email, password } }));
  return context;
}

async function registered(
  firstName: string,
  lastName: string,
  role: 'student' | 'assessor',
): Promise<{ context: APIRequestContext; email: string; password: string }> {
  const email = uniqueEmail(`matrix-${role}`);
  const password = 'matrix-e2e-password';
  const anonymous = await request.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': ownAddress() },
  });
  await ok(
    await anonymous.post('/api/auth/register', { data: { firstName, lastName, email, password, role } }),
  );
  await anonymous.dispose();
  return { context: await signedInContext(email, password), email, password };
}

const photo = () =>
  sharp({ create: { width: 48, height: 32, channels: 3, background: { r: 90, g: 140, b: 200 } } })
    .jpeg()
    .toBuffer();

async function uploadEvidence(student: APIRequestContext, taskId: string, files: number): Promise<void> {
  const bytes = await photo();
  for (let i = 1; i <= files; i++) {
    const file = { fileName: `site-photo-${i}.jpg`, fileType: 'image/jpeg' };
    const grant = await ok<{ uploadUrl: string; objectPath: string }>(
      await student.post('/api/evidence/upload-url', { data: { ...file, fileSize: bytes.length } }),
    );
    // Relative (/files/...) on the local store without PUBLIC_URL; absolute on S3.
    const url = new URL(grant.uploadUrl, 'http://relative.invalid');
    await ok(
      await student.put(`${url.pathname}${url.search}`, {
        data: bytes,
        headers: { 'content-type': file.fileType },
      }),
    );
    await ok(
      await student.post('/api/evidence', { data: { ...file, taskId, objectPath: grant.objectPath } }),
    );
  }
}

export type MatrixCohort = {
  unitCode: string;
  unitId: string;
  assessor: { email: string; password: string };
  students: { name: string; email: string }[];
};

/**
 * A unit of three tasks made by the admin, three students enrolled through unit setup, evidence
 * uploaded as a student does it: Avery has two tasks submitted, Blake one, Casey none (a submission waiting for a decision takes no more files).
 * `moreTasks` adds that many tasks after the three ('Step 4', 'Step 5'…), for a matrix wider than a screen.
 */
export async function seedMatrixCohort({
  moreTasks = 0,
}: {
  moreTasks?: number;
} = {}): Promise<MatrixCohort> {
  const adminContext = await signedInContext(admin.email, admin.password);
  const unitCode = `MTX${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1000)}`;
  const unit = await ok<{ id: string }>(
    await adminContext.post('/api/admin/units', { data: { unitCode, title: 'Matrix test unit' } }),
  );
  const more = Array.from({ length: moreTasks }, (_, i) => `Step ${i + 4}`);
  for (const title of ['Inspect the harness', 'Check the anchor points', 'Brief the rescue plan', ...more]) {
    await ok(
      await adminContext.post(`/api/admin/units/${unit.id}/tasks`, {
        data: { title, description: `${title} on site.`, tooltip: '' },
      }),
    );
  }

  const people = [
    ['Avery', 'Archer'],
    ['Blake', 'Brown'],
    ['Casey', 'Clark'],
  ] as const;
  const students = [];
  for (const [firstName, lastName] of people) {
    const student = await registered(firstName, lastName, 'student');
    await ok(await student.context.post('/api/units/generate-tasks', { data: { unitCode } }));
    students.push({ ...student, name: `${firstName} ${lastName}` });
  }
  const [avery, blake] = students;
  if (!avery || !blake) throw new Error('cohort not set up');
  const tasks = await ok<{ id: string; unitCode: string }[]>(await avery.context.get('/api/student/tasks'));
  const [t1, t2] = tasks.filter((task) => task.unitCode === unitCode);
  if (!t1 || !t2) throw new Error('the unit has no tasks');
  await uploadEvidence(avery.context, t1.id, 1);
  await uploadEvidence(avery.context, t2.id, 1);
  const blakeTasks = await ok<{ id: string; unitCode: string }[]>(
    await blake.context.get('/api/student/tasks'),
  );
  const blakeFirst = blakeTasks.find((task) => task.unitCode === unitCode);
  if (!blakeFirst) throw new Error('Blake has no tasks');
  await uploadEvidence(blake.context, blakeFirst.id, 1);

  const assessor = await registered('Riley', 'Reviewer', 'assessor');
  // Self-registered assessors wait for an admin's approval where the server asks for it.
  const users = await ok<{ id: string; email: string }[]>(await adminContext.get('/api/admin/users'));
  const assessorId = users.find((user) => user.email === assessor.email)?.id;
  const approval = await adminContext.post(`/api/admin/users/${assessorId}/approve`);
  expect([200, 404]).toContain(approval.status());

  for (const person of [...students, assessor]) await person.context.dispose();
  await adminContext.dispose();
  return {
    unitCode,
    unitId: unit.id,
    assessor: { email: assessor.email, password: assessor.password },
    students: students.map((student) => ({ name: student.name, email: student.email })),
  };
}
