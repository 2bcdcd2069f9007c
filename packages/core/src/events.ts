/**
 * The things the product says happened, published after the transaction that made them commits.
 * Open screens refetch what an event touches (web: query-invalidation table), and realtime streams
 * carry them to other browsers and server instances. Payloads carry ids only, never content: a
 * listener that may see the content fetches it through the procedures and their role checks.
 */
export type DomainEvent =
  /** A student recorded evidence: a new submission, more files on one, or new evidence after NYS. */
  | { type: 'submission.created'; submissionId: string; studentId: string; taskId: string; unitId: string }
  /** A student withdrew a file from a submission that was not yet graded. */
  | {
      type: 'evidence.withdrawn';
      submissionId: string;
      studentId: string;
      taskId: string;
      unitId: string;
      fileId: string;
    }
  /** An assessor decided on one or more submissions (one entry per submission). */
  | {
      type: 'submission.graded';
      status: 'satisfactory' | 'not_yet_satisfactory';
      submissions: { submissionId: string; studentId: string; taskId: string; unitId: string }[];
    }
  /** Background processing of a video finished (ready or failed). */
  | { type: 'video.processed'; fileId: string; submissionId: string; studentId: string }
  /** A photo's thumbnail was made in the background (or could not be: the viewer then shows an icon). */
  | { type: 'thumbnail.processed'; fileId: string; submissionId: string; studentId: string }
  /** A unit's whole task set was (re)generated. */
  | { type: 'tasks.generated'; unitId: string }
  /** A task of the unit was added, edited, deleted or moved. */
  | { type: 'tasks.changed'; unitId: string }
  /** A unit was created, edited or deleted. */
  | { type: 'unit.changed'; unitId: string }
  /** A student enrolled in a unit. */
  | { type: 'enrolment.created'; studentId: string; unitId: string }
  /** A student's unit outcome was recorded, replaced or reopened (superseded) (issue 29). */
  | { type: 'unitOutcome.changed'; studentId: string; unitId: string }
  /** A person was created, approved or changed. */
  | { type: 'user.changed'; userId: string }
  /**
   * A validation round was made, reviewed or closed, or one of its actions added or done (issue 30).
   * `peopleIds`: who hears of it besides admins, the round's validators and the action's owner.
   */
  | { type: 'validation.changed'; roundId: string; peopleIds: string[] };

export type DomainEventType = DomainEvent['type'];
export type DomainEventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;
