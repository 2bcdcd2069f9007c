import { evidenceFiles, uploadGrants } from '@evident/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evidenceRows, pathOf, pdf, studentWithUnit } from './evidence-fixtures';
import { createTestEnv, type TestEnv } from './harness';

/**
 * Issue 18: a captured file carries a key the device made, sent with every retry; the server (not
 * only the client) makes the upload URL and the record answer the same object and the same
 * evidence however often, and in whatever order, the requests arrive.
 */
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

type Caller = Awaited<ReturnType<typeof studentWithUnit>>['caller'];

const file = { fileName: 'site-check.pdf', fileType: 'application/pdf' };

async function put(uploadUrl: string, body: Buffer) {
  return app.inject({
    method: 'PUT',
    url: pathOf(uploadUrl),
    headers: { 'content-type': file.fileType },
    payload: body,
  });
}

async function grantsOf(userId: string) {
  return env.db.select().from(uploadGrants).where(eq(uploadGrants.userId, userId));
}

function record(caller: Caller, taskId: string, objectPath: string, clientKey: string, capturedAt?: string) {
  return caller.student.evidence.record({ taskId, ...file, objectPath, clientKey, capturedAt });
}

describe('a client key makes a captured file one piece of evidence', () => {
  it('the same key twice: one grant, one evidence file, the same answers, captured when the device said', async () => {
    const { student, caller, task } = await studentWithUnit(env);
    const clientKey = 'capture-0001-aaaa';
    const body = pdf();
    const first = await caller.student.evidence.requestUploadUrl({
      ...file,
      fileSize: body.length,
      clientKey,
    });
    const again = await caller.student.evidence.requestUploadUrl({
      ...file,
      fileSize: body.length,
      clientKey,
    });
    expect(again.objectPath).toBe(first.objectPath);
    expect(await grantsOf(student.user.id)).toHaveLength(1);

    expect((await put(first.uploadUrl, body)).statusCode).toBe(200);
    const capturedAt = new Date(Date.now() - 5 * 3600_000).toISOString();
    const recorded = await record(caller, task.id, first.objectPath, clientKey, capturedAt);
    const repeated = await record(caller, task.id, first.objectPath, clientKey, capturedAt);
    expect(repeated).toEqual(recorded);
    expect(recorded.file.capturedAt).toBe(capturedAt);
    expect(Date.parse(recorded.file.createdAt)).toBeGreaterThan(Date.parse(capturedAt));

    // After recording, asking for the URL again still names the same object, and no new grant.
    const late = await caller.student.evidence.requestUploadUrl({
      ...file,
      fileSize: body.length,
      clientKey,
    });
    expect(late.objectPath).toBe(first.objectPath);
    expect(await grantsOf(student.user.id)).toHaveLength(1);
    expect(await evidenceRows(env, student.user.id)).toEqual({ submissions: 1, files: 1 });

    // The assessor's and the student's views carry the capture time beside the received time.
    const evidence = await caller.student.evidence.list({ taskId: task.id });
    expect(evidence.submission?.files.map((f) => f.capturedAt)).toEqual([capturedAt]);
  });

  it('concurrent duplicates of both requests still make one grant and one evidence file', async () => {
    const { student, caller, task } = await studentWithUnit(env);
    const clientKey = 'capture-0002-bbbb';
    const body = pdf(64);
    const grants = await Promise.all(
      Array.from({ length: 5 }, () =>
        caller.student.evidence.requestUploadUrl({ ...file, fileSize: body.length, clientKey }),
      ),
    );
    expect(new Set(grants.map((g) => g.objectPath)).size).toBe(1);
    expect(await grantsOf(student.user.id)).toHaveLength(1);
    const objectPath = grants[0]?.objectPath ?? '';
    expect((await put(grants[0]?.uploadUrl ?? '', body)).statusCode).toBe(200);

    const records = await Promise.all(
      Array.from({ length: 5 }, () => record(caller, task.id, objectPath, clientKey)),
    );
    expect(new Set(records.map((r) => r.file.id)).size).toBe(1);
    const rows = await env.db.select().from(evidenceFiles).where(eq(evidenceFiles.clientKey, clientKey));
    expect(rows).toHaveLength(1);
  });

  it('a key reused for another object or another task is answered with the first file, or refused', async () => {
    const { caller, task, otherTask } = await studentWithUnit(env);
    const clientKey = 'capture-0003-cccc';
    const body = pdf(10);
    const grant = await caller.student.evidence.requestUploadUrl({
      ...file,
      fileSize: body.length,
      clientKey,
    });
    await put(grant.uploadUrl, body);
    const recorded = await record(caller, task.id, grant.objectPath, clientKey);

    // A second object uploaded without the key, then recorded under it: the first file stands.
    const other = await caller.student.evidence.requestUploadUrl({ ...file, fileSize: body.length });
    await put(other.uploadUrl, body);
    expect(await record(caller, task.id, other.objectPath, clientKey)).toEqual(recorded);

    await expect(record(caller, otherTask.id, grant.objectPath, clientKey)).rejects.toThrow(
      'This file is already recorded as evidence for another task',
    );
    await expect(
      caller.student.evidence.requestUploadUrl({ fileName: 'other.pdf', fileType: file.fileType, clientKey }),
    ).rejects.toThrow('This client key was already used for another file');
  });

  it('a capture time ahead of the server clock is taken as now; a malformed one is refused', async () => {
    const { caller, task } = await studentWithUnit(env);
    const body = pdf(3);
    const grant = await caller.student.evidence.requestUploadUrl({
      ...file,
      fileSize: body.length,
      clientKey: 'capture-0004',
    });
    await put(grant.uploadUrl, body);
    await expect(
      record(caller, task.id, grant.objectPath, 'capture-0004', 'yesterday afternoon'),
    ).rejects.toThrow('Captured time must be an ISO date and time');
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const recorded = await record(caller, task.id, grant.objectPath, 'capture-0004', future);
    expect(Date.parse(recorded.file.capturedAt ?? '')).toBeLessThanOrEqual(Date.now());
  });
});
