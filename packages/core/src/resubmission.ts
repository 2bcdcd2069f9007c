/**
 * Reviewing a resubmission (issue 19): after a Not Yet Satisfactory decision the student adds files
 * and the submission waits again. Each file then either carries the decision that last judged it or
 * is new since the last decision, and the student may take back only what no decision has judged.
 */
import { canWithdrawEvidence, type TaskStatus } from './student-progress';

export type DecisionOutcome = 'satisfactory' | 'not_yet_satisfactory';

/** What a grading card says about one file against the decisions before it. */
export type FileReviewMark = {
  /** The latest decision that judged this file; null for a file no decision has seen. */
  judgedBy: { decisionId: string; status: DecisionOutcome } | null;
  /** Added after the last decision. Never true before the first decision: then nothing is "new". */
  isNew: boolean;
};

/**
 * Marks each file against the submission's decisions (oldest first, each naming the files it judged).
 * A decision judges every file in place when it is made, so a file either has a judge or came later.
 */
export function reviewMarks(
  fileIds: readonly string[],
  decisions: readonly { id: string; status: DecisionOutcome; fileIds: readonly string[] }[],
): Map<string, FileReviewMark> {
  const judgeOf = new Map<string, { decisionId: string; status: DecisionOutcome }>();
  for (const decision of decisions) {
    for (const fileId of decision.fileIds) {
      judgeOf.set(fileId, { decisionId: decision.id, status: decision.status });
    }
  }
  const decided = decisions.length > 0;
  return new Map(
    fileIds.map((fileId) => {
      const judgedBy = judgeOf.get(fileId) ?? null;
      return [fileId, { judgedBy, isNew: decided && judgedBy === null }];
    }),
  );
}

/** Why a file may not be withdrawn; the order is the order the withdraw procedure reports them in. */
export const withdrawRefusals = ['withdrawn', 'graded', 'judged', 'only_file'] as const;
export type WithdrawRefusal = (typeof withdrawRefusals)[number];

export const withdrawRefusalMessages: Readonly<Record<WithdrawRefusal, string>> = {
  withdrawn: 'This file has already been withdrawn',
  graded: 'This evidence has already been graded, so it can no longer be withdrawn',
  judged: 'Your assessor has already assessed this file, so it stays with your evidence',
  only_file: 'This is the only file for this task. Add the right file first, then withdraw this one',
};

export type WithdrawFacts = {
  submissionStatus: TaskStatus;
  withdrawn: boolean;
  /** Some grading decision judged this file (it then stays with the evidence for good). */
  judged: boolean;
  /** Files of the submission not withdrawn, this one included. */
  filesInSubmission: number;
};

/**
 * The one rule for withdrawing evidence: the withdraw procedure enforces it and the student's View
 * Evidence offers Withdraw from it, so the button is offered exactly where the call would succeed.
 * Null when the file may be withdrawn.
 */
export function withdrawRefusal(facts: WithdrawFacts): WithdrawRefusal | null {
  if (facts.withdrawn) return 'withdrawn';
  if (!canWithdrawEvidence(facts.submissionStatus)) return 'graded';
  if (facts.judged) return 'judged';
  // A submission waiting for the assessor is never empty: the student adds the right file first.
  if (facts.filesInSubmission <= 1) return 'only_file';
  return null;
}
