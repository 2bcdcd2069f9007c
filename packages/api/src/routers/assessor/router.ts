import { gradeInput } from '@evident/core/grade-input';
import { currentDeclarationText } from '@evident/db/queries/declarations';
import { gradeProcedure, router } from '../../trpc';
import { declarationTextOutput } from '../../views/declaration-outputs';
import { gradedOutput, gradeSubmissions } from './grade-submissions';

/** What only an assessor does (an admin only while viewing the app as one): the decision itself. */
export const assessorRouter = router({
  /** The assessor's declaration in force, shown in full on the grading screen before a decision. */
  declarations: router({
    get: gradeProcedure
      .meta({ rest: { method: 'GET', path: '/api/assessor/declaration' } })
      .output(declarationTextOutput)
      .query(({ ctx }) => currentDeclarationText(ctx.db, 'assessor')),
  }),
  submissions: router({
    grade: gradeProcedure
      .meta({ rest: { method: 'POST', path: '/api/assessor/grade' } })
      .input(gradeInput)
      .output(gradedOutput)
      .mutation(({ ctx, input }) => gradeSubmissions(ctx, input)),
  }),
});
