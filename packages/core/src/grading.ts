import { z } from 'zod';
import { multiLineText } from './text-fields';

/**
 * Grading rules (spec sections 3, 4 and 5): one schema for the grade request the screen sends, the
 * tRPC procedure and `POST /api/assessor/grade`, and the checks the screen makes before sending.
 */

export const gradeStatuses = ['satisfactory', 'not_yet_satisfactory'] as const;
export type GradeStatus = (typeof gradeStatuses)[number];

export const strategiesRequired = {
  title: 'Strategies required',
  single: 'Please provide re-assessment strategies for NYS',
  bulk: 'Please provide re-assessment strategies for all NYS submissions',
} as const;

/** One request grades at most this many submissions: a cohort's worth, not the whole database. */
export const maxGradedAtOnce = 500;

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

/** What each card holds while the assessor types. */
export type GradeDraft = { comment: string; strategies: string };

/**
 * The grade request for the selected cards, or the validation message to show instead. Bulk grading
 * checks every selected card for strategies but sends the first card's comment and strategies.
 */
export function buildGradeRequest(
  status: GradeStatus,
  submissionIds: readonly string[],
  drafts: Readonly<Record<string, GradeDraft | undefined>>,
): { ok: true; request: GradeInput } | { ok: false; title: string; message: string } {
  const bulk = submissionIds.length > 1;
  if (status === 'not_yet_satisfactory') {
    const missing = submissionIds.some((id) => !drafts[id]?.strategies.trim());
    if (missing) {
      return {
        ok: false,
        title: strategiesRequired.title,
        message: bulk ? strategiesRequired.bulk : strategiesRequired.single,
      };
    }
  }
  const first = submissionIds[0] ? drafts[submissionIds[0]] : undefined;
  return {
    ok: true,
    request: {
      submissionIds: [...submissionIds],
      status,
      comment: first?.comment.trim() || null,
      strategiesForReassessment: status === 'not_yet_satisfactory' ? first?.strategies.trim() || null : null,
    },
  };
}

export const gradeStatusLabels: Readonly<Record<GradeStatus, string>> = {
  satisfactory: 'Satisfactory',
  not_yet_satisfactory: 'Not Yet Satisfactory',
};
