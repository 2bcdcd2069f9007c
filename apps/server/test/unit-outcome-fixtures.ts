import { declarations, gradingDecisions, unitOutcomes, units } from '@evident/db/schema';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { TestEnv } from './harness';
import { enrolledStudent, submission, unitWithTasks } from './matrix-fixtures';

let counter = 0;

/** What an assessor sends to record Competent for a student in a unit. */
export const competent = (studentId: string, unitId: string) => ({
  studentId,
  unitId,
  outcome: 'competent' as const,
  justification: 'Every task met the performance criteria on the job.',
  declarationVersion: 1,
});

/**
 * A unit (release '2') with `taskCount` tasks and a student enrolled in it whose first `satisfied`
 * tasks are satisfactory, each with a file declared as the student's own (undeclared with `declared: false`).
 */
export async function studentInUnit(
  env: TestEnv,
  options: { taskCount?: number; satisfied?: number; declared?: boolean } = {},
) {
  counter += 1;
  const taskCount = options.taskCount ?? 2;
  const { unit, tasks } = await unitWithTasks(env, `OUT${counter}${Date.now() % 100000}`, taskCount);
  await env.db.update(units).set({ release: '2' }).where(eq(units.id, unit.id));
  const student = await enrolledStudent(env, [unit.id], { firstName: 'Sam', lastName: `Student${counter}` });
  const submissionIds: string[] = [];
  for (const task of tasks.slice(0, options.satisfied ?? taskCount)) {
    const row = await submission(env, {
      studentId: student.id,
      taskId: task.id,
      status: 'satisfactory',
      declared: options.declared !== false,
    });
    submissionIds.push(row.id);
  }
  return { unit, tasks, student, submissionIds };
}

/** A unit's outcome rows, oldest first. */
export const outcomesIn = (env: TestEnv, unitId: string) =>
  env.db
    .select()
    .from(unitOutcomes)
    .where(eq(unitOutcomes.unitId, unitId))
    .orderBy(asc(unitOutcomes.createdAt), asc(unitOutcomes.id));

/** How many assessor declarations someone made: a refusal must leave none behind. */
export async function assessorDeclarations(env: TestEnv, userId: string) {
  const [row] = await env.db
    .select({ n: sql<number>`count(*)::int` })
    .from(declarations)
    .where(and(eq(declarations.kind, 'assessor'), eq(declarations.userId, userId)));
  return row?.n ?? 0;
}

export const decisionsOn = (env: TestEnv, submissionId: string) =>
  env.db.select().from(gradingDecisions).where(eq(gradingDecisions.submissionId, submissionId));
