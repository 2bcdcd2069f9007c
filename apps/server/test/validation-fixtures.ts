import { tasks } from '@evident/db/schema';
import { eq } from 'drizzle-orm';
import { studentWithSubmissions } from './grading-fixtures';
import type { TestEnv } from './harness';

type App = Pick<Awaited<ReturnType<TestEnv['app']>>, 'inject'>;

/**
 * What a validation round samples from: students of one unit, those marked `judged` having every
 * submission judged satisfactory by Priya Nair (so she may not validate them). Returns the students
 * in the order asked, the unit and Priya's caller.
 */
export async function studentsJudgedByPriya(
  env: TestEnv,
  app: App,
  wanted: readonly { firstName: string; judged: boolean }[],
) {
  const marker = await env.signedIn('assessor', { firstName: 'Priya', lastName: 'Nair' });
  const priya = await marker.caller();
  const students = [];
  for (const { firstName, judged } of wanted) {
    const setUp = await studentWithSubmissions(env, app, { count: 100, firstName, lastName: 'Student' });
    if (judged)
      await priya.assessor.submissions.grade({
        submissionIds: setUp.submitted.map((s) => s.submissionId),
        status: 'satisfactory',
        comment: 'Shown at work.',
      });
    students.push(setUp);
  }
  const [task] = await env.db
    .select({ unitId: tasks.unitId })
    .from(tasks)
    .where(eq(tasks.id, students[0]?.task.id as string));
  return { marker, priya, students, unitId: task?.unitId as string };
}
