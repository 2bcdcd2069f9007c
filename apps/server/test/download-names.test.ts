import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf, pdf, studentWithUnit } from './evidence-fixtures';
import { createTestEnv, type TestEnv } from './harness';

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

/** Uploads and records a PDF under a name the student typed, then downloads it from its signed URL. */
async function downloadedAs(typedName: string) {
  const { caller, task } = await studentWithUnit(env);
  const grant = await caller.student.evidence.requestUploadUrl({
    fileName: typedName,
    fileType: 'application/pdf',
  });
  const stored = await app.inject({
    method: 'PUT',
    url: pathOf(grant.uploadUrl),
    headers: { 'content-type': 'application/pdf' },
    payload: pdf(),
  });
  expect(stored.statusCode, stored.body).toBe(200);
  await caller.student.evidence.record({
    taskId: task.id,
    fileName: typedName,
    fileType: 'application/pdf',
    objectPath: grant.objectPath,
  });
  const { submission } = await caller.student.evidence.list({ taskId: task.id });
  const file = submission?.files[0];
  if (!file) throw new Error('no file recorded');
  const inline = await app.inject({ method: 'GET', url: pathOf(file.url) });
  const attachment = await app.inject({ method: 'GET', url: pathOf(file.downloadUrl) });
  expect(inline.statusCode).toBe(200);
  expect(attachment.statusCode).toBe(200);
  return [inline.headers['content-disposition'], attachment.headers['content-disposition']];
}

describe('the name a download is offered under', () => {
  it('carries no path of the name the student typed', async () => {
    expect(await downloadedAs('../../etc/passwd.pdf')).toEqual([
      `inline; filename="_.._etc_passwd.pdf"; filename*=UTF-8''_.._etc_passwd.pdf`,
      `attachment; filename="_.._etc_passwd.pdf"; filename*=UTF-8''_.._etc_passwd.pdf`,
    ]);
  });

  it('carries no bidi override that would show an .exe as a .pdf', async () => {
    const [inline, attachment] = await downloadedAs('\u202efdp.exe');
    expect(inline).toBe(`inline; filename="fdp.exe.pdf"; filename*=UTF-8''fdp.exe.pdf`);
    expect(attachment).toBe(`attachment; filename="fdp.exe.pdf"; filename*=UTF-8''fdp.exe.pdf`);
  });
});
