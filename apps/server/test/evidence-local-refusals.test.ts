import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { defaultRateLimits } from '@evident/api/rate-limits';
import { newObjectPath } from '@evident/core/object-path';
import { uploadGrants } from '@evident/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpeg, localUploads, pathOf, studentWithUnit } from './evidence-fixtures';
import { createTestEnv, type TestEnv } from './harness';
import { restAs, sessionCookie } from './rest-fixtures';

let env: TestEnv;
let app: Awaited<ReturnType<TestEnv['app']>>;
beforeAll(async () => {
  // Documents are capped low so an oversize upload stays small enough for a test.
  env = await createTestEnv({ env: { MAX_DOCUMENT_MB: '0.5' } });
  app = await env.app();
});
afterAll(async () => {
  await app.close();
  await env.close();
});

const filesRoot = () => join(env.dataDir, 'files');
const rest = (student: { sessionId: string | null }) => restAs(env, app, student);
const { put, upload } = localUploads(() => app);

const cookieOf = (student: { sessionId: string | null }) => sessionCookie(env, student);

describe('the /files routes refuse what the signature does not allow', () => {
  it('a tampered signature, a changed limit or an expired URL is 403 and stores nothing', async () => {
    const { caller } = await studentWithUnit(env);
    const photo = await jpeg(200, 100);
    const grant = await caller.student.evidence.requestUploadUrl({
      fileName: 'a.jpg',
      fileType: 'image/jpeg',
    });
    const url = new URL(grant.uploadUrl);
    const sig = url.searchParams.get('sig') ?? '';
    url.searchParams.set('sig', `${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}`);
    expect((await put(url.toString(), 'image/jpeg', photo)).statusCode).toBe(403);

    const bigger = new URL(grant.uploadUrl);
    bigger.searchParams.set('max', String(10 * grant.maxBytes));
    expect((await put(bigger.toString(), 'image/jpeg', photo)).statusCode).toBe(403);

    const stolenPath = grant.uploadUrl.replace(grant.objectPath, newObjectPath('someone', 'a.jpg'));
    expect((await put(stolenPath, 'image/jpeg', photo)).statusCode).toBe(403);

    const objectPath = newObjectPath('expired-user', 'late.jpg');
    const expired = await env.services.storage.createUploadUrl({
      objectPath,
      userId: 'expired-user',
      contentType: 'image/jpeg',
      maxBytes: 1_000_000,
      expiresAt: new Date(Date.now() - 1000),
    });
    const late = await put(expired.uploadUrl, 'image/jpeg', photo);
    expect(late.statusCode).toBe(403);
    expect(late.body).toMatch(/expired/i);
    expect(existsSync(join(filesRoot(), objectPath))).toBe(false);
    expect(existsSync(join(filesRoot(), grant.objectPath))).toBe(false);
  });

  it('a Content-Type other than the one granted is 415', async () => {
    const { caller } = await studentWithUnit(env);
    const grant = await caller.student.evidence.requestUploadUrl({
      fileName: 'a.jpg',
      fileType: 'image/jpeg',
    });
    const response = await put(grant.uploadUrl, 'image/png', await jpeg(100, 100));
    expect(response.statusCode).toBe(415);
    expect(response.body).toBe('Content-Type must be image/jpeg');
    const none = await app.inject({ method: 'PUT', url: pathOf(grant.uploadUrl), payload: Buffer.from('x') });
    expect(none.statusCode).toBe(415);
    expect(existsSync(join(filesRoot(), grant.objectPath))).toBe(false);
  });

  it('a tampered download URL is 403; the Origin check does not apply to signed file URLs', async () => {
    const { student, caller, task } = await studentWithUnit(env);
    const photo = await jpeg(300, 200);
    const { objectPath } = await upload(caller, 'p.jpg', 'image/jpeg', photo);
    await caller.student.evidence.record({
      taskId: task.id,
      fileName: 'p.jpg',
      fileType: 'image/jpeg',
      objectPath,
    });
    const file = (await caller.student.evidence.list({ taskId: task.id })).submission?.files[0];
    const url = new URL(file?.url ?? '');
    url.searchParams.set('name', 'other.jpg');
    expect((await app.inject({ method: 'GET', url: pathOf(url.toString()) })).statusCode).toBe(403);
    expect((await app.inject({ method: 'HEAD', url: pathOf(file?.url ?? '') })).statusCode).toBe(200);

    // A PUT carrying the session cookie from another site is still judged by its signature alone.
    const grant = await caller.student.evidence.requestUploadUrl({
      fileName: 'q.jpg',
      fileType: 'image/jpeg',
    });
    const crossSite = await app.inject({
      method: 'PUT',
      url: pathOf(grant.uploadUrl),
      headers: {
        'content-type': 'image/jpeg',
        cookie: cookieOf(student),
        origin: 'https://elsewhere.example',
      },
      payload: photo,
    });
    expect(crossSite.statusCode).toBe(200);
  });
});

describe('upload-url refusals', () => {
  it('an unknown type is refused naming the type, and grants nothing', async () => {
    const { student } = await studentWithUnit(env);
    const response = await rest(student).post('/api/evidence/upload-url', {
      fileName: 'x.exe',
      fileType: 'application/x-msdownload',
    });
    expect(response.statusCode).toBe(422);
    expect(response.body).toContain('application/x-msdownload');
    expect(response.body).toContain('PDF');
    expect(
      await env.db.select().from(uploadGrants).where(eq(uploadGrants.userId, student.user.id)),
    ).toHaveLength(0);
  });

  it('a declared size over the limit is refused before any byte is sent', async () => {
    const { caller } = await studentWithUnit(env);
    await expect(
      caller.student.evidence.requestUploadUrl({
        fileName: 'big.pdf',
        fileType: 'application/pdf',
        fileSize: 600 * 1024,
      }),
    ).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: expect.stringContaining('0.5 MB') });
  });

  it('a student asking for more upload URLs than an hour allows gets 429', async () => {
    const limited = await createTestEnv({
      rateLimits: { ...defaultRateLimits, uploadUrlUser: { points: 2, durationSeconds: 60 } },
    });
    try {
      const { caller } = await studentWithUnit(limited);
      const ask = () =>
        caller.student.evidence.requestUploadUrl({ fileName: 'a.jpg', fileType: 'image/jpeg' });
      await ask();
      await ask();
      await expect(ask()).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
      const other = await studentWithUnit(limited);
      await expect(
        other.caller.student.evidence.requestUploadUrl({ fileName: 'b.jpg', fileType: 'image/jpeg' }),
      ).resolves.toBeTruthy();
    } finally {
      await limited.close();
    }
  });

  it('assessors and signed-out visitors cannot ask for upload URLs', async () => {
    const assessor = await env.signedIn('assessor');
    const response = await rest(assessor).post('/api/evidence/upload-url', {
      fileName: 'a.jpg',
      fileType: 'image/jpeg',
    });
    expect(response.statusCode).toBe(403);
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/evidence/upload-url',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ fileName: 'a.jpg', fileType: 'image/jpeg' }),
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
