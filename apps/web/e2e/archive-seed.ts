import { type APIRequestContext, expect, request } from '@playwright/test';
import { admin, e2ePort } from './e2e-env';
import { ownAddress, uniqueEmail } from './support';

const baseURL = `http://127.0.0.1:${e2ePort}`;

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()}: ${response.status()} ${await response.text()}`).toBe(true);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** The smallest PDF the upload check accepts: its magic bytes and an end marker. */
const pdf = () =>
  Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

export type ArchiveUnit = {
  unitId: string;
  unitCode: string;
  /** The task a student recorded evidence for, and one nobody has touched. */
  worked: string;
  untouched: string;
  student: { email: string; password: string };
};

/**
 * A unit the admin made with two tasks, and a student who joined it by its code and recorded a PDF
 * against the first, as the app does it: so the unit and that task can only be archived.
 */
export async function unitWithEvidence(): Promise<ArchiveUnit> {
  const adminContext = await request.newContext({ baseURL });
  await ok(await adminContext.post('/api/auth/login', { data: admin }));
  const unitCode = `ARC${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 100)}`;
  const unit = await ok<{ id: string }>(
    await adminContext.post('/api/admin/units', { data: { unitCode, title: 'Confined space entry' } }),
  );
  const [worked, untouched] = ['Test the atmosphere', 'Set up the tripod'];
  for (const title of [worked, untouched]) {
    await ok(
      await adminContext.post(`/api/admin/units/${unit.id}/tasks`, {
        data: { title, description: `${title} before entry.`, tooltip: '', evidenceTypes: ['pdf'] },
      }),
    );
  }
  await adminContext.dispose();

  const student = { email: uniqueEmail('archive'), password: 'archive-e2e-password' };
  const context = await request.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': ownAddress() },
  });
  await ok(
    await context.post('/api/auth/register', {
      data: { firstName: 'Sam', lastName: 'Student', role: 'student', ...student },
    }),
  );
  await ok(await context.post('/api/auth/login', { data: student }));
  await ok(await context.post('/api/units/generate-tasks', { data: { unitCode } }));
  const tasks = await ok<{ id: string; title: string }[]>(await context.get('/api/student/tasks'));
  const task = tasks.find((candidate) => candidate.title === worked);
  if (!task) throw new Error('the student has no task to work on');
  const file = { fileName: 'gas-test.pdf', fileType: 'application/pdf' };
  const bytes = pdf();
  const grant = await ok<{ uploadUrl: string; objectPath: string }>(
    await context.post('/api/evidence/upload-url', { data: { ...file, fileSize: bytes.length } }),
  );
  const url = new URL(grant.uploadUrl, 'http://relative.invalid');
  await ok(
    await context.put(`${url.pathname}${url.search}`, {
      data: bytes,
      headers: { 'content-type': file.fileType },
    }),
  );
  await ok(
    await context.post('/api/evidence', { data: { ...file, taskId: task.id, objectPath: grant.objectPath } }),
  );
  await context.dispose();
  return { unitId: unit.id, unitCode, worked, untouched, student };
}
