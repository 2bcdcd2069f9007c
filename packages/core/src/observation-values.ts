/**
 * The observation checklist's words and limits without its schemas: the grading card and View
 * Evidence show observations on screens that load no zod (packages/core/src/observations.ts has them).
 */
export const observationResults = ['observed', 'not_observed', 'not_applicable'] as const;
export type ObservationResult = (typeof observationResults)[number];

/** The words every screen and the PDF use for a result. */
export const observationResultLabels: Record<ObservationResult, string> = {
  observed: 'Observed',
  not_observed: 'Not observed',
  not_applicable: 'Not applicable',
};

/** One sitting's limit: a whole working day and then some (a 0 or a typo in hours is caught). */
export const maxObservationMinutes = 24 * 60;
/** A checklist line per mapped item; a task never maps more than a unit holds. */
export const maxObservationItems = 500;
