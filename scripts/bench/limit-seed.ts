import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../../packages/db/src/client';
import { classAssessors, classEnrolments, classes } from '../../packages/db/src/schema/classes';
import { enrolments, tasks, units } from '../../packages/db/src/schema/curriculum';
import { evidenceFiles, gradingDecisions, submissions } from '../../packages/db/src/schema/evidence';
import { sessions, users } from '../../packages/db/src/schema/users';
import { seedMatrixCohort } from './matrix-cohort';

/** A cookie for `userId`: a session row as signing in writes it (30 days, so Evident never extends it). */
async function sessionFor(db: Database, userId: string): Promise<string> {
  const id = randomBytes(25).toString('hex').slice(0, 40);
  await db
    .insert(sessions)
    .values({ id, userId, expiresAt: new Date(Date.now() + 30 * 86_400_000), authMethod: 'password' });
  return `evident_session=${id}`;
}

const day = 86_400_000;

/**
 * One student enrolled in a unit of `taskCount` tasks, a submission on every task with one or two
 * photos recorded by the student: three in four signed off (each with its decision), every fourth
 * waiting for a decision, every eighth of those sent again after Not Yet Satisfactory.
 */
async function seedStudent(db: Database, taskCount: number) {
  const [student] = await db
    .insert(users)
    .values({
      firstName: 'Robin',
      lastName: `Student${taskCount}`,
      email: `limit.${taskCount}@example.com`,
      role: 'student',
    })
    .returning({ id: users.id });
  const [unit] = await db
    .insert(units)
    .values({
      unitCode: `LIMIT${String(taskCount).padStart(3, '0')}`,
      title: `Bench unit of ${taskCount} tasks`,
    })
    .returning({ id: units.id });
  if (!student || !unit) throw new Error('seed failed');
  await db.insert(enrolments).values({ studentId: student.id, unitId: unit.id });
  const taskRows = await db
    .insert(tasks)
    .values(
      Array.from({ length: taskCount }, (_, i) => ({
        unitId: unit.id,
        position: i,
        title: `Show how you complete step ${i + 1} of the job safely and to the workplace procedure`,
        description: `At work, show your supervisor how you complete step ${i + 1}, and capture evidence of each part of it: prepare the area, select and check the equipment, do the work, and clean up. Take photos of each part, or a short video, and say in a sentence or two what you did and why.`,
        tooltip: `Evidence that shows step ${i + 1} done the way your workplace procedures require, from preparing the area to cleaning up.`,
        evidenceTypes: ['photo', 'video'] as ('photo' | 'video')[],
        performanceEvidenceMapping: [
          `Completed step ${i + 1} on at least two occasions, following procedures`,
        ],
      })),
    )
    .returning({ id: tasks.id });
  const now = Date.now();
  const subRows = await db
    .insert(submissions)
    .values(
      taskRows.map((task, i) => ({
        studentId: student.id,
        taskId: task.id,
        status: i % 4 === 0 ? ('submitted' as const) : ('satisfactory' as const),
        assessorComment: i % 4 === 0 ? null : 'Clear photos of each part. Well done.',
        submittedAt: new Date(now - (taskCount - i) * day),
      })),
    )
    .returning({ id: submissions.id, status: submissions.status });
  const fileRows = await db
    .insert(evidenceFiles)
    .values(
      subRows.flatMap((sub, i) =>
        Array.from({ length: 1 + (i % 2) }, (_, f) => ({
          submissionId: sub.id,
          objectPath: `evidence/${student.id}/${sub.id}/photo-${f}.jpg`,
          thumbnailPath: `evidence/${student.id}/${sub.id}/photo-${f}.thumb.webp`,
          fileName: `photo-${f}.jpg`,
          fileType: 'image/jpeg',
          fileSize: 180_000 + i * 1_000 + f,
          isPrimary: f === 0,
          videoStatus: 'ready' as const,
          recordedBy: student.id,
          createdAt: new Date(now - (taskCount - i) * day + f * 1000),
          sha256: createHash('sha256').update(`${sub.id}/${f}`).digest('hex'),
        })),
      ),
    )
    .returning({ id: evidenceFiles.id, submissionId: evidenceFiles.submissionId });
  return { studentId: student.id, unitId: unit.id, subRows, fileRows };
}

export type LimitData = {
  /** Cookies by task count (10, 40, 120): each student's dashboard holds that many tasks. */
  students: Map<number, string>;
  /** An assessor who assesses one class, the three students': their submissions waiting. */
  assessor: string;
  /** A reader of the matrix, and its units by cohort size (30, 200, 1,000 students x 40 tasks). */
  matrixReader: string;
  matrixUnits: Map<number, string>;
};

/** Everything `pnpm bench limit` reads, through the db package, then `analyze` (as a live database has). */
export async function seedLimitData(
  db: Database,
  sizes: { taskCounts: number[]; cohortSizes: number[] },
): Promise<LimitData> {
  const [queueAssessor] = await db
    .insert(users)
    .values({
      firstName: 'Pat',
      lastName: 'Queue',
      email: 'limit.assessor@example.com',
      role: 'assessor',
      approvedAt: new Date(),
      classesOnly: true,
    })
    .returning({ id: users.id });
  if (!queueAssessor) throw new Error('seed failed');
  const [klass] = await db
    .insert(classes)
    .values({ name: 'Bench class', inviteCode: randomBytes(8).toString('hex') })
    .returning({ id: classes.id });
  if (!klass) throw new Error('seed failed');
  await db.insert(classAssessors).values({ classId: klass.id, assessorId: queueAssessor.id });

  const students = new Map<number, string>();
  for (const taskCount of sizes.taskCounts) {
    const seeded = await seedStudent(db, taskCount);
    await db.insert(classEnrolments).values({ classId: klass.id, studentId: seeded.studentId });
    students.set(taskCount, await sessionFor(db, seeded.studentId));
    const filesOf = (submissionId: string) =>
      seeded.fileRows.filter((file) => file.submissionId === submissionId).map((file) => file.id);
    // Each signed-off submission's decision; every eighth waiting one was judged Not Yet Satisfactory before.
    const decided = seeded.subRows.filter((sub, i) => sub.status === 'satisfactory' || i % 8 === 0);
    if (decided.length > 0) {
      await db.insert(gradingDecisions).values(
        decided.map((sub) => ({
          submissionId: sub.id,
          assessorId: queueAssessor.id,
          status:
            sub.status === 'satisfactory' ? ('satisfactory' as const) : ('not_yet_satisfactory' as const),
          comment:
            sub.status === 'satisfactory'
              ? 'Clear photos of each part. Well done.'
              : 'Show the clean-up too.',
          strategiesForReassessment:
            sub.status === 'satisfactory' ? null : 'Add a photo of the area afterwards.',
          fileIds: filesOf(sub.id).slice(0, 1),
          createdAt: new Date(Date.now() - day),
        })),
      );
    }
  }

  const matrixUnits = new Map<number, string>();
  let matrixReader = '';
  for (const studentCount of sizes.cohortSizes) {
    const cohort = await seedMatrixCohort(db, {
      studentCount,
      taskCount: 40,
      submissionCount: studentCount * 30,
      unitCode: `LIMITM${studentCount}`,
    });
    matrixUnits.set(studentCount, cohort.unitId);
    if (!matrixReader) {
      const reader = await db.query.users.findFirst({
        columns: { id: true },
        where: (user, { eq }) => eq(user.email, cohort.assessorEmail),
      });
      if (!reader) throw new Error('no matrix reader');
      matrixReader = await sessionFor(db, reader.id);
    }
  }
  await db.execute('analyze');
  return { students, assessor: await sessionFor(db, queueAssessor.id), matrixReader, matrixUnits };
}
