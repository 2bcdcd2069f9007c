/** The messages we send. Adapters render each as plain text and HTML and deliver or store it. */
export type MailMessage =
  | { kind: 'welcome'; to: string; firstName: string; appUrl: string }
  | { kind: 'password-reset'; to: string; firstName: string; resetUrl: string; expiresInMinutes: number }
  | {
      /** A new account made by enrolling its email in a class: the link opens its welcome screen. */
      kind: 'class-invitation';
      to: string;
      firstName: string;
      className: string;
      /** The class's units, `CODE Title` each. */
      units: string[];
      /** The welcome screen, where the student chooses a password (a set-password token). */
      setPasswordUrl: string;
      expiresInDays: number;
      /** Who enrolled them; optional, as a mail queued before it was named has none. */
      invitedBy?: string | null;
    }
  | {
      kind: 'outstanding-tasks';
      to: string;
      firstName: string;
      unit: { unitCode: string; title: string };
      /** The tasks still to be signed off, in unit order, each with its status as a word. */
      tasks: { title: string; status: string }[];
      /** Issue 29: files sent without the student's declaration, to declare; absent in older queued mail. */
      undeclared?: { fileName: string; taskTitle: string }[];
      appUrl: string;
    }
  | {
      kind: 'work-graded';
      to: string;
      firstName: string;
      /** The tasks one grading request decided for this student, each with a link that opens it. */
      tasks: { title: string; unitCode: string; url: string }[];
      outcome: 'satisfactory' | 'not_yet_satisfactory';
      comment: string | null;
      /** Only for Not Yet Satisfactory: what to do before resubmitting. */
      strategies: string | null;
      /** When the decision was made, and the organisation's zone the mail writes it in. */
      decided?: { at: string; timeZone: string };
    }
  | {
      /** To each active admin: a new assessor waits for approval before they may see any evidence. */
      kind: 'assessor-waiting';
      to: string;
      firstName: string;
      assessor: { name: string; email: string | null };
      /** Signed up on the sign-up screen, or first opened Evident from an LMS course as a teacher. */
      via: 'sign-up' | 'lms';
      /** The LMS course they launched from, when the platform named it. */
      course: string | null;
      usersUrl: string;
    }
  | {
      /** An assessor's morning digest: evidence in their scope waiting for a decision, per unit. */
      kind: 'waiting-work-digest';
      to: string;
      firstName: string;
      total: number;
      units: WaitingUnit[];
      /** The submission that has waited longest. */
      oldest: { studentName: string; taskTitle: string; unitCode: string; since: string };
      gradingUrl: string;
      /** Where the digest is turned off. */
      accountUrl: string;
    }
  | {
      /**
       * To a workplace supervisor (issue 30 §1): a student or assessor asks for a report on the
       * student's tasks; the link opens the report page with no sign-in, once.
       */
      kind: 'third-party-request';
      to: string;
      supervisorName: string;
      studentName: string;
      /** Who asked: the student themselves, or their assessor. */
      askedBy: string;
      workplace: string;
      /** The tasks to report on, `Title (UNIT)` each. */
      tasks: string[];
      reportUrl: string;
      expiresInDays: number;
    }
  | {
      /** An audit pack the admin asked for is built (issue 30 §3): the link opens the Audit packs screen. */
      kind: 'audit-pack-ready';
      to: string;
      firstName: string;
      /** `CODE Title` */
      unit: string;
      studentCount: number;
      packsUrl: string;
    }
  | {
      /** A person an admin made a validator (issue 30 §2): the link sets their password (a reset token). */
      kind: 'validator-invitation';
      to: string;
      firstName: string;
      invitedBy: string | null;
      setPasswordUrl: string;
      expiresInDays: number;
    }
  | {
      /** A validator named in a new validation round (issue 30 §2): the link opens the round. */
      kind: 'validation-round';
      to: string;
      firstName: string;
      /** `CODE Title` */
      unit: string;
      sampleSize: number;
      roundUrl: string;
    };

/** One unit's evidence waiting in an assessor's digest. */
export type WaitingUnit = {
  unitCode: string;
  title: string;
  count: number;
  /** When its longest-waiting submission was sent, as the organisation writes a date ('24 Nov 2026'). */
  oldestSince: string;
};

export type Mailer = {
  send(message: MailMessage): Promise<void>;
};
