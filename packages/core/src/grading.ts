import type { GradeInput } from './grade-input';

/**
 * Grading rules (spec sections 3, 4 and 5): the checks the screen makes before sending a grade
 * request, and the words for a decision. The request's schema, for the tRPC procedure and
 * `POST /api/assessor/grade`, is in grade-input.ts: the grading screen loads no zod.
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
