import { matrixKey } from '@evident/core/evidence-matrix';
import { recordDeclaration } from '@evident/db/queries/declarations';
import { insertTask } from '@evident/db/queries/tasks';
import { enrol, insertUnit } from '@evident/db/queries/units';
import { insertUser } from '@evident/db/queries/users';
import { evidenceFiles, submissions } from '@evident/db/schema';
import type { TestEnv } from './harness';

type Status = 'submitted' | 'satisfactory' | 'not_yet_satisfactory';

let counter = 0;

/** A unit with `taskCount` tasks titled 'Task title 1..n'. */
export async function unitWithTasks(env: TestEnv, code: string, taskCount: number) {
  const unit = await insertUnit(env.db, { unitCode: code, title: `Unit ${code}`, performanceEvidence: null });
  if (!unit) throw new Error(`unit ${code} exists`);
  const tasks = [];
  for (let i = 1; i <= taskCount; i++) {
    tasks.push(
      await insertTask(env.db, {
        unitId: unit.id,
        fields: {
          title: `${code} task ${i}`,
          description: `Do step ${i}`,
          phase: 'Do',
          tooltip: '',
          evidenceTypes: ['photo'],
          occasion: null,
        },
      }),
    );
  }
  return { unit, tasks };
}

/** A student enrolled in the given units (no password: these never sign in). */
export async function enrolledStudent(
  env: TestEnv,
  unitIds: string[],
  names: { firstName: string; lastName: string; email?: string },
) {
  counter += 1;
  const user = await insertUser(env.db, {
    ...names,
    email: names.email ?? `matrix.student${counter}@example.com`,
    role: 'student',
    passwordHash: null,
  });
  if (!user) throw new Error('student not created');
  for (const unitId of unitIds) await enrol(env.db, { studentId: user.id, unitId });
  return user;
}

/** A submission with `files` evidence files, of which `withdrawn` are withdrawn. */
export async function submission(
  env: TestEnv,
  options: {
    studentId: string;
    taskId: string;
    status: Status;
    files?: number;
    withdrawn?: number;
    submittedAt?: Date;
    /** Whether the student declared the files their own work (issue 29); as the app sends them, yes. */
    declared?: boolean;
  },
) {
  const [row] = await env.db
    .insert(submissions)
    .values({
      studentId: options.studentId,
      taskId: options.taskId,
      status: options.status,
      submittedAt: options.submittedAt ?? new Date(),
    })
    .returning();
  if (!row) throw new Error('submission not created');
  const total = options.files ?? 1;
  // Uploaded a second apart, so the files' order is that of their upload even where two inserts
  // would fall in the same clock tick.
  const firstUpload = Date.now();
  const declarationId =
    total > 0 && options.declared !== false
      ? await recordDeclaration(env.db, {
          kind: 'student',
          version: 1,
          userId: options.studentId,
          actingAdminId: null,
        })
      : null;
  for (let i = 0; i < total; i++) {
    counter += 1;
    await env.db.insert(evidenceFiles).values({
      submissionId: row.id,
      objectPath: `evidence/test/${row.id}/${counter}.jpg`,
      fileName: `photo-${i + 1}.jpg`,
      fileType: 'image/jpeg',
      fileSize: 2048 + i,
      isPrimary: i === 0,
      withdrawnAt: i < (options.withdrawn ?? 0) ? new Date() : null,
      createdAt: new Date(firstUpload + i * 1000),
      declarationId,
    });
  }
  return { ...row, key: matrixKey(options.studentId, options.taskId) };
}

/**
 * Unit MTX1 (3 tasks): Ada complete, Ben part-way (with a withdrawn file and an NYS), Cy nothing
 * yet. Unit MTX2 (2 tasks) holds Ben too, and gets the latest evidence. Unit MTX3 has no one.
 */
export async function seedMatrixUnits(env: TestEnv) {
  const one = await unitWithTasks(env, 'MTX1', 3);
  const two = await unitWithTasks(env, 'MTX2', 2);
  const three = await unitWithTasks(env, 'MTX3', 0);
  const [t1, t2, t3] = one.tasks as [(typeof one.tasks)[0], (typeof one.tasks)[0], (typeof one.tasks)[0]];
  const ada = await enrolledStudent(env, [one.unit.id], { firstName: 'Ada', lastName: 'Archer' });
  const ben = await enrolledStudent(env, [one.unit.id, two.unit.id], { firstName: 'Ben', lastName: 'Brown' });
  // Quotes, a backslash and accents must survive the JSON the database writes.
  const cy = await enrolledStudent(env, [one.unit.id], { firstName: 'Cy', lastName: 'Clark "C\\" Zoë' });
  // Someone with evidence in MTX1 who is not enrolled in it (any more) is not part of its matrix.
  const gone = await enrolledStudent(env, [two.unit.id], { firstName: 'Gus', lastName: 'Gone' });
  const earlier = new Date(Date.now() - 60 * 60 * 1000);
  for (const task of [t1, t2, t3]) {
    await submission(env, {
      studentId: ada.id,
      taskId: task.id,
      status: 'satisfactory',
      submittedAt: earlier,
    });
  }
  await submission(env, {
    studentId: ben.id,
    taskId: t1.id,
    status: 'satisfactory',
    files: 2,
    submittedAt: earlier,
  });
  await submission(env, {
    studentId: ben.id,
    taskId: t2.id,
    status: 'not_yet_satisfactory',
    files: 3,
    withdrawn: 1,
    submittedAt: earlier,
  });
  await submission(env, { studentId: gone.id, taskId: t3.id, status: 'submitted', submittedAt: earlier });
  const latest = await submission(env, {
    studentId: ben.id,
    taskId: two.tasks[0]?.id ?? '',
    status: 'submitted',
    files: 1,
    withdrawn: 1,
  });
  return { one, two, three, t1, t2, t3, ada, ben, cy, gone, latest };
}
