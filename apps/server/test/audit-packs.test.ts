import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { auditEvents, evidenceFiles, tasks } from '@evident/db/schema';
import { listOutbox } from '@evident/mail/outbox-reader';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runVerifyPack, verifyPack } from '../src/audit-pack/verify-pack';
import { pathOf } from './evidence-fixtures';
import { studentWithSubmissions } from './grading-fixtures';
import { createTestEnv, type TestEnv } from './harness';
import { restAs } from './rest-fixtures';
import { zipEntries } from './zip-entries';

// Issue 30 §3: an audit pack is built in the background, streamed into one zip with a manifest of
// every file's SHA-256, downloaded through an expiring signed link, and `verify-pack` checks it.

let env: TestEnv;
let app: Awaited<ReturnType<TestEnv['app']>>;
beforeAll(async () => {
  env = await createTestEnv({ videoConverter: null });
  app = await env.app();
});
afterAll(async () => {
  await app?.close();
  await env?.close();
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A student with every task of the unit sent and, when `judged`, each judged by the assessor. */
async function student(
  names: { firstName: string; lastName: string },
  judged: boolean,
  assessor: Awaited<ReturnType<Awaited<ReturnType<TestEnv['signedIn']>>['caller']>>,
) {
  const setUp = await studentWithSubmissions(env, app, { count: 100, ...names });
  if (judged)
    await assessor.assessor.submissions.grade({
      submissionIds: setUp.submitted.map((s) => s.submissionId),
      status: 'satisfactory',
      comment: 'Shown at work.',
    });
  return setUp;
}

describe('audit packs', () => {
  it('an ASQA sample: refused when larger than the completed students; built, downloaded, verified, audited and mailed', async () => {
    const marker = await env.signedIn('assessor', { firstName: 'Priya', lastName: 'Nair' });
    const assessor = await marker.caller();
    const ana = await student({ firstName: 'Ana', lastName: 'Silva' }, true, assessor);
    // Hostile text in a name stays inert in the CSV: a spreadsheet must not run it.
    await student({ firstName: '=HYPERLINK("http://x.test")', lastName: 'Bo' }, true, assessor);
    await student({ firstName: 'Cy', lastName: 'Incomplete' }, false, assessor);
    const [task] = await env.db.select().from(tasks).where(eq(tasks.id, ana.task.id));
    const unitId = task?.unitId as string;

    const adminClient = await env.signedIn('rto_admin', { firstName: 'Ada', lastName: 'Admin' });
    const admin = await adminClient.caller();
    const completed = await admin.admin.auditPacks.listCompletedStudents({ unitId });
    expect(completed.map((s) => s.name).sort()).toEqual(['=HYPERLINK("http://x.test") Bo', 'Ana Silva']);

    // Over REST, as the spec names it: a sample larger than the completed students is a clear 400.
    const rest = restAs(env, app, adminClient);
    const tooMany = await rest.post('/api/admin/audit-packs', { unitId, sampleSize: 3 });
    expect(tooMany.statusCode, tooMany.body).toBe(400);
    expect(tooMany.body).toContain('only 2 students have completed this unit');
    const both = await rest.post('/api/admin/audit-packs', {
      unitId,
      sampleSize: 1,
      studentIds: [ana.student.user.id],
    });
    expect(both.statusCode).toBe(400);

    const made = await rest.post('/api/admin/audit-packs', { unitId, sampleSize: 2 });
    expect(made.statusCode, made.body).toBe(200);
    const { id } = made.json() as { id: string };
    await env.services.jobs.idle();

    const got = await rest.get(`/api/admin/audit-packs/${id}`);
    expect(got.statusCode, got.body).toBe(200);
    const pack = got.json() as {
      status: string;
      progress: number;
      downloadUrl: string;
      studentCount: number;
    };
    expect(pack).toMatchObject({ status: 'ready', progress: 100, studentCount: 2 });
    const download = await app.inject({ method: 'GET', url: pathOf(pack.downloadUrl) });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('attachment');
    const file = join(env.dataDir, 'pack.zip');
    writeFileSync(file, download.rawPayload);

    // Every file with its SHA-256 as recorded when sent, the records as PDFs, the manifest in two forms.
    const entries = await zipEntries(file);
    const manifest = JSON.parse((entries.get('manifest.json') as Buffer).toString('utf8'));
    expect(manifest.format).toBe('evident-audit-pack/1');
    expect(manifest.pack.sample).toEqual({ size: 2 });
    // No round sampled these students: the manifest says so (validation-close.test.ts packs one that did).
    expect(manifest.validationRecords).toMatchObject({ included: true, rounds: [] });
    expect(manifest.requirements.length).toBeGreaterThan(0);
    expect(
      manifest.students.map((s: { student: { firstName: string } }) => s.student.firstName).sort(),
    ).toEqual(['=HYPERLINK("http://x.test")', 'Ana']);
    const decision = manifest.students[0].decisions[0];
    expect(decision).toMatchObject({
      status: 'satisfactory',
      assessorName: 'Priya Nair',
      actingAdminName: null,
    });
    const evidence = manifest.files.filter((f: { kind: string }) => f.kind === 'evidence');
    expect(evidence.length).toBe(ana.submitted.length * 2);
    for (const listed of manifest.files) {
      expect(sha256(entries.get(listed.path) as Buffer)).toBe(listed.sha256);
    }
    // The hash is the one recorded when the student sent the file, not one taken while packing.
    const [recorded] = await env.db
      .select()
      .from(evidenceFiles)
      .where(eq(evidenceFiles.id, ana.submitted[0]?.fileIds[0] as string));
    expect(manifest.files.map((f: { sha256: string }) => f.sha256)).toContain(recorded?.sha256);
    expect(evidence.every((f: { hashRecordedAtUpload: boolean }) => f.hashRecordedAtUpload)).toBe(true);
    expect(evidence[0].path).toMatch(/^0[12]-[\w.-]+\/Task-01-[\w-]+\/01-[\w.-]+\.jpg$/);
    expect(manifest.files.filter((f: { kind: string }) => f.kind === 'assessment-record-pdf')).toHaveLength(
      2,
    );
    const csv = (entries.get('manifest.csv') as Buffer).toString('utf8');
    expect(csv).toContain(`'=HYPERLINK`);
    expect(csv).not.toMatch(/(^|,)=HYPERLINK/m);

    expect(await verifyPack(file)).toMatchObject({ problems: [] });
    const quiet = { log: () => {}, error: () => {} } as unknown as Console;
    expect(await runVerifyPack([file], quiet)).toBe(0);

    // One byte of a photo changed inside the zip: verify-pack names the file and exits 1.
    const bytes = Buffer.from(download.rawPayload);
    const photo = entries.get(evidence[0].path) as Buffer;
    const at = bytes.indexOf(photo.subarray(200, 264));
    expect(at).toBeGreaterThan(0);
    bytes[at] = (bytes[at] ?? 0) ^ 0xff;
    const corrupt = join(env.dataDir, 'corrupt.zip');
    writeFileSync(corrupt, bytes);
    const report = await verifyPack(corrupt);
    expect(report.problems).toHaveLength(1);
    expect(report.problems[0]?.problem).toContain('does not match');
    expect(await runVerifyPack([corrupt], quiet)).toBe(1);

    // Made and downloaded are in the audit trail, and the admin was mailed.
    const trail = await env.db.select().from(auditEvents).where(like(auditEvents.action, 'audit-pack.%'));
    expect(trail.map((row) => row.action).sort()).toEqual([
      'audit-pack.built',
      'audit-pack.downloaded',
      'audit-pack.requested',
    ]);
    expect(trail.every((row) => row.subjectId === id)).toBe(true);
    const mail = listOutbox(env.config.mail.outboxDir).filter((m) => m.to === adminClient.user.email);
    expect(mail.map((m) => m.subject)).toContain(`Audit pack ready: RIIWHS204E ${manifest.unit.title}`);

    // The list the screen shows; only admins may ask.
    const listed = await admin.admin.auditPacks.list();
    expect(listed[0]).toMatchObject({
      id,
      status: 'ready',
      unitCode: 'RIIWHS204E',
      requestedByName: 'Ada Admin',
    });
    await expect(assessor.admin.auditPacks.list()).rejects.toThrow();
  });

  it('chosen students: one pack of a student whose work is not finished; an unknown student is refused', async () => {
    const assessor = await (await env.signedIn('assessor')).caller();
    const dee = await student({ firstName: 'Dee', lastName: 'Chosen' }, false, assessor);
    const [task] = await env.db.select().from(tasks).where(eq(tasks.id, dee.task.id));
    const admin = await (await env.signedIn('rto_admin')).caller();
    await expect(
      admin.admin.auditPacks.create({ unitId: task?.unitId as string, studentIds: ['not-an-id'] }),
    ).rejects.toThrow();
    await expect(
      admin.admin.auditPacks.create({
        unitId: task?.unitId as string,
        studentIds: ['00000000-0000-4000-8000-000000000000'],
      }),
    ).rejects.toThrow('Student not found');
    const { id } = await admin.admin.auditPacks.create({
      unitId: task?.unitId as string,
      studentIds: [dee.student.user.id],
    });
    await env.services.jobs.idle();
    const pack = await admin.admin.auditPacks.issueDownloadLink({ id });
    expect(pack.error).toBeNull();
    expect(pack).toMatchObject({ status: 'ready', studentCount: 1, sampleSize: null });
    const download = await app.inject({ method: 'GET', url: pathOf(pack.downloadUrl as string) });
    const file = join(env.dataDir, 'chosen.zip');
    writeFileSync(file, download.rawPayload);
    expect(await verifyPack(file)).toMatchObject({ problems: [] });
  });

  it('a file changed in the store since it was sent fails the attempt, saying which, and ships nothing', async () => {
    const assessor = await (await env.signedIn('assessor')).caller();
    const eve = await student({ firstName: 'Eve', lastName: 'Changed' }, false, assessor);
    const [file] = await env.db
      .select()
      .from(evidenceFiles)
      .where(eq(evidenceFiles.id, eve.submitted[0]?.fileIds[0] as string));
    const onDisk = join(env.config.files.localRootDir, ...(file?.objectPath ?? '').split('/'));
    const bytes = readFileSync(onDisk);
    bytes[bytes.length - 20] = (bytes[bytes.length - 20] ?? 0) ^ 0xff;
    writeFileSync(onDisk, bytes);
    const [task] = await env.db.select().from(tasks).where(eq(tasks.id, eve.task.id));
    const admin = await (await env.signedIn('rto_admin')).caller();
    const { id } = await admin.admin.auditPacks.create({
      unitId: task?.unitId as string,
      studentIds: [eve.student.user.id],
    });
    await env.services.jobs.idle();
    const pack = await admin.admin.auditPacks.issueDownloadLink({ id });
    expect(pack.status).toBe('building');
    expect(pack.error).toContain('no longer matches its recorded SHA-256');
    expect(pack.downloadUrl).toBeNull();
  });
});
