/**
 * A student's result in a whole unit (issue 29 §4), recorded once every task is satisfactory: the
 * values and their words, without zod, so the screens that show them (the Evidence Matrix is a first
 * screen) load no schema library. The input schema is `unit-outcomes.ts`.
 */
export const unitOutcomeValues = ['competent', 'not_yet_competent'] as const;
export type UnitOutcomeValue = (typeof unitOutcomeValues)[number];

export const unitOutcomeLabels: Record<UnitOutcomeValue, string> = {
  competent: 'Competent',
  not_yet_competent: 'Not Yet Competent',
};
