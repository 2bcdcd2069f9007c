import { existsSync } from 'node:fs';
import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { uploadGrants } from '@evident/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepExpiredUploads } from '../src/upload-sweep';
import { evidenceRows, jpeg, pathOf, studentWithUnit } from './evidence-fixtures';
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

const hour = 60 * 60 * 1000;
const options = { staleUploadAgeMs: 6 * hour, graceMs: hour };
const onDisk = (objectPath: string) => existsSync(join(env.dataDir, 'files', objectPath));
const grantRow = async (objectPath: string) =>
  (await env.db.select().from(uploadGrants).where(eq(uploadGrants.objectPath, objectPath)))[0];
const expireAt = (objectPath: string, at: Date) =>
  env.db.update(uploadGrants).set({ expiresAt: at }).where(eq(uploadGrants.objectPath, objectPath));

type Caller = Awaited<ReturnType<typeof studentWithUnit>>['caller'];

async function uploaded(caller: Caller, name: string) {
  const grant = await caller.student.evidence.requestUploadUrl({ fileName: name, fileType: 'image/jpeg' });
  const response = await app.inject({
    method: 'PUT',
    url: pathOf(grant.uploadUrl),
    headers: { 'content-type': 'image/jpeg' },
    payload: await jpeg(80, 60),
  });
  expect(response.statusCode).toBe(200);
  return { grant, file: { fileName: name, fileType: 'image/jpeg', objectPath: grant.objectPath } };
}

describe('the upload sweep on local disk', () => {
  it('deletes expired unrecorded uploads and their parts, and keeps recorded, live and just-expired ones', async () => {
    const { caller, task } = await studentWithUnit(env);
    const now = new Date();
    const longAgo = new Date(now.getTime() - 3 * hour);

    const recorded = await uploaded(caller, 'recorded.jpg');
    await caller.student.evidence.record({ taskId: task.id, ...recorded.file });
    const abandoned = await uploaded(caller, 'abandoned.jpg');
    const live = await uploaded(caller, 'live.jpg');
    const justExpired = await uploaded(caller, 'just-expired.jpg');
    // A parted upload that stopped half way: only a part file exists.
    const parted = await caller.student.evidence.requestUploadUrl({
      fileName: 'video.mp4',
      fileType: 'video/mp4',
    });
    const part = await app.inject({
      method: 'PUT',
      url: `${pathOf(parted.uploadUrl)}&part=1`,
      headers: { 'content-type': 'video/mp4' },
      payload: Buffer.alloc(1000, 1),
    });
    expect(part.statusCode).toBe(200);
    const partedFolder = join(env.dataDir, 'files', dirname(parted.objectPath));
    expect(await readdir(partedFolder)).toHaveLength(1);

    for (const path of [recorded.file.objectPath, abandoned.file.objectPath, parted.objectPath]) {
      await expireAt(path, longAgo);
    }
    await expireAt(justExpired.file.objectPath, new Date(now.getTime() - 10 * 60 * 1000));

    const result = await sweepExpiredUploads(env.services, options, now);
    expect(result).toMatchObject({ deletedObjects: 2, failedObjects: 0 });

    expect(onDisk(abandoned.file.objectPath)).toBe(false);
    expect(await grantRow(abandoned.file.objectPath)).toBeUndefined();
    expect(existsSync(partedFolder)).toBe(false);
    expect(await grantRow(parted.objectPath)).toBeUndefined();

    expect(onDisk(recorded.file.objectPath)).toBe(true);
    expect(await grantRow(recorded.file.objectPath)).toBeDefined();
    expect(onDisk(live.file.objectPath)).toBe(true);
    expect(onDisk(justExpired.file.objectPath)).toBe(true);
    expect(await grantRow(justExpired.file.objectPath)).toBeDefined();
  });

  it('an upload swept before it was recorded can no longer be recorded; one within the grace still can', async () => {
    const { student, caller, task, otherTask } = await studentWithUnit(env);
    const now = new Date();
    const late = await uploaded(caller, 'late.jpg');
    await expireAt(late.file.objectPath, new Date(now.getTime() - 2 * hour));
    const inGrace = await uploaded(caller, 'in-grace.jpg');
    await expireAt(inGrace.file.objectPath, new Date(now.getTime() - 5 * 60 * 1000));

    await sweepExpiredUploads(env.services, options, now);
    await expect(caller.student.evidence.record({ taskId: task.id, ...late.file })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await evidenceRows(env, student.user.id)).toEqual({ submissions: 0, files: 0 });
    const recorded = await caller.student.evidence.record({ taskId: otherTask.id, ...inGrace.file });
    expect(recorded.submission.status).toBe('submitted');
  });

  it('removes temporary files that an interrupted upload left behind, once they are old', async () => {
    const folder = join(env.dataDir, 'files', 'evidence', 'someone', '0b5f8c3e-8d6a-4c6e-9d0e-3f2a1b4c5d6e');
    await mkdir(folder, { recursive: true });
    const stale = join(folder, '.photo.jpg.upload.1234.tmp');
    const fresh = join(folder, '.photo2.jpg.upload.5678.tmp');
    await writeFile(stale, 'half a photo');
    await writeFile(fresh, 'half a photo');
    const old = new Date(Date.now() - 7 * hour);
    await utimes(stale, old, old);

    const result = await sweepExpiredUploads(env.services, options);
    expect(result.staleUploadFiles).toBe(1);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
  });
});
