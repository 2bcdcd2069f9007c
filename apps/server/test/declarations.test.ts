import { auditEvents, declarations, evidenceFiles, gradingDecisions } from '@evident/db/schema';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evidenceRows, pdf, studentWithUnit } from './evidence-fixtures';
import { createTestEnv, type TestEnv } from './harness';
import { recordPdf } from './live-fixtures';
import { refusal } from './refusal';
import { restAs } from './rest-fixtures';

// Issue 29 §3: the student's authenticity declaration on each upload, declaring files sent without
// one, the admin's versioned wording, and the assessor's declaration on each decision.

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

type Caller = Awaited<ReturnType<Awaited<ReturnType<TestEnv['signedIn']>>['caller']>>;

async function upload(caller: Caller, taskId: string, extra: Record<string, unknown> = {}) {
  const grant = await caller.student.evidence.requestUploadUrl({
    fileName: 'Log.pdf',
    fileType: 'application/pdf',
  });
  await env.services.storage.put(grant.objectPath, pdf(), 'application/pdf');
  return { taskId, fileName: 'Log.pdf', fileType: 'application/pdf', objectPath: grant.objectPath, ...extra };
}

async function declarationOf(fileId: string) {
  const [row] = await env.db
    .select({ declaration: declarations })
    .from(evidenceFiles)
    .leftJoin(declarations, eq(declarations.id, evidenceFiles.declarationId))
    .where(eq(evidenceFiles.id, fileId));
  return row?.declaration ?? null;
}

describe("the student's declaration", () => {
  it('reads the wording in force, over tRPC and REST', async () => {
    const { student, caller } = await studentWithUnit(env);
    const current = await caller.student.declarations.get();
    expect(current).toMatchObject({ kind: 'student', version: expect.any(Number) });
    expect(current.text).toContain('my own work');
    const response = await restAs(env, app, student).get('/api/student/declaration');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ kind: 'student', version: current.version, text: current.text });
  });

  it('an upload with the version records the declaration with the student and the time, and the file shows declared', async () => {
    const { student, caller, task } = await studentWithUnit(env);
    const { version } = await caller.student.declarations.get();
    const recorded = await caller.student.evidence.record(
      await upload(caller, task.id, { declarationVersion: version }),
    );
    expect(recorded.file.declared).toBe(true);
    expect(await declarationOf(recorded.file.id)).toMatchObject({
      kind: 'student',
      version,
      userId: student.user.id,
      actingAdminId: null,
    });
    const listed = await caller.student.evidence.list({ taskId: task.id });
    expect(listed.submission?.files.map((f) => f.declared)).toEqual([true]);
  });

  it('the offline queue sends the time it was declared at capture; a time ahead of now is now', async () => {
    const { caller, task, otherTask } = await studentWithUnit(env);
    const at = '2026-01-05T09:30:00.000Z';
    const early = await caller.student.evidence.record(
      await upload(caller, task.id, { declarationVersion: 1, declaredAt: at, capturedAt: at }),
    );
    expect((await declarationOf(early.file.id))?.createdAt.toISOString()).toBe(at);
    const before = Date.now();
    const ahead = await caller.student.evidence.record(
      await upload(caller, otherTask.id, { declarationVersion: 1, declaredAt: '2999-01-01T00:00:00.000Z' }),
    );
    const declaredAt = (await declarationOf(ahead.file.id))?.createdAt.getTime() ?? 0;
    expect(declaredAt).toBeGreaterThanOrEqual(before - 1000);
    expect(declaredAt).toBeLessThan(new Date('2999-01-01').getTime());
  });

  it('an unknown version is a 400 that says what to do, and writes nothing', async () => {
    const { student, task, caller } = await studentWithUnit(env);
    const response = await restAs(env, app, student).post(
      '/api/evidence',
      await upload(caller, task.id, { declarationVersion: 999 }),
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(response.body).toMatch(/no version 999.*GET \/api\/student\/declaration/s);
    expect(await evidenceRows(env, student.user.id)).toEqual({ submissions: 0, files: 0 });
    const byStudent = await env.db
      .select()
      .from(declarations)
      .where(eq(declarations.userId, student.user.id));
    expect(byStudent).toEqual([]);
  });

  it('a file recorded without one is Not declared until the student declares it; then one declaration covers them all', async () => {
    const { student, caller, task, otherTask } = await studentWithUnit(env);
    const first = await recordPdf(env, caller, task.id);
    const second = await recordPdf(env, caller, otherTask.id);
    expect([first.file.declared, second.file.declared]).toEqual([false, false]);
    const undeclared = await caller.student.evidence.listUndeclared();
    expect(undeclared.map((f) => f.id).sort()).toEqual([first.file.id, second.file.id].sort());
    expect((await caller.student.evidence.listUndeclared({ taskId: task.id })).map((f) => f.id)).toEqual([
      first.file.id,
    ]);

    const response = await restAs(env, app, student).post('/api/evidence/declare', {
      fileIds: [first.file.id, second.file.id],
      declarationVersion: 1,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().fileIds.sort()).toEqual([first.file.id, second.file.id].sort());
    const [a, b] = [await declarationOf(first.file.id), await declarationOf(second.file.id)];
    expect(a?.id).toBeDefined();
    expect(a?.id).toBe(b?.id);
    expect(await caller.student.evidence.listUndeclared()).toEqual([]);
    const audit = await env.db.select().from(auditEvents).where(eq(auditEvents.action, 'evidence.declared'));
    expect(audit.filter((row) => row.subjectId === student.user.id)).toHaveLength(1);

    // Declared files are not declared again: the second declaration never replaces the first.
    expect(
      await refusal(caller.student.declarations.record({ fileIds: [first.file.id], declarationVersion: 1 })),
    ).toMatch(/^CONFLICT: This file is already declared/);
  });

  it("declaring another student's file or an unknown version is refused and writes nothing", async () => {
    const owner = await studentWithUnit(env);
    const theirs = await recordPdf(env, owner.caller, owner.task.id);
    const { student, caller, task } = await studentWithUnit(env);
    const mine = await recordPdf(env, caller, task.id);
    expect(
      await refusal(
        caller.student.declarations.record({
          fileIds: [mine.file.id, theirs.file.id],
          declarationVersion: 1,
        }),
      ),
    ).toBe(`NOT_FOUND: Evidence file not found: ${theirs.file.id}. Nothing was declared.`);
    const unknown = await restAs(env, app, student).post('/api/evidence/declare', {
      fileIds: [mine.file.id],
      declarationVersion: 42,
    });
    expect(unknown.statusCode).toBe(400);
    expect(await declarationOf(mine.file.id)).toBeNull();
    expect(await declarationOf(theirs.file.id)).toBeNull();
    const made = await env.db
      .select()
      .from(declarations)
      .where(inArray(declarations.userId, [student.user.id, owner.student.user.id]));
    expect(made).toEqual([]);
  });

  it('an admin viewing as the student is recorded as the acting admin', async () => {
    const { student, task } = await studentWithUnit(env);
    const admin = await env.signedIn('rto_admin');
    await (await admin.caller()).admin.impersonation.start({ userId: student.user.id });
    const acting = await admin.caller();
    const recorded = await acting.student.evidence.record(
      await upload(acting, task.id, { declarationVersion: 1 }),
    );
    expect(await declarationOf(recorded.file.id)).toMatchObject({
      userId: student.user.id,
      actingAdminId: admin.user.id,
    });
  });
});

describe('declaration wording', () => {
  it('each save is a new version with who saved it; old versions stay; the audit trail says so', async () => {
    const admin = await env.signedIn('rto_admin', { firstName: 'Ada', lastName: 'Admin' });
    const caller = await admin.caller();
    const before = await caller.admin.declarations.list();
    const text = 'I confirm that the evidence I am sending is my own work, made by me at my workplace.';
    const saved = await caller.admin.declarations.update({ kind: 'student', text });
    expect(saved).toMatchObject({
      kind: 'student',
      version: (before.student[0]?.version ?? 0) + 1,
      added: true,
    });
    // The same wording again adds nothing.
    expect(await caller.admin.declarations.update({ kind: 'student', text })).toMatchObject({
      version: saved.version,
      added: false,
    });
    const after = await caller.admin.declarations.list();
    expect(after.student[0]).toMatchObject({ version: saved.version, text, createdByName: 'Ada Admin' });
    expect(after.student.slice(1)).toEqual(before.student);
    expect(after.assessor).toEqual(before.assessor);
    const audit = await env.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'settings.declaration'));
    expect(audit.at(-1)).toMatchObject({
      actorId: admin.user.id,
      detail: { kind: 'student', toVersion: saved.version },
    });

    // Students now confirm the new version; an upload under the old one still records it as made.
    const { caller: studentCaller, task } = await studentWithUnit(env);
    expect((await studentCaller.student.declarations.get()).version).toBe(saved.version);
    const old = await studentCaller.student.evidence.record(
      await upload(studentCaller, task.id, { declarationVersion: 1 }),
    );
    expect((await declarationOf(old.file.id))?.version).toBe(1);
  });

  it('refuses blank wording, and anyone but an admin', async () => {
    const admin = await (await env.signedIn('rto_admin')).caller();
    expect(await refusal(admin.admin.declarations.update({ kind: 'assessor', text: '   ' }))).toMatch(
      /^BAD_REQUEST: .*Declaration is required/s,
    );
    const assessor = await (await env.signedIn('assessor')).caller();
    expect(
      await refusal(assessor.admin.declarations.update({ kind: 'assessor', text: 'x'.repeat(40) })),
    ).toMatch(/^FORBIDDEN/);
  });
});

describe("the assessor's declaration", () => {
  it('a decision with the version carries it, shown on the earlier decisions; one without is Not declared', async () => {
    const { caller, task, otherTask } = await studentWithUnit(env);
    const nys = await recordPdf(env, caller, task.id);
    const plain = await recordPdf(env, caller, otherTask.id);
    const marker = await env.signedIn('assessor');
    const assessor = await marker.caller();
    const { version, text } = await assessor.assessor.declarations.get();
    expect(text).toContain('rules of evidence');
    await assessor.assessor.submissions.grade({
      submissionIds: [nys.submission.id],
      status: 'not_yet_satisfactory',
      strategiesForReassessment: 'Show the whole checklist',
      declarationVersion: version,
    });
    // The spec's callers grade without one: still graded, recorded as not declared.
    await assessor.assessor.submissions.grade({
      submissionIds: [plain.submission.id],
      status: 'satisfactory',
    });
    const rows = await env.db
      .select({ submissionId: gradingDecisions.submissionId, declaration: declarations })
      .from(gradingDecisions)
      .leftJoin(declarations, eq(declarations.id, gradingDecisions.declarationId))
      .where(inArray(gradingDecisions.submissionId, [nys.submission.id, plain.submission.id]));
    const of = new Map(rows.map((row) => [row.submissionId, row.declaration]));
    expect(of.get(nys.submission.id)).toMatchObject({ kind: 'assessor', version, userId: marker.user.id });
    expect(of.get(plain.submission.id)).toBeNull();

    await recordPdf(env, caller, task.id);
    const card = (await assessor.staff.submissions.list()).find((s) => s.id === nys.submission.id);
    expect(card?.earlierDecisions.map((d) => d.declarationVersion)).toEqual([version]);
  });

  it('an unknown version over REST is a 400 and grades nothing', async () => {
    const { caller, task } = await studentWithUnit(env);
    const sent = await recordPdf(env, caller, task.id);
    const marker = await env.signedIn('assessor');
    const response = await restAs(env, app, marker).post('/api/assessor/grade', {
      submissionIds: [sent.submission.id],
      status: 'satisfactory',
      declarationVersion: 7,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.body).toContain('GET /api/assessor/declaration');
    const decided = await env.db
      .select()
      .from(gradingDecisions)
      .where(eq(gradingDecisions.submissionId, sent.submission.id));
    expect(decided).toEqual([]);
  });
});
