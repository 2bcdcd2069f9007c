import { gradeInput } from '@evident/core/grade-input';
import { gradeProcedure, router } from '../../trpc';
import { gradedOutput, gradeSubmissions } from './grade-submissions';

/** What only an assessor does (an admin only while viewing the app as one): the decision itself. */
export const assessorRouter = router({
  submissions: router({
    grade: gradeProcedure
      .meta({ rest: { method: 'POST', path: '/api/assessor/grade' } })
      .input(gradeInput)
      .output(gradedOutput)
      .mutation(({ ctx, input }) => gradeSubmissions(ctx, input)),
  }),
});
