import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tasks } from '@evident/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPack } from '../src/audit-pack/verify-pack';
import { pdf, studentWithUnit } from './evidence-fixtures';
import { startS3Env, upload } from './s3-fixtures';

// Issue 30 §3 on an S3 bucket: the files are streamed from the bucket into the zip and the zip back
// into the bucket as one PUT of known length (stored entries), never gathered in memory first.

let s3Env: Awaited<ReturnType<typeof startS3Env>>;
beforeAll(async () => {
  s3Env = await startS3Env();
});
afterAll(async () => {
  await s3Env?.close();
});

describe('an audit pack on S3', () => {
  it('is built from the bucket into the bucket, downloaded by its presigned link, and verifies', async () => {
    const { env } = s3Env;
    const { caller, task, student } = await studentWithUnit(env);
    for (const [name, bytes] of [
      ['Plan.pdf', pdf(300)],
      ['Notes.pdf', pdf(5000)],
    ] as const) {
      const sent = await upload(caller, name, 'application/pdf', bytes);
      await caller.student.evidence.record({ taskId: task.id, ...sent.file });
    }
    const [row] = await env.db.select().from(tasks).where(eq(tasks.id, task.id));
    const admin = await (await env.signedIn('rto_admin')).caller();
    const { id } = await admin.admin.auditPacks.create({
      unitId: row?.unitId as string,
      studentIds: [student.user.id],
    });
    await env.services.jobs.idle();
    const pack = await admin.admin.auditPacks.issueDownloadLink({ id });
    expect(pack).toMatchObject({ status: 'ready', error: null, fileCount: 4 });
    const response = await fetch(pack.downloadUrl as string);
    expect(response.status).toBe(200);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.length).toBe(pack.sizeBytes);
    const file = join(env.dataDir, 's3-pack.zip');
    writeFileSync(file, bytes);
    expect(await verifyPack(file)).toMatchObject({ checked: 4, problems: [] });
  });
});
