import type { AppRouter } from '@evident/api/root';
import type { inferRouterOutputs } from '@trpc/server';

type Outputs = inferRouterOutputs<AppRouter>;

export type GradingSubmission = Outputs['staff']['submissions']['list'][number];
export type GradingFile = GradingSubmission['files'][number];

/** One student's submissions, as the pager shows them one student at a time. */
export type StudentGroup = {
  studentId: string;
  student: GradingSubmission['student'];
  submissions: GradingSubmission[];
};

/** The list arrives ordered by student; this keeps that order. */
export function groupByStudent(submissions: readonly GradingSubmission[]): StudentGroup[] {
  const groups = new Map<string, StudentGroup>();
  for (const submission of submissions) {
    let group = groups.get(submission.studentId);
    if (!group) {
      group = { studentId: submission.studentId, student: submission.student, submissions: [] };
      groups.set(submission.studentId, group);
    }
    group.submissions.push(submission);
  }
  return [...groups.values()];
}
