/**
 * Third-party reports' words and limits without their schemas: the student's task and the grading
 * card list requests on screens that load no zod (packages/core/src/third-party.ts has the schemas).
 * The request's states as a person reads them; 'expired' is never stored but read from the link's expiry.
 */
export const thirdPartyStates = ['sent', 'opened', 'submitted', 'expired', 'revoked'] as const;
export type ThirdPartyState = (typeof thirdPartyStates)[number];

export const thirdPartyStateLabels: Record<ThirdPartyState, string> = {
  sent: 'Sent',
  opened: 'Opened',
  submitted: 'Submitted',
  expired: 'Expired',
  revoked: 'Revoked',
};

/** The label every screen, the matrix hover and the PDF give a report: it supports, never decides. */
export const thirdPartyEvidenceLabel = 'Third-party report (supplementary)';

/** How long a mailed link lasts unless the server says otherwise (`THIRD_PARTY_LINK_DAYS`). */
export const defaultThirdPartyLinkDays = 14;

/** The supervisor's declaration, kept in full with its version on every report. */
export const supervisorDeclaration = {
  version: 1,
  text: 'I declare that the information in this report is true and correct, that I directly supervised the student in the work described, and that I understand the training organisation may contact me to verify this report.',
} as const;

/** Most tasks one request asks about. */
export const maxThirdPartyTasks = 30;
/** Most days a supervisor lists for one task. */
export const maxObservedDates = 31;
