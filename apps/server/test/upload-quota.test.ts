import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { uploadGrants } from '@evident/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evidenceRows, jpeg, pathOf, studentWithUnit } from './evidence-fixtures';
import { createTestEnv, type TestEnv } from './harness';

let env: TestEnv;
let app: Awaited<ReturnType<TestEnv['app']>>;
beforeAll(async () => {
  // One mebibyte each, so a few small photos reach it.
  env = await createTestEnv({ env: { UPLOAD_QUOTA_MB: '1' }, videoConverter: null });
  app = await env.app();
});
afterAll(async () => {
  await app.close();
  await env.close();
});

const KiB = 1024;
type Caller = Awaited<ReturnType<typeof studentWithUnit>>['caller'];
const photoGrant = (caller: Caller, fileSize: number) =>
  caller.student.evidence.requestUploadUrl({ fileName: 'photo.jpg', fileType: 'image/jpeg', fileSize });
const put = (uploadUrl: string, body: Buffer) =>
  app.inject({
    method: 'PUT',
    url: pathOf(uploadUrl),
    headers: { 'content-type': 'image/jpeg' },
    payload: body,
  });

describe('the upload quota', () => {
  it('refuses a student more unrecorded uploads than the quota, saying why; recording one makes room', async () => {
    const { caller, task } = await studentWithUnit(env);
    const photo = await jpeg(400, 300);
    const first = await photoGrant(caller, 400 * KiB);
    expect((await put(first.uploadUrl, photo)).statusCode).toBe(200);
    await photoGrant(caller, 400 * KiB);

    await expect(photoGrant(caller, 400 * KiB)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(
        /^You have 0\.\d MB of uploads that were never recorded as evidence, and this 0\.4 MB file would take you past the limit of 1\.0 MB\. Record them, or wait for them to expire \(the next in (59|60) minutes\), before uploading more\.$/,
      ),
    });

    await caller.student.evidence.record({
      taskId: task.id,
      fileName: 'photo.jpg',
      fileType: 'image/jpeg',
      objectPath: first.objectPath,
    });
    await photoGrant(caller, 400 * KiB);
  });

  it('counts a grant without a declared size at its kind’s limit', async () => {
    const { caller } = await studentWithUnit(env);
    await expect(
      caller.student.evidence.requestUploadUrl({ fileName: 'photo.jpg', fileType: 'image/jpeg' }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('this 25 MB file would take you past the limit of 1.0 MB'),
    });
  });

  it('lets ten parallel requests take only as many grants as fit', async () => {
    const { caller, student } = await studentWithUnit(env);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, () => photoGrant(caller, 300 * KiB)),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(3);
    const open = await env.db.select().from(uploadGrants).where(eq(uploadGrants.userId, student.user.id));
    expect(open).toHaveLength(3);
  });

  it('takes no more bytes through an upload URL than the size it was asked for with', async () => {
    const { caller } = await studentWithUnit(env);
    const photo = await jpeg(400, 300);
    const grant = await photoGrant(caller, 1000);
    expect(grant.maxBytes).toBe(1000);
    const response = await put(grant.uploadUrl, photo);
    expect(response.statusCode).toBe(413);
    expect(existsSync(join(env.dataDir, 'files', grant.objectPath))).toBe(false);
  });

  it('gives a student at the quota room at once when their uploads have expired, deleting them, without waiting for the sweep', async () => {
    const { caller, student } = await studentWithUnit(env);
    const photo = await jpeg(400, 300);
    const held = [];
    for (let i = 0; i < 3; i++) {
      const grant = await photoGrant(caller, 300 * KiB);
      held.push(grant);
    }
    expect((await put(held[0]?.uploadUrl ?? '', photo)).statusCode).toBe(200);
    const stored = join(env.dataDir, 'files', held[0]?.objectPath ?? '');
    expect(existsSync(stored)).toBe(true);
    await expect(photoGrant(caller, 300 * KiB)).rejects.toMatchObject({ code: 'CONFLICT' });

    // A minute past their expiry: the sweep would keep them for its hour of grace.
    await env.db
      .update(uploadGrants)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(uploadGrants.userId, student.user.id));
    await photoGrant(caller, 300 * KiB);
    expect(existsSync(stored)).toBe(false);
    const left = await env.db.select().from(uploadGrants).where(eq(uploadGrants.userId, student.user.id));
    expect(left).toHaveLength(1);
    expect(await evidenceRows(env, student.user.id)).toEqual({ submissions: 0, files: 0 });
  });

  it('keeps one student’s uploads from counting against another', async () => {
    const a = await studentWithUnit(env);
    const b = await studentWithUnit(env);
    for (let i = 0; i < 3; i++) await photoGrant(a.caller, 300 * KiB);
    await expect(photoGrant(a.caller, 300 * KiB)).rejects.toMatchObject({ code: 'CONFLICT' });
    await photoGrant(b.caller, 300 * KiB);
  });
});
