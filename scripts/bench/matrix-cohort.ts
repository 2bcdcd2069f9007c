import { createPasswordHasher } from '../../packages/auth/src/password';
import type { Database } from '../../packages/db/src/client';
import { enrolments, evidenceFiles, submissions, tasks, units, users } from '../../packages/db/src/schema';

const firstNames = [
  'Olivia',
  'Liam',
  'Charlotte',
  'Noah',
  'Amelia',
  'Jack',
  'Isla',
  'William',
  'Mia',
  'Oliver',
  'Ava',
  'Leo',
  'Grace',
  'Lucas',
  'Chloe',
  'Thomas',
  'Zoe',
  'Henry',
  'Ruby',
  'James',
  'Aisha',
  'Mohammed',
  'Mei',
  'Arjun',
  'Sofia',
  'Nguyen',
  'Priya',
  'Kai',
  'Hannah',
  'Tane',
];
const lastNames = [
  'Smith',
  'Jones',
  'Williams',
  'Brown',
  'Wilson',
  'Taylor',
  'Nguyen',
  'Johnson',
  'Martin',
  'White',
  'Anderson',
  'Walker',
  'Thompson',
  'Harris',
  'Lee',
  'Ryan',
  'Robinson',
  'Kelly',
  'King',
  'Singh',
  'Chen',
  'Patel',
  "O'Connor",
  'Kaur',
  'Murphy',
  'Campbell',
  'Tran',
  'Hughes',
  'Edwards',
  'Ali',
];
const taskTitles = [
  'Identify hazards before starting work at height',
  'Select and inspect a fall-arrest harness',
  'Check anchor points and their rating',
  'Set up a mobile scaffold to the manufacturer’s instructions',
  'Complete a safe work method statement',
  'Use a ladder with three points of contact',
  'Install edge protection on an open side',
  'Tag out faulty equipment and report it',
  'Brief the team on the rescue plan',
  'Pack up and store height equipment',
];

export type Cohort = { unitId: string; assessorEmail: string; password: string };

/** A pseudo-random but repeatable sequence, so two runs seed the same cohort. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * One unit with `taskCount` tasks and `studentCount` enrolled students who between them hold exactly
 * `submissionCount` submissions: each student works through the tasks in order, the earlier ones
 * mostly signed off, the latest waiting or to redo; one to three files each, a few withdrawn. Plus an
 * approved assessor to sign in with.
 */
export async function seedMatrixCohort(
  db: Database,
  options: { studentCount: number; taskCount: number; submissionCount: number; unitCode: string },
): Promise<Cohort> {
  const { studentCount, taskCount, submissionCount, unitCode } = options;
  if (submissionCount > studentCount * taskCount) throw new Error('more submissions than cells');
  const next = random(42);
  const password = 'matrix-bench-password';
  const passwordHash = await createPasswordHasher().hash(password);
  const assessorEmail = `assessor.${unitCode.toLowerCase()}@example.com`;
  await db.insert(users).values({
    firstName: 'Sam',
    lastName: 'Assessor',
    email: assessorEmail,
    role: 'assessor',
    passwordHash,
    approvedAt: new Date(),
  });
  const [unit] = await db
    .insert(units)
    .values({ unitCode, title: 'Work safely at heights' })
    .returning({ id: units.id });
  if (!unit) throw new Error('unit not created');
  const taskRows = await db
    .insert(tasks)
    .values(
      Array.from({ length: taskCount }, (_, i) => ({
        unitId: unit.id,
        position: i,
        title: `${taskTitles[i % taskTitles.length]}${i >= taskTitles.length ? ` (${Math.floor(i / taskTitles.length) + 1})` : ''}`,
        description: 'Show the step on the job.',
      })),
    )
    .returning({ id: tasks.id });

  const studentRows: { id: string }[] = [];
  for (let start = 0; start < studentCount; start += 500) {
    const batch = Array.from({ length: Math.min(500, studentCount - start) }, (_, k) => {
      const i = start + k;
      const firstName = firstNames[i % firstNames.length] ?? 'Alex';
      const lastName = lastNames[(i * 7 + Math.floor(i / lastNames.length)) % lastNames.length] ?? 'Doe';
      return {
        firstName,
        lastName,
        // The unit's code in the address: several cohorts in one database (pnpm bench limit) never clash.
        email: `${firstName}.${lastName}.${i}@${unitCode}.student.example.com`
          .toLowerCase()
          .replace(/'/g, ''),
        role: 'student' as const,
        passwordHash: null,
      };
    });
    studentRows.push(...(await db.insert(users).values(batch).returning({ id: users.id })));
  }
  await db
    .insert(enrolments)
    .values(studentRows.map((student) => ({ studentId: student.id, unitId: unit.id })));

  // How far each student got, adjusted until the total is exactly the number asked for.
  const mean = submissionCount / studentCount;
  const done = studentRows.map(() =>
    Math.max(
      0,
      Math.min(taskCount, Math.round(mean + (next() - 0.5) * Math.min(mean, taskCount - mean) * 2)),
    ),
  );
  let total = done.reduce((sum, n) => sum + n, 0);
  while (total !== submissionCount) {
    const i = Math.floor(next() * done.length);
    const n = done[i] ?? 0;
    if (total < submissionCount && n < taskCount) {
      done[i] = n + 1;
      total += 1;
    } else if (total > submissionCount && n > 0) {
      done[i] = n - 1;
      total -= 1;
    }
  }

  const now = Date.now();
  const day = 24 * 60 * 60 * 1000;
  const rows: (typeof submissions.$inferInsert)[] = [];
  studentRows.forEach((student, i) => {
    const count = done[i] ?? 0;
    for (let t = 0; t < count; t++) {
      const latest = count - t;
      const roll = next();
      const status =
        latest === 1 && roll < 0.6
          ? 'submitted'
          : latest <= 3 && roll < 0.2
            ? 'not_yet_satisfactory'
            : 'satisfactory';
      rows.push({
        studentId: student.id,
        taskId: taskRows[t]?.id ?? '',
        status,
        submittedAt: new Date(now - (latest * 2 + next()) * day),
      });
    }
  });
  for (let start = 0; start < rows.length; start += 2000) {
    const inserted = await db
      .insert(submissions)
      .values(rows.slice(start, start + 2000))
      .returning({ id: submissions.id });
    const files = inserted.flatMap((submission) => {
      const count = 1 + Math.floor(next() * 3);
      return Array.from({ length: count }, (_, f) => ({
        submissionId: submission.id,
        objectPath: `evidence/bench/${submission.id}/${f}.jpg`,
        // Thumbnail made, as on a server that has run a while: a photo with neither path nor status
        // is queued for a thumbnail at start, and the server would make them while being measured.
        thumbnailPath: `evidence/bench/${submission.id}/${f}.thumb.webp`,
        videoStatus: 'ready' as const,
        fileName: `IMG_${1000 + f}.jpg`,
        fileType: 'image/jpeg',
        fileSize: 180_000 + Math.floor(next() * 900_000),
        isPrimary: f === 0,
        withdrawnAt: f > 0 && next() < 0.05 ? new Date() : null,
      }));
    });
    for (let f = 0; f < files.length; f += 3000)
      await db.insert(evidenceFiles).values(files.slice(f, f + 3000));
  }
  return { unitId: unit.id, assessorEmail, password };
}
