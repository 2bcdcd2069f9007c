import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultMailOrigin } from '../src/mail-origin';
import { jpeg, pathOf, studentWithUnit } from './evidence-fixtures';
import { createTestEnv, type TestEnv } from './harness';
import { resetLinkFor } from './mail-fixtures';

/**
 * Issue 10.1: with PUBLIC_URL unset the app must work from whatever address it was opened at
 * (127.0.0.1, a phone on the laptop's network address), so the local adapter's file links are
 * same-origin relative paths. Mailed links never follow the request's Host header.
 */
describe('file links without PUBLIC_URL', () => {
  let env: TestEnv;
  let app: Awaited<ReturnType<TestEnv['app']>>;
  beforeAll(async () => {
    env = await createTestEnv({ env: { PUBLIC_URL: '', PORT: '3000' } });
    app = await env.app();
  });
  afterAll(async () => {
    await app.close();
    await env.close();
  });

  it('a student opened at any address uploads to a relative /files URL and views the photo through relative links', async () => {
    const { caller, task } = await studentWithUnit(env);
    const grant = await caller.student.evidence.requestUploadUrl({
      fileName: 'Site.jpg',
      fileType: 'image/jpeg',
    });
    expect(grant.uploadUrl).toMatch(/^\/files\/upload\/evidence\/[^?]+\/Site\.jpg\?/);

    const photo = await jpeg();
    // As a phone on the LAN would send it: the Host is the laptop's address, not localhost.
    const stored = await app.inject({
      method: 'PUT',
      url: grant.uploadUrl,
      headers: { host: '192.168.1.20:3000', 'content-type': 'image/jpeg' },
      payload: photo,
    });
    expect(stored.statusCode, stored.body).toBe(200);
    await caller.student.evidence.record({
      taskId: task.id,
      fileName: 'Site.jpg',
      fileType: 'image/jpeg',
      objectPath: grant.objectPath,
    });
    // The photo's thumbnail is made in the background.
    await env.services.jobs.idle();

    const evidence = await caller.student.evidence.list({ taskId: task.id });
    const [file] = evidence.submission?.files ?? [];
    expect(file?.url).toMatch(/^\/files\/download\//);
    expect(file?.downloadUrl).toMatch(/^\/files\/download\//);
    expect(file?.thumbnailUrl).toMatch(/^\/files\/download\//);
    const opened = await app.inject({
      method: 'GET',
      url: file?.url ?? '',
      headers: { host: '192.168.1.20:3000' },
    });
    expect(opened.statusCode).toBe(200);
    expect(opened.rawPayload).toEqual(photo);
  });

  it('a mailed reset link uses the default origin, never the Host header the request came with', async () => {
    await env.signedIn('student', { email: 'host-header@example.com' });
    const asked = await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: { host: 'attacker.example', 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'host-header@example.com' }),
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const link = await resetLinkFor(env, 'host-header@example.com');
    // The default: this machine's network address as start-up prints it (localhost only on no network).
    expect(link.origin).toBe(defaultMailOrigin({ configured: null, port: 3000 }));
    expect(link.hostname).not.toBe('attacker.example');
  });
});

describe('file links with PUBLIC_URL', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv({ env: { PUBLIC_URL: 'https://evident.example/app/' } });
  });
  afterAll(async () => {
    await env.close();
  });

  it('a student is given upload and download URLs on that origin, as before', async () => {
    const { caller, task } = await studentWithUnit(env);
    const grant = await caller.student.evidence.requestUploadUrl({
      fileName: 'Site.jpg',
      fileType: 'image/jpeg',
    });
    expect(grant.uploadUrl).toMatch(/^https:\/\/evident\.example\/app\/files\/upload\//);
    const app = await env.app();
    try {
      const stored = await app.inject({
        method: 'PUT',
        url: pathOf(grant.uploadUrl).replace(/^\/app/, ''),
        headers: { 'content-type': 'image/jpeg' },
        payload: await jpeg(),
      });
      expect(stored.statusCode, stored.body).toBe(200);
    } finally {
      await app.close();
    }
    await caller.student.evidence.record({
      taskId: task.id,
      fileName: 'Site.jpg',
      fileType: 'image/jpeg',
      objectPath: grant.objectPath,
    });
    const evidence = await caller.student.evidence.list({ taskId: task.id });
    expect(evidence.submission?.files[0]?.url).toMatch(/^https:\/\/evident\.example\/app\/files\/download\//);
  });
});
