import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import {
  buildEnrolment,
  buildEvidenceFile,
  buildSubmission,
  buildTask,
  buildUnit,
} from '@evident/db/testing/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from './harness';

const run = promisify(execFile);
const repo = resolve(import.meta.dirname, '../../..');
const clientPackage = join(repo, 'packages/client');
const tsc = join(repo, 'node_modules/.bin/tsc');
const PORT = Number(process.env.CLIENT_TEST_PORT ?? 4452);

/**
 * The client as a script outside this repository sees it: built to dist/, installed by a symlink
 * into a throwaway project in the system temp folder, type-checked there with tsc (strict, NodeNext)
 * and its examples compiled and run with plain node against a live server.
 */
let env: TestEnv;
let app: Awaited<ReturnType<TestEnv['app']>>;
let project: string;

beforeAll(async () => {
  await run(process.execPath, [join(clientPackage, 'scripts/build.mjs')], { cwd: clientPackage });
  project = mkdtempSync(join(tmpdir(), 'evident-client-consumer-'));
  mkdirSync(join(project, 'node_modules/@evident'), { recursive: true });
  mkdirSync(join(project, 'node_modules/@types'), { recursive: true });
  symlinkSync(clientPackage, join(project, 'node_modules/@evident/client'), 'dir');
  symlinkSync(join(repo, 'node_modules/@types/node'), join(project, 'node_modules/@types/node'), 'dir');
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'rto-scripts', private: true, type: 'module' }),
  );
  writeFileSync(
    join(project, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        skipLibCheck: true,
        types: ['node'],
        outDir: 'out',
        rootDir: 'src',
      },
      include: ['src'],
    }),
  );
  cpSync(join(clientPackage, 'examples'), join(project, 'src'), { recursive: true });
  // The types are real, not `any`: a wrong procedure, input or output use fails to compile.
  writeFileSync(
    join(project, 'src/types-are-real.ts'),
    `import { createEvidentClient, type RouterOutputs } from '@evident/client';
const evident = createEvidentClient({ url: 'http://localhost', token: 'evd_x' });
// @ts-expect-error there is no such procedure
evident.reports.noSuchReport;
// @ts-expect-error the filter is all, complete or incomplete
void evident.staff.evidenceMatrix.exportCsv.query({ filter: 'some' });
// @ts-expect-error submittedAt is an ISO string
export const when: number = ({} as RouterOutputs['staff']['submissions']['list'][number]).submittedAt;
export const tokens: Promise<{ id: string; name: string }[]> = evident.account.tokens.list.query();
// Issue 29: a unit's coverage, typed down to its uncovered keys.
export const uncovered: Promise<string[]> = evident.admin.coverage.get.query({ id: 'x' }).then((c) => c.uncovered);
// Issue 30 §4: records past their period, and the tombstone a disposal leaves.
export const dueSince: Promise<string[]> = evident.admin.retention.get.query().then((r) => r.due.map((d) => d.dueSince));
export const disposedFiles: Promise<number> = evident.admin.retention.removeRecords
  .mutate({ studentId: 'x', unitId: 'y' })
  .then((d) => d.counts.files);
`,
  );

  env = await createTestEnv();
  app = await env.app();
  await app.listen({ port: PORT, host: '127.0.0.1' });
}, 180_000);

afterAll(async () => {
  await app?.close();
  await env?.close();
  if (project) rmSync(project, { recursive: true, force: true });
});

async function node(script: string, args: string[], token: string) {
  return run(process.execPath, [join(project, 'out', script), ...args], {
    cwd: project,
    env: { PATH: process.env.PATH, EVIDENT_URL: `http://127.0.0.1:${PORT}`, EVIDENT_TOKEN: token },
  });
}

describe('@evident/client outside the repository', () => {
  it('type-checks and compiles a strict NodeNext project against the built package', async () => {
    const result = await run(tsc, ['-p', project], { cwd: project }).catch((error) => error);
    expect(`${result.stdout ?? ''}${result.stderr ?? ''}`).toBe('');
  }, 120_000);

  it('runs both examples against a live server with an API token', async () => {
    const assessor = await env.signedIn('assessor', { firstName: 'Ada', lastName: 'Assessor' });
    const unit = await buildUnit(env.db, { unitCode: 'CPCCWHS1001', title: 'Work safely' });
    const task = await buildTask(env.db, { unitId: unit.id, title: 'Inspect the site' });
    const newer = await buildTask(env.db, { unitId: unit.id, title: 'Fill in a hazard report' });
    const ages = [
      { first: 'Old', task: task.id, days: 20 },
      { first: 'Recent', task: task.id, days: 2 },
      { first: 'Older', task: newer.id, days: 30 },
    ];
    const admin = await (await env.signedIn('rto_admin')).caller();
    for (const age of ages) {
      const student = await env.signedIn('student', { firstName: age.first, lastName: 'Learner' });
      // A deactivated student's work stays and waits; the scripts say whose account it is.
      if (age.first === 'Old') await admin.admin.users.deactivate({ userId: student.user.id });
      await buildEnrolment(env.db, { studentId: student.user.id, unitId: unit.id });
      const submission = await buildSubmission(env.db, {
        studentId: student.user.id,
        taskId: age.task,
        submittedAt: new Date(Date.now() - age.days * 86_400_000),
      });
      await buildEvidenceFile(env.db, { submissionId: submission.id });
    }
    const { token } = await (await assessor.caller()).account.tokens.issue({
      name: 'Scripts',
      scope: 'read',
    });

    const matrix = await node('export-matrix-csv.js', ['cpccwhs1001'], token);
    const lines = matrix.stdout
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toContain('First Name');
    expect(lines).toHaveLength(4);
    expect(matrix.stdout).toContain('Older');
    expect(matrix.stderr).toContain('.csv');
    expect(matrix.stderr).toContain('Deactivated (their work stays, they cannot sign in): Old Learner\n');

    const waiting = await node('waiting-submissions.js', ['10'], token);
    expect(waiting.stdout.trim().split('\n')).toEqual([
      '30 days\tOlder Learner\tCPCCWHS1001\tFill in a hazard report',
      '20 days\tOld Learner (deactivated)\tCPCCWHS1001\tInspect the site',
    ]);
    expect(waiting.stderr).toBe('2 submissions waiting longer than 10 days\n');
    // One and none read as English: never '0 waiting longer than 1 days'.
    expect((await node('waiting-submissions.js', ['25'], token)).stderr).toBe(
      '1 submission waiting longer than 25 days\n',
    );
    const none = await node('waiting-submissions.js', ['100'], token);
    expect([none.stdout, none.stderr]).toEqual(['', 'No submissions waiting longer than 100 days\n']);
    expect((await node('waiting-submissions.js', ['1'], token)).stderr).toBe(
      '3 submissions waiting longer than 1 day\n',
    );

    // A refused token fails the script with the server's reason.
    const refused = await node(
      'waiting-submissions.js',
      ['10'],
      'evd_not-a-real-token-at-all-0000000000',
    ).catch((error) => error);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('Invalid API token');
  }, 120_000);

  it('enrols a file of emails in a class and prints what happened to each', async () => {
    const admin = await env.signedIn('rto_admin');
    await env.signedIn('student', { email: 'already.here@example.com' });
    const unit = await buildUnit(env.db, {
      unitCode: 'TLILIC0003',
      title: 'Licence to operate a forklift truck',
    });
    const caller = await admin.caller();
    const klass = await caller.admin.classes.create({ name: 'Forklift March', unitIds: [unit.id] });
    const { token } = await caller.account.tokens.issue({ name: 'Enrolment', scope: 'write' });
    const emails = join(project, 'emails.txt');
    writeFileSync(emails, 'already.here@example.com\nNew Person <new.person@example.com>\nnot-an-email\n');

    const enrolled = await node('enrol-class.js', [klass.id, emails], token);
    expect(enrolled.stdout.trim().split('\n')).toEqual([
      'enrolled\talready.here@example.com\tEnrolled',
      'invited\tnew.person@example.com\tInvited: new account, invitation mailed',
      'invalid\tnot-an-email\tNot enrolled: not a valid email address',
    ]);
    expect(enrolled.stderr).toContain('Forklift March: 2 students');
  }, 120_000);
});
