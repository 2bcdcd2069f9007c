import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { api, type Json, uploadUrl } from './evidence-api';
import { median, type RunningServer, report, signIn, startServer } from './harness';

/**
 * Issue 12: grading 200 submissions in one request, on the embedded PGlite and, when
 * BENCH_POSTGRES_URL names a PostgreSQL server (e.g. postgres://postgres@127.0.0.1:5432/postgres), on
 * a fresh database there too.
 */
export async function benchGrading(): Promise<void> {
  console.log('\n# Grading');
  await benchBulkGrading('PGlite', {});
  // biome-ignore lint/suspicious/noUndeclaredEnvVars: read by the bench script only, never by a turbo task
  const serverUrl = process.env.BENCH_POSTGRES_URL;
  if (!serverUrl) return;
  const name = `evident_bench_grading_${process.pid}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    await benchBulkGrading('PostgreSQL', {
      DATABASE_URL: url.toString(),
      SEED_DEMO: '1',
      // One instance, but a shared database: the server asks for a configured secret.
      FILES_SECRET: randomBytes(32).toString('hex'),
    });
  } finally {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

const batchSize = 200;
const rounds = 5;

/** The smallest file the upload checks accept as a PDF. */
const tinyPdf = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);

/** A student who set up the unit and recorded a PDF on every one of its tasks: `batchSize` submissions. */
async function studentWithSubmissions(
  server: RunningServer,
  index: number,
  unitCode: string,
): Promise<string[]> {
  const email = `bench.grading.${index}@example.com`;
  const password = 'bench-student-password';
  await api(server, '', 'POST', '/api/auth/register', {
    firstName: 'Bench',
    lastName: `Student ${index}`,
    email,
    password,
  });
  const cookie = await signIn(server.url, email, password);
  await api(server, cookie, 'POST', '/api/units/generate-tasks', { unitCode });
  const tasks = (await api(server, cookie, 'GET', '/api/student/tasks')) as unknown as { id: string }[];
  const submissionIds: string[] = [];
  for (const task of tasks) {
    const grant = await uploadUrl(server, cookie, { fileName: 'evidence.pdf', fileType: 'application/pdf' });
    const put = await fetch(grant.uploadUrl, {
      method: 'PUT',
      headers: { 'content-type': 'application/pdf' },
      body: tinyPdf,
    });
    if (!put.ok) throw new Error(`PUT: ${put.status} ${await put.text()}`);
    const recorded = await api(server, cookie, 'POST', '/api/evidence', {
      taskId: task.id,
      fileName: 'evidence.pdf',
      fileType: 'application/pdf',
      objectPath: grant.objectPath,
    });
    submissionIds.push(String((recorded.submission as Json).id));
  }
  return submissionIds;
}

/**
 * `POST /api/assessor/grade` with 200 submission ids, `rounds` times on fresh submissions (a graded
 * submission cannot be graded again): one transaction locking 200 rows, updating them and appending
 * 200 history rows.
 */
async function benchBulkGrading(engine: string, env: Record<string, string>): Promise<void> {
  const server = await startServer({ SEED_DEMO: '1', ...env });
  try {
    const admin = await signIn(server.url, 'admin@demo.evident.local', 'evident-demo');
    const unit = await api(server, admin, 'POST', '/api/admin/units', {
      unitCode: 'BENCH200',
      title: 'Benchmark unit with two hundred tasks',
    });
    for (let i = 1; i <= batchSize; i++) {
      await api(server, admin, 'POST', `/api/admin/units/${String(unit.id)}/tasks`, {
        title: `Benchmark task ${i}`,
        description: `Upload the record of step ${i}.`,
        tooltip: 'A clear scan is enough.',
        evidenceTypes: ['pdf'],
      });
    }
    const batches: string[][] = [];
    for (let round = 0; round < rounds; round++)
      batches.push(await studentWithSubmissions(server, round, 'BENCH200'));

    const assessor = await signIn(server.url, 'assessor@demo.evident.local', 'evident-demo');
    const listStarted = performance.now();
    const listed = (await api(server, assessor, 'GET', '/api/assessor/submissions')) as unknown as unknown[];
    const listMs = performance.now() - listStarted;
    const times: number[] = [];
    for (const [round, submissionIds] of batches.entries()) {
      const started = performance.now();
      const result = await api(server, assessor, 'POST', '/api/assessor/grade', {
        submissionIds,
        status: round % 2 ? 'satisfactory' : 'not_yet_satisfactory',
        comment: 'Bench comment',
        strategiesForReassessment: 'Bench strategies',
      });
      times.push(performance.now() - started);
      if (result.count !== batchSize) throw new Error(`graded ${result.count}, expected ${batchSize}`);
    }
    report(`GET /api/assessor/submissions, ${listed.length} pending (${engine})`, `${listMs.toFixed(0)} ms`);
    report(
      `POST /api/assessor/grade, ${batchSize} at once, median of ${rounds} (${engine})`,
      `${median(times).toFixed(0)} ms`,
    );
    report('  slowest of those', `${Math.max(...times).toFixed(0)} ms`);
  } finally {
    await server.stop();
  }
}
