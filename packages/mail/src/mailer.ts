import { mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Mailer } from '@evident/core/ports/mailer';
import nodemailer from 'nodemailer';
import { renderMail } from './templates';

export type MailerConfig = {
  from: string;
  /** smtp://user:pass@host:port; without it messages go to `outboxDir` as .eml files. */
  smtpUrl?: string;
  outboxDir: string;
  log?: (line: string) => void;
};

export function createMailer(config: MailerConfig): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: config.from, ...renderMail(message) });
      },
    };
  }
  // The stream transport renders the exact MIME message SMTP would carry; we keep it as a file.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  mkdirSync(config.outboxDir, { recursive: true });
  return {
    async send(message) {
      const rendered = renderMail(message);
      const info = await transport.sendMail({ from: config.from, ...rendered });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = join(
        config.outboxDir,
        `${stamp}-${message.kind}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      config.log?.(`mail: "${rendered.subject}" to ${rendered.to} written to ${file}`);
    },
  };
}
