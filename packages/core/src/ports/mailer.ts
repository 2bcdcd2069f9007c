/** The messages we send. Adapters render each as plain text and HTML and deliver or store it. */
export type MailMessage =
  | { kind: 'welcome'; to: string; firstName: string; appUrl: string }
  | { kind: 'password-reset'; to: string; firstName: string; resetUrl: string; expiresInMinutes: number };

export type Mailer = {
  send(message: MailMessage): Promise<void>;
};
