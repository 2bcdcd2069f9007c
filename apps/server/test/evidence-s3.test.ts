import { uploadGrants } from '@evident/db/schema';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeS3, startFakeS3 } from '../../../packages/storage/test/fake-s3-server';
import { sweepExpiredUploads } from '../src/upload-sweep';
import { evidenceRows, jpeg, pdf, studentWithUnit } from './evidence-fixtures';
import { createTestEnv, type TestEnv } from './harness';
import { startS3Env, upload } from './s3-fixtures';

let s3: FakeS3;
let env: TestEnv;
let app: Awaited<ReturnType<TestEnv['app']>>;
let bucket: Awaited<ReturnType<typeof startS3Env>> | undefined;

beforeAll(async () => {
  bucket = await startS3Env();
  ({ s3, env, app } = bucket);
});
afterAll(async () => {
  await bucket?.close();
});

describe('evidence on an S3-compatible bucket', () => {
  it('a student uploads through a presigned PUT, records it and reads it back through a presigned GET', async () => {
    const { student, caller, task } = await studentWithUnit(env);
    const photo = await jpeg(200, 150);
    expect(photo.length).toBeLessThan(100 * 1024);
    const { grant, status, file } = await upload(caller, 'Harness.jpg', 'image/jpeg', photo);
    expect(grant.uploadUrl.startsWith(`${s3.endpoint}/${s3.bucket}/evidence/${student.user.id}/`)).toBe(true);
    expect(grant.parts).toBeNull();
    expect(status).toBe(200);
    expect(s3.objects.get(grant.objectPath)?.body).toEqual(photo);

    const recorded = await caller.student.evidence.record({ taskId: task.id, ...file });
    expect(recorded.file).toMatchObject({ isPrimary: true, fileSize: photo.length, hasThumbnail: false });
    await env.services.jobs.idle();
    const thumbnailKey = [...s3.objects.keys()].find((key) =>
      key.startsWith(`thumbnails/${student.user.id}/`),
    );
    expect(thumbnailKey).toBeDefined();
    expect((await sharp(s3.objects.get(thumbnailKey ?? '')?.body).metadata()).format).toBe('webp');

    const listed = (await caller.student.tasks.list()).find((t) => t.id === task.id);
    expect(listed?.submission).toMatchObject({ status: 'submitted', fileCount: 1 });

    const evidence = await caller.student.evidence.list({ taskId: task.id });
    const [view] = evidence.submission?.files ?? [];
    expect(view?.url.startsWith(`${s3.endpoint}/${s3.bucket}/${grant.objectPath}?`)).toBe(true);
    const download = await fetch(view?.url ?? '');
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/jpeg');
    expect(download.headers.get('content-disposition')).toMatch(/^inline; filename="Harness\.jpg"/);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(photo);
    const thumbnail = await fetch(view?.thumbnailUrl ?? '');
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/webp');

    // No local /files routes when the bucket serves the files.
    expect((await app.inject({ method: 'GET', url: `/files/download/${grant.objectPath}` })).statusCode).toBe(
      404,
    );
  });

  it('a PUT with another Content-Type fails the signature, so there is nothing to record', async () => {
    const { student, caller, task } = await studentWithUnit(env);
    const { status, file } = await upload(caller, 'a.jpg', 'image/jpeg', await jpeg(50, 50), 'image/png');
    expect(status).toBe(403);
    await expect(caller.student.evidence.record({ taskId: task.id, ...file })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await evidenceRows(env, student.user.id)).toEqual({ submissions: 0, files: 0 });
  });

  it('a tampered presigned URL is refused by the bucket', async () => {
    const { caller } = await studentWithUnit(env);
    const grant = await caller.student.evidence.requestUploadUrl({
      fileName: 'a.jpg',
      fileType: 'image/jpeg',
    });
    const tampered = grant.uploadUrl.replace(
      /X-Amz-Signature=([0-9a-f])/,
      (_m, c: string) => `X-Amz-Signature=${c === '0' ? '1' : '0'}`,
    );
    const response = await fetch(tampered, {
      method: 'PUT',
      headers: grant.headers,
      body: new Uint8Array(await jpeg(50, 50)),
    });
    expect(response.status).toBe(403);
    expect(s3.objects.has(grant.objectPath)).toBe(false);
  });

  it('an oversize file, which S3 let through, is refused when recorded and deleted from the bucket', async () => {
    const { student, caller, task } = await studentWithUnit(env);
    const photo = await jpeg(900, 600);
    expect(photo.length).toBeGreaterThan(100 * 1024);
    const { status, file } = await upload(caller, 'big.jpg', 'image/jpeg', photo);
    expect(status).toBe(200);
    await expect(caller.student.evidence.record({ taskId: task.id, ...file })).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
    });
    expect(s3.objects.has(file.objectPath)).toBe(false);
    expect(await evidenceRows(env, student.user.id)).toEqual({ submissions: 0, files: 0 });
  });

  it('bytes that lie about their type are refused and deleted from the bucket', async () => {
    const { student, caller, task } = await studentWithUnit(env);
    const { status, file } = await upload(caller, 'scan.jpg', 'image/jpeg', pdf());
    expect(status).toBe(200);
    await expect(caller.student.evidence.record({ taskId: task.id, ...file })).rejects.toMatchObject({
      code: 'UNPROCESSABLE_CONTENT',
    });
    expect(s3.objects.has(file.objectPath)).toBe(false);
    expect(await evidenceRows(env, student.user.id)).toEqual({ submissions: 0, files: 0 });
  });

  it('the sweep deletes expired unrecorded objects from the bucket and keeps recorded ones', async () => {
    const { caller, task } = await studentWithUnit(env);
    const kept = await upload(caller, 'kept.jpg', 'image/jpeg', await jpeg(60, 60));
    await caller.student.evidence.record({ taskId: task.id, ...kept.file });
    const abandoned = await upload(caller, 'abandoned.jpg', 'image/jpeg', await jpeg(60, 60));
    const past = new Date(Date.now() - 3 * 60 * 60 * 1000);
    for (const path of [kept.file.objectPath, abandoned.file.objectPath]) {
      await env.db.update(uploadGrants).set({ expiresAt: past }).where(eq(uploadGrants.objectPath, path));
    }

    const result = await sweepExpiredUploads(env.services, { staleUploadAgeMs: 24 * 60 * 60 * 1000 });
    expect(result.deletedObjects).toBeGreaterThanOrEqual(1);
    expect(result.failedObjects).toBe(0);
    expect(s3.objects.has(abandoned.file.objectPath)).toBe(false);
    expect(s3.objects.has(kept.file.objectPath)).toBe(true);
    expect(
      await env.db.select().from(uploadGrants).where(eq(uploadGrants.objectPath, abandoned.file.objectPath)),
    ).toHaveLength(0);
    expect(
      await env.db.select().from(uploadGrants).where(eq(uploadGrants.objectPath, kept.file.objectPath)),
    ).toHaveLength(1);
  });
});

describe('when the bucket cannot be reached', () => {
  it('the sweep keeps the grant of an object it could not delete, to try again next time', async () => {
    const down = await startFakeS3();
    const other = await createTestEnv({ env: down.env });
    try {
      const { caller } = await studentWithUnit(other);
      const grant = await caller.student.evidence.requestUploadUrl({
        fileName: 'a.jpg',
        fileType: 'image/jpeg',
      });
      await other.db
        .update(uploadGrants)
        .set({ expiresAt: new Date(Date.now() - 3 * 60 * 60 * 1000) })
        .where(eq(uploadGrants.objectPath, grant.objectPath));
      await down.close();

      const result = await sweepExpiredUploads(other.services, { staleUploadAgeMs: 24 * 60 * 60 * 1000 });
      expect(result).toMatchObject({ deletedObjects: 0, failedObjects: 1 });
      const rows = await other.db
        .select()
        .from(uploadGrants)
        .where(eq(uploadGrants.objectPath, grant.objectPath));
      expect(rows).toHaveLength(1);
    } finally {
      if (other.services.storage.kind === 's3') other.services.storage.client.destroy();
      await other.close();
    }
  });
});
