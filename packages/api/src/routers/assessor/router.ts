import { gradeInput } from '@evident/core/grade-input';
import { observationInput } from '@evident/core/observations';
import { recordUnitOutcomeInput } from '@evident/core/unit-outcomes';
import { currentDeclarationText } from '@evident/db/queries/declarations';
import { gradeProcedure, router } from '../../trpc';
import { declarationTextOutput } from '../../views/declaration-outputs';
import { observationOutput } from '../../views/observation-views';
import { gradedOutput, gradeSubmissions } from './grade-submissions';
import {
  getObservationChecklist,
  observationChecklistInput,
  observationChecklistOutput,
} from './observation-checklist';
import { recordObservation } from './record-observation';
import { recordedUnitOutcomeOutput, recordUnitOutcome } from './record-unit-outcome';

/** What only an assessor does (an admin only while viewing the app as one): the decision itself. */
export const assessorRouter = router({
  /** The assessor's declaration in force, shown in full on the grading screen before a decision. */
  declarations: router({
    get: gradeProcedure
      .meta({ rest: { method: 'GET', path: '/api/assessor/declaration' } })
      .output(declarationTextOutput)
      .query(({ ctx }) => currentDeclarationText(ctx.db, 'assessor')),
  }),
  // Observation checklists (issue 29 §5): an assessor watching a student at work, from a phone.
  observations: router({
    getChecklist: gradeProcedure
      .meta({ rest: { method: 'GET', path: '/api/assessor/observations/checklist' } })
      .input(observationChecklistInput)
      .output(observationChecklistOutput)
      .query(({ ctx, input }) => getObservationChecklist(ctx, input)),
    record: gradeProcedure
      .meta({ rest: { method: 'POST', path: '/api/assessor/observations', status: 201 } })
      .input(observationInput)
      .output(observationOutput)
      .mutation(({ ctx, input }) => recordObservation(ctx, input)),
  }),
  submissions: router({
    grade: gradeProcedure
      .meta({ rest: { method: 'POST', path: '/api/assessor/grade' } })
      .input(gradeInput)
      .output(gradedOutput)
      .mutation(({ ctx, input }) => gradeSubmissions(ctx, input)),
  }),
  unitOutcomes: router({
    record: gradeProcedure
      .meta({ rest: { method: 'POST', path: '/api/assessor/unit-outcomes', status: 201 } })
      .input(recordUnitOutcomeInput)
      .output(recordedUnitOutcomeOutput)
      .mutation(({ ctx, input }) => recordUnitOutcome(ctx, input)),
  }),
});
