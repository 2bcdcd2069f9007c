import type { AddressInfo } from 'node:net';
import { gradedMailJob } from '@evident/api/jobs';
import { serverTimeZone, timeZoneGenericName } from '@evident/core/time-zone';
import { enqueueJob } from '@evident/db/queries/jobs';
import { jobs } from '@evident/db/schema';
import { listOutbox } from '@evident/mail/outbox-reader';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpeg } from './evidence-fixtures';
import { studentWithSubmissions, submitEvidence } from './grading-fixtures';
import { createTestEnv, type TestEnv } from './harness';

let env: TestEnv;
let app: Awaited<ReturnType<TestEnv['app']>>;
beforeAll(async () => {
  env = await createTestEnv({ videoConverter: null });
  app = await env.app();
});
afterAll(async () => {
  await app.close();
  await env.close();
});

const gradedMailTo = (email: string) =>
  listOutbox(env.config.mail.outboxDir).filter(
    (message) => message.to === email && /^(Satisfactory|Not Yet Satisfactory):/.test(message.subject),
  );

describe('a student is mailed when their work is graded', () => {
  it('one mail per grading request, with the task, the outcome, the comment, the strategies and a link', async () => {
    const setUp = await studentWithSubmissions(env, app, { count: 2 });
    const [first, second] = setUp.submitted;
    if (!first || !second) throw new Error('two submissions expected');
    // A second file on the first task: the mail is per request, not per file.
    await submitEvidence(app, setUp.caller, first.task.id, {
      fileName: 'second.jpg',
      fileType: 'image/jpeg',
      body: await jpeg(120, 90),
    });
    const assessor = await (await env.signedIn('assessor')).caller();
    await assessor.assessor.submissions.grade({
      submissionIds: [first.submissionId],
      status: 'not_yet_satisfactory',
      comment: 'The photo does not show the tag.',
      strategiesForReassessment: 'Photograph the tag on the harness\nand the date on it.',
    });
    await env.services.jobs.idle();

    const email = setUp.student.user.email;
    const [mail, ...more] = gradedMailTo(email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(`Not Yet Satisfactory: ${first.task.title}`);
    expect(mail?.text).toContain(`Hi ${setUp.student.user.firstName},`);
    // On the day and time it was decided, in the organisation's zone (the server's until one is chosen).
    expect(mail?.text).toContain(`graded your evidence for “${first.task.title}” (RIIWHS204E) on `);
    expect(mail?.text).toMatch(
      / on \d{1,2} \w{3,4} \d{4}, \d{1,2}:\d{2} [ap]m \([A-Za-z ]+\): Not Yet Satisfactory\./,
    );
    expect(mail?.text).toContain(`(${timeZoneGenericName(serverTimeZone())}): Not Yet Satisfactory.`);
    expect(mail?.text).toContain("Assessor's comment:\nThe photo does not show the tag.");
    expect(mail?.text).toContain(
      'Strategies for reassessment:\nPhotograph the tag on the harness\nand the date on it.',
    );
    const link = mail?.text.match(/Open the task: (\S+)/)?.[1];
    const url = new URL(link ?? '');
    expect(url.origin).toBe('http://evident.test');
    expect(url.searchParams.get('task')).toBe(first.task.id);
    expect(url.searchParams.get('unit')).toBeTruthy();

    // Satisfactory: no strategies, even if some were typed.
    await assessor.assessor.submissions.grade({
      submissionIds: [second.submissionId],
      status: 'satisfactory',
      comment: 'Clear and complete.',
      strategiesForReassessment: 'ignored',
    });
    await env.services.jobs.idle();
    const satisfactory = gradedMailTo(email).find((m) => m.subject.startsWith('Satisfactory'));
    expect(satisfactory?.text).toContain("Assessor's comment:\nClear and complete.");
    expect(satisfactory?.text).not.toContain('Strategies');
    expect(gradedMailTo(email)).toHaveLength(2);
  });

  it('one request grading two tasks of one student and one of another sends one mail to each', async () => {
    const ann = await studentWithSubmissions(env, app, { count: 2 });
    const bob = await studentWithSubmissions(env, app, { count: 1 });
    const assessor = await (await env.signedIn('assessor')).caller();
    await assessor.assessor.submissions.grade({
      submissionIds: [...ann.submitted, ...bob.submitted].map((s) => s.submissionId),
      status: 'satisfactory',
      comment: null,
    });
    await env.services.jobs.idle();
    const toAnn = gradedMailTo(ann.student.user.email);
    expect(toAnn).toHaveLength(1);
    expect(toAnn[0]?.subject).toBe('Satisfactory: 2 tasks');
    for (const { task } of ann.submitted) {
      expect(toAnn[0]?.text).toContain(`- ${task.title} (RIIWHS204E): http://evident.test/?unit=`);
      expect(toAnn[0]?.text).toContain(`task=${task.id}`);
    }
    expect(toAnn[0]?.text).not.toContain("Assessor's comment");
    expect(gradedMailTo(bob.student.user.email)).toHaveLength(1);
  });

  it('a student who turned the mails off gets none, and can turn them on again', async () => {
    const setUp = await studentWithSubmissions(env, app, { count: 2 });
    expect(await setUp.caller.account.gradedMail.get()).toEqual({ on: true });
    expect(await setUp.caller.account.gradedMail.set({ on: false })).toEqual({ on: false });
    expect(await setUp.caller.account.gradedMail.get()).toEqual({ on: false });
    const assessor = await (await env.signedIn('assessor')).caller();
    await assessor.assessor.submissions.grade({
      submissionIds: [setUp.submitted[0]?.submissionId ?? ''],
      status: 'satisfactory',
    });
    await env.services.jobs.idle();
    expect(gradedMailTo(setUp.student.user.email)).toEqual([]);

    await setUp.caller.account.gradedMail.set({ on: true });
    await assessor.assessor.submissions.grade({
      submissionIds: [setUp.submitted[1]?.submissionId ?? ''],
      status: 'satisfactory',
    });
    await env.services.jobs.idle();
    expect(gradedMailTo(setUp.student.user.email)).toHaveLength(1);
  });

  it('the preference is checked when the job runs: turned off after grading, nothing is sent', async () => {
    const setUp = await studentWithSubmissions(env, app, { count: 1 });
    // A mail queued while the mails were on (as grading queues it), and still waiting when they go off.
    await setUp.caller.account.gradedMail.set({ on: false });
    await enqueueJob(
      env.db,
      gradedMailJob({
        studentId: setUp.student.user.id,
        taskIds: [setUp.task.id],
        outcome: 'satisfactory',
        comment: null,
        strategies: null,
      }),
    );
    env.services.jobs.wake();
    await env.services.jobs.idle();
    expect(gradedMailTo(setUp.student.user.email)).toEqual([]);
  });

  it('only signed-in people change their own setting', async () => {
    const visitor = await env.browser().caller();
    await expect(visitor.account.gradedMail.set({ on: false })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });
});

describe('a mail server that fails', () => {
  it('never fails grading: the grade stands and the mail job is retried', async () => {
    const { SMTPServer } = await import('smtp-server');
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        stream.resume();
        stream.on('end', () =>
          callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 })),
        );
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    const failing = await createTestEnv({
      videoConverter: null,
      env: { SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true` },
      jobs: { retryBaseMs: 60_000 },
    });
    const failingApp = await failing.app();
    try {
      const setUp = await studentWithSubmissions(failing, failingApp, { count: 1 });
      const assessor = await (await failing.signedIn('assessor')).caller();
      const graded = await assessor.assessor.submissions.grade({
        submissionIds: [setUp.submitted[0]?.submissionId ?? ''],
        status: 'satisfactory',
      });
      expect(graded).toMatchObject({ status: 'satisfactory', count: 1 });
      await failing.services.jobs.idle();
      const [job] = await failing.db.select().from(jobs).where(eq(jobs.kind, 'graded-mail'));
      expect(job).toMatchObject({ status: 'queued', attempts: 1 });
      expect(job?.lastError).toMatch(/451/);
      expect((await setUp.caller.student.tasks.list())[0]?.submission?.status).toBe('satisfactory');
    } finally {
      await failingApp.close();
      await failing.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});
