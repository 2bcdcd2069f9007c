import { mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Mailer } from '@evident/core/ports/mailer';
import { renderMail } from './templates';

export type MailerConfig = {
  from: string;
  /** smtp://user:pass@host:port; without it messages go to `outboxDir` as .eml files. */
  smtpUrl?: string;
  outboxDir: string;
  log?: (line: string) => void;
};

type Transport = ReturnType<typeof import('nodemailer')['createTransport']>;

/** nodemailer is loaded with the first message, not at start-up: memory at rest is a target. */
function lazyTransport(options: string | Record<string, unknown>): () => Promise<Transport> {
  let transport: Promise<Transport> | undefined;
  return () => {
    transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(options));
    return transport;
  };
}

export function createMailer(config: MailerConfig): Mailer {
  if (config.smtpUrl) {
    const transport = lazyTransport(config.smtpUrl);
    return {
      async send(message) {
        await (await transport()).sendMail({ from: config.from, ...renderMail(message) });
      },
    };
  }
  // The stream transport renders the exact MIME message SMTP would carry; we keep it as a file.
  const transport = lazyTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  mkdirSync(config.outboxDir, { recursive: true });
  return {
    async send(message) {
      const rendered = renderMail(message);
      const info = await (await transport()).sendMail({ from: config.from, ...rendered });
      const file = join(config.outboxDir, outboxFileName(message.kind, rendered.to, info.messageId));
      await writeFile(file, info.message as Buffer);
      config.log?.(`mail: "${rendered.subject}" to ${rendered.to} written to ${file}`);
    },
  };
}

/**
 * '2026-11-23T18-30-00-000Z-password-reset-sam@example.com-1a2b3c4d.eml': sorted by time, and a person
 * looking for someone's mail finds it by their address, `@` and all. The message id's start keeps
 * two messages of one millisecond apart.
 */
export function outboxFileName(kind: string, to: string, messageId: string): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const address = to.replace(/[^\w.@+-]/g, '_');
  const unique = messageId.replace(/[^\w]/g, '').slice(0, 8);
  return `${stamp}-${kind}-${address}-${unique}.eml`;
}
