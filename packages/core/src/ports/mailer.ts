export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
};

/** Sends or stores one rendered message. Adapters: SMTP, or an .eml outbox folder. */
export type Mailer = {
  send(message: MailMessage): Promise<void>;
};
