import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import postgres from 'postgres';
import { openDatabase } from '../../packages/db/src/client';
import { median, report, signIn, startServer } from './harness';
import { seedMatrixCohort } from './matrix-cohort';
import { startPostgres } from './postgres';

const taskCount = 20;
const classSize = 30;
const runs = 40;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const load = () => loadavg()[0]?.toFixed(1) ?? '?';

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

type Organisation = {
  url: string;
  unitId: string;
  assessorEmail: string;
  password: string;
  classId?: string;
};

/**
 * An organisation of `studentCount` students on one unit of 20 tasks, about ten submissions each. With
 * `inClasses`, every student is in a class of 30 (5,000 students: 167 classes), the assessor assesses
 * the first class only.
 */
async function seedOrganisation(
  url: string,
  studentCount: number,
  inClasses: boolean,
): Promise<Omit<Organisation, 'url'>> {
  const database = await openDatabase({ kind: 'postgres', url });
  try {
    await database.migrate();
    const cohort = await seedMatrixCohort(database.db, {
      studentCount,
      taskCount,
      submissionCount: studentCount * 10,
      unitCode: `BENCHCLS${studentCount}`,
    });
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      if (!inClasses) return cohort;
      const [assessor] = await sql<
        { id: string }[]
      >`select id from users where email = ${cohort.assessorEmail}`;
      const students = await sql<{ id: string }[]>`
        select student_id as id from enrolments where unit_id = ${cohort.unitId} order by student_id`;
      let classId: string | undefined;
      for (let start = 0; start < students.length; start += classSize) {
        const [row] = await sql<{ id: string }[]>`
          insert into classes (name, invite_code)
          values (${`Class ${start / classSize + 1}`}, ${randomBytes(12).toString('base64url')}) returning id`;
        if (!row) throw new Error('class not created');
        await sql`insert into class_units (class_id, unit_id) values (${row.id}, ${cohort.unitId})`;
        const members = students
          .slice(start, start + classSize)
          .map((s) => ({ class_id: row.id, student_id: s.id }));
        await sql`insert into class_enrolments ${sql(members)}`;
        if (start === 0) {
          classId = row.id;
          await sql`insert into class_assessors (class_id, assessor_id) values (${row.id}, ${assessor?.id ?? ''})`;
        }
      }
      return { ...cohort, classId };
    } finally {
      await sql.end();
    }
  } finally {
    // A live database has planner statistics; freshly bulk-loaded tables do not until autovacuum runs.
    await database.db.execute('analyze');
    await database.close();
  }
}

async function timeRequest(url: string, cookie: string) {
  const started = performance.now();
  const res = await fetch(url, { headers: { cookie } });
  const body = await res.text();
  if (!res.ok) throw new Error(`${url}: ${res.status} ${body.slice(0, 200)}`);
  return { ms: performance.now() - started, bytes: body.length };
}

/** Median and p95 of the grading queue and the matrix, alternating, as the assessor. */
async function measure(label: string, org: Organisation, pgUrl: string): Promise<void> {
  const server = await startServer({
    DATABASE_URL: pgUrl,
    SEED_DEMO: '0',
    FILES_SECRET: randomBytes(32).toString('hex'),
  });
  try {
    const cookie = await signIn(server.url, org.assessorEmail, org.password);
    const filter = org.classId ? `classId=${org.classId}&` : '';
    const paths = {
      queue: `/api/assessor/submissions${org.classId ? `?classId=${org.classId}` : ''}`,
      matrix: `/api/reports/evidence-matrix?${filter}unitId=${org.unitId}`,
      // 'All my students': her class and the students in no class (none here), without naming the class.
      mine: '/api/assessor/submissions',
    };
    const times: Record<keyof typeof paths, number[]> = { queue: [], matrix: [], mine: [] };
    const sizes: Record<keyof typeof paths, number> = { queue: 0, matrix: 0, mine: 0 };
    for (let i = 0; i < runs + 5; i++) {
      for (const key of Object.keys(paths) as (keyof typeof paths)[]) {
        const answer = await timeRequest(`${server.url}${paths[key]}`, cookie);
        if (i >= 5) times[key].push(answer.ms);
        sizes[key] = answer.bytes;
      }
    }
    const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
    report(`${label}: grading queue (${kb(sizes.queue)}), median of ${runs}`, ms(median(times.queue)));
    report('  p95', ms(percentile(times.queue, 95)));
    report(`${label}: matrix for the unit (${kb(sizes.matrix)}), median`, ms(median(times.matrix)));
    report('  p95', ms(percentile(times.matrix, 95)));
    if (org.classId) {
      report(`${label}: grading queue, 'All my students', median`, ms(median(times.mine)));
    }
  } finally {
    await server.stop();
  }
}

/**
 * Issue 19: the grading queue and the matrix for one class of 30 in an organisation of 5,000 students
 * (every student in a class of 30), against the whole of a 30-student organisation, on PostgreSQL.
 */
export async function benchClasses(): Promise<void> {
  console.log('\n# Classes: one class of 30 among 5,000 students vs a 30-student organisation (PostgreSQL)');
  report('load average (1 min) at the start', load());
  const pg = await startPostgres();
  const admin = postgres(pg.url, { max: 1, onnotice: () => {} });
  try {
    const orgs: [string, number, boolean][] = [
      ['30-student organisation', 30, false],
      ['class of 30 in 5,000', 5000, true],
    ];
    for (const [label, students, inClasses] of orgs) {
      const name = `bench_classes_${students}`;
      await admin.unsafe(`create database ${name}`);
      const url = new URL(pg.url);
      url.pathname = `/${name}`;
      const seeded = await seedOrganisation(url.toString(), students, inClasses);
      report(`${label}: load average (1 min) before measuring`, load());
      await measure(label, { ...seeded, url: url.toString() }, url.toString());
    }
  } finally {
    await admin.end();
    pg.stop();
    report('load average (1 min) at the end', load());
  }
}
