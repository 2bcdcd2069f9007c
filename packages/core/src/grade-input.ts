import { z } from 'zod';
import { declarationVersionSchema } from './declarations';
import { gradeStatuses, maxGradedAtOnce, strategiesRequired } from './grading';
import { multiLineText } from './text-fields';

/** The grade request the grading screen sends, for the tRPC procedure and `POST /api/assessor/grade`. */
const blankToNull = (value: string | null | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

export const gradeInput = z
  .object({
    submissionIds: z
      .array(z.uuid({ error: 'submissionIds must be submission ids' }), {
        error: 'submissionIds must be a list of submission ids',
      })
      .min(1, 'Choose at least one submission to grade')
      .max(maxGradedAtOnce, `Grade at most ${maxGradedAtOnce} submissions at once`)
      .transform((ids) => [...new Set(ids)]),
    status: z.enum(gradeStatuses, { error: 'Status must be satisfactory or not_yet_satisfactory' }),
    comment: multiLineText({ label: 'Comment', max: 10_000 }).nullish().transform(blankToNull),
    strategiesForReassessment: multiLineText({ label: 'Strategies for reassessment', max: 10_000 })
      .nullish()
      .transform(blankToNull),
    /**
     * The version of the assessor's declaration (the judgement follows the rules of evidence) the
     * assessor confirmed. Optional so the spec's callers keep working: a decision without one is
     * recorded as 'Not declared'.
     */
    declarationVersion: declarationVersionSchema.optional(),
  })
  .superRefine((grade, ctx) => {
    if (grade.status === 'not_yet_satisfactory' && !grade.strategiesForReassessment) {
      // No path: the message already says what is missing, and is the spec's text to the letter.
      ctx.addIssue({ code: 'custom', message: strategiesRequired.single });
    }
  })
  // Strategies only mean something for NYS (spec section 7): a satisfactory grade keeps none.
  .transform((grade) => ({
    ...grade,
    strategiesForReassessment:
      grade.status === 'not_yet_satisfactory' ? grade.strategiesForReassessment : null,
  }));
export type GradeInput = z.input<typeof gradeInput>;
export type GradeRequest = z.output<typeof gradeInput>;
