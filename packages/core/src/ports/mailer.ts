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
    };

export type Mailer = {
  send(message: MailMessage): Promise<void>;
};
