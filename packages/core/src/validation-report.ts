/**
 * A validation round's report (issue 30 §2) as the PDF lays it out: plain data, read by the API and
 * drawn by apps/server. Every text in it is someone's own words, printed as plain text.
 */
export type ValidationReport = {
  round: {
    id: string;
    status: 'open' | 'closed';
    /** 'drawn' at random across assessors, or 'chosen' by hand. */
    sampleMethod: string;
    createdAt: string;
    createdByName: string | null;
    closedAt: string | null;
    closedByName: string | null;
  };
  unit: { unitCode: string; title: string; release: string | null };
  plan: {
    lastValidatedOn: string | null;
    nextDueOn: string;
    risk: 'low' | 'medium' | 'high';
    riskReason: string | null;
  } | null;
  validators: {
    name: string;
    credentials: { code: string; title: string; heldOn: string }[];
    meetsCredentialPolicy: boolean;
  }[];
  sample: {
    studentId: string;
    studentName: string;
    /** Who judged the record: its assessors, and admins acting as them. */
    assessors: string[];
    reviews: { validatorName: string; agrees: boolean | null; reason: string; at: string }[];
  }[];
  toolReviews: { validatorName: string; findings: string; recommendedChanges: string; at: string }[];
  /** Reviews the round asked for and did not get (a null student is the tool's review). */
  missing: { validatorName: string; studentId: string | null; studentName: string | null }[];
  actions: {
    text: string;
    ownerName: string | null;
    createdAt: string;
    doneAt: string | null;
    doneByName: string | null;
  }[];
  generatedAt: string;
  timeZone: string;
};
