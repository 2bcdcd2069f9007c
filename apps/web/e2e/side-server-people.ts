import { type APIRequestContext, expect, request } from '@playwright/test';
import sharp from 'sharp';
import { ownAddress } from './support';

/** The answer's JSON, once it is a 2xx (the failure names the call and what it said). */
export async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()}: ${response.status()} ${await response.text()}`).toBe(true);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

/**
 * Someone who signed up on a spec's own server (class-scope-server.ts), from an address of their own,
 * and is signed in: their API context and id. Their email is first.last@{domain}.
 */
export async function registeredOn(
  url: string,
  person: { firstName: string; lastName: string; role: 'student' | 'assessor' },
  { domain, password }: { domain: string; password: string },
) {
  const email = `${person.firstName.toLowerCase()}.${person.lastName.toLowerCase()}@${domain}`;
  const anonymous = await request.newContext({
    baseURL: url,
    extraHTTPHeaders: { 'x-forwarded-for': ownAddress() },
  });
  await ok(await anonymous.post('/api/auth/register', { data: { ...person, email, password } }));
  await anonymous.dispose();
  const context = await request.newContext({ baseURL: url });
  await ok(await context.post('/api/auth/login', { data: { email, password } }));
  const me = await ok<{ id: string }>(await context.get('/api/auth/user'));
  return { context, email, id: me.id };
}

/** A photo recorded as the app does it: upload URL, PUT, then the record under the student's declaration. */
export async function uploadPhoto(student: APIRequestContext, taskId: string, shade: number): Promise<void> {
  const { version } = await ok<{ version: number }>(await student.get('/api/student/declaration'));
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
  await ok(
    await student.post('/api/evidence', {
      data: { ...file, taskId, objectPath: grant.objectPath, declarationVersion: version },
    }),
  );
}
