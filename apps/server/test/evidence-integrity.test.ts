import { createHash } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { auditEvents, evidenceFiles } from '@evident/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeS3 } from '../../../packages/storage/test/fake-s3-server';
import { formatVerifyReport, verifyEvidence, verifyExitCode } from '../src/verify-evidence';
import { jpeg, localUploads, pdf, studentWithUnit } from './evidence-fixtures';
import { createTestEnv, type TestEnv } from './harness';
import { upload as s3Upload, startS3Env } from './s3-fixtures';

// Issue 29 §6: each file's SHA-256 is taken as it is recorded, answered with it, and
// `pnpm cli verify-evidence` finds a file changed or gone since.

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('evidence file hashes on local disk', () => {
  let env: TestEnv;
  let app: Awaited<ReturnType<TestEnv['app']>>;
  const { upload } = localUploads(() => app);
  beforeAll(async () => {
    env = await createTestEnv();
    app = await env.app();
  });
  afterAll(async () => {
    await app?.close();
    await env?.close();
  });

  it('records the hash of the bytes sent; verify-evidence lists a changed file, a missing one and one from before hashing', async () => {
    const { student, caller, task, otherTask } = await studentWithUnit(env);
    const photo = await jpeg(120, 80);
    const doc = pdf(300);
    const older = pdf(20);
    const recorded = [];
    for (const [name, type, bytes, taskId] of [
      ['Site.jpg', 'image/jpeg', photo, task.id],
      ['Plan.pdf', 'application/pdf', doc, task.id],
      ['Old.pdf', 'application/pdf', older, otherTask.id],
    ] as const) {
      const sent = await upload(caller, name, type, bytes);
      recorded.push(await caller.student.evidence.record({ taskId, ...sent }));
    }
    const [site, plan, old] = recorded.map((r) => r.file);
    if (!site || !plan || !old) throw new Error('three files were recorded');
    // Answered with the record, and on every later view of the file.
    expect(site).toMatchObject({ sha256: sha256(photo), sha256RecordedLaterAt: null });
    const listed = (await caller.student.evidence.list({ taskId: task.id })).submission?.files ?? [];
    expect(listed.map((f) => [f.fileName, f.sha256])).toEqual([
      ['Site.jpg', sha256(photo)],
      ['Plan.pdf', sha256(doc)],
    ]);

    // Over REST too, as the spec's callers read it, and documented in OpenAPI.
    const rest = await app.inject({
      method: 'GET',
      url: `/api/student/tasks/${task.id}/evidence`,
      headers: { cookie: `${env.services.sessions.cookieName}=${student.sessionId}` },
    });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().submission.files[0]).toMatchObject({ fileName: 'Site.jpg', sha256: sha256(photo) });
    const openapi = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const answer = openapi.paths['/api/evidence'].post.responses;
    const fileSchema = (answer['200'] ?? answer['201']).content['application/json'].schema.properties.file;
    expect(Object.keys(fileSchema.properties)).toEqual(
      expect.arrayContaining(['sha256', 'sha256RecordedLaterAt']),
    );

    const clean = await verifyEvidence(env.services, { recordMissing: false });
    expect(clean).toMatchObject({ checked: 3, mismatched: [], missing: [], unreadable: [], unhashed: [] });
    expect(verifyExitCode(clean)).toBe(0);

    // One file's bytes change on disk, one disappears, and one is as a file from before hashing.
    const pathOf = async (id: string) => {
      const [row] = await env.db.select().from(evidenceFiles).where(eq(evidenceFiles.id, id));
      return join(env.config.files.localRootDir, ...(row?.objectPath ?? '').split('/'));
    };
    const changed = Buffer.from(photo);
    changed[changed.length - 10] = (changed[changed.length - 10] ?? 0) ^ 0xff;
    await writeFile(await pathOf(site.id), changed);
    await rm(await pathOf(plan.id));
    await env.db.update(evidenceFiles).set({ sha256: null }).where(eq(evidenceFiles.id, old.id));

    const report = await verifyEvidence(env.services, { recordMissing: false });
    expect(report.checked).toBe(3);
    expect(report.mismatched).toMatchObject([{ id: site.id, sha256: sha256(photo), found: sha256(changed) }]);
    expect(report.missing).toMatchObject([{ id: plan.id, fileName: 'Plan.pdf' }]);
    expect(report.unhashed).toMatchObject([{ id: old.id, fileName: 'Old.pdf' }]);
    expect(report.recordedNow).toEqual([]);
    expect(verifyExitCode(report)).toBe(1);
    const text = formatVerifyReport(report);
    expect(text).toContain('1 file no longer matches the SHA-256 recorded with it:');
    expect(text).toContain(`recorded ${sha256(photo)}\n    stored   ${sha256(changed)}`);
    expect(text).toContain('1 file is missing from the store:');
    expect(text).toContain('1 file was recorded before hashing began');
    expect(text).toMatch(/"Plan\.pdf" \(\d+ bytes\), Student Person\d+ <student\d+@example\.com>/);
    // Listing only: nothing was written.
    const [stillOld] = await env.db.select().from(evidenceFiles).where(eq(evidenceFiles.id, old.id));
    expect(stillOld?.sha256).toBeNull();

    // --record-missing: the hash is taken now and says so; the changed and missing stay listed.
    const at = new Date('2026-11-27T01:02:03Z');
    const recording = await verifyEvidence(env.services, { recordMissing: true, now: at });
    expect(recording.unhashed).toEqual([]);
    expect(recording.recordedNow).toMatchObject([{ id: old.id, sha256: sha256(older) }]);
    expect(recording.mismatched).toHaveLength(1);
    expect(recording.missing).toHaveLength(1);
    expect(formatVerifyReport(recording)).toContain('Recorded the SHA-256 of 1 file from before hashing');
    const oldView = (await caller.student.evidence.list({ taskId: otherTask.id })).submission?.files[0];
    expect(oldView).toMatchObject({ sha256: sha256(older), sha256RecordedLaterAt: at.toISOString() });
    const audit = await env.db.select().from(auditEvents).where(eq(auditEvents.subjectId, old.id));
    expect(audit.filter((row) => row.action === 'evidence.hash-recorded-later')).toMatchObject([
      { actorId: null, detail: { sha256: sha256(older), fileName: 'Old.pdf' } },
    ]);

    // A second run has nothing left to record, and checks the later hash like any other.
    const again = await verifyEvidence(env.services, { recordMissing: true });
    expect(again.recordedNow).toEqual([]);
    expect(again.unhashed).toEqual([]);
    expect(again.mismatched.map((f) => f.id)).toEqual([site.id]);
  });
});

describe('evidence file hashes on an S3-compatible bucket', () => {
  let s3: FakeS3;
  let env: TestEnv;
  let bucket: Awaited<ReturnType<typeof startS3Env>> | undefined;
  beforeAll(async () => {
    bucket = await startS3Env();
    ({ s3, env } = bucket);
  });
  afterAll(async () => {
    await bucket?.close();
  });

  it('hashes what the bucket holds as it is recorded, and verify-evidence reads it back to find a change or a loss', async () => {
    const { caller, task } = await studentWithUnit(env);
    const first = pdf(500);
    const second = pdf(900);
    const files = [];
    for (const [name, bytes] of [
      ['Induction.pdf', first],
      ['Permit.pdf', second],
    ] as const) {
      const sent = await s3Upload(caller, name, 'application/pdf', bytes);
      expect(sent.status).toBe(200);
      files.push((await caller.student.evidence.record({ taskId: task.id, ...sent.file })).file);
    }
    const [induction, permit] = files;
    if (!induction || !permit) throw new Error('two files were recorded');
    expect(induction.sha256).toBe(sha256(first));
    expect(permit.sha256).toBe(sha256(second));
    expect(verifyExitCode(await verifyEvidence(env.services, { recordMissing: false }))).toBe(0);

    const objectOf = async (id: string) => {
      const [row] = await env.db.select().from(evidenceFiles).where(eq(evidenceFiles.id, id));
      return row?.objectPath ?? '';
    };
    const stored = s3.objects.get(await objectOf(induction.id));
    if (!stored) throw new Error('the bucket holds the first file');
    const changed = Buffer.concat([first, Buffer.from('appended')]);
    stored.body = changed;
    s3.objects.delete(await objectOf(permit.id));

    const report = await verifyEvidence(env.services, { recordMissing: false });
    expect(report.mismatched).toMatchObject([{ id: induction.id, found: sha256(changed) }]);
    expect(report.missing).toMatchObject([{ id: permit.id }]);
    expect(verifyExitCode(report)).toBe(1);
  });
});
