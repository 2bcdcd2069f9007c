import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type OutboxMessage = { file: string; to: string; subject: string; text: string };

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Reads the plain-text part of an .eml the outbox mailer wrote; for tests and for looking at mail by hand. */
export function readOutboxMessage(file: string): OutboxMessage {
  const eml = readFileSync(file, 'utf8');
  const header = (name: string) => eml.match(new RegExp(`^${name}: (.*)$`, 'm'))?.[1] ?? '';
  const textPart =
    eml.split(/^----_[^\n]*\n/m).find((part) => part.startsWith('Content-Type: text/plain')) ?? '';
  const [partHeaders = '', ...rest] = textPart.split('\n\n');
  const raw = rest.join('\n\n').trim();
  const text = /quoted-printable/i.test(partHeaders) ? decodeQuotedPrintable(raw) : raw;
  return { file, to: header('To'), subject: header('Subject'), text };
}

/** Newest first. */
export function listOutbox(dir: string): OutboxMessage[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.eml'));
  } catch {
    return [];
  }
  return names
    .sort()
    .reverse()
    .map((name) => readOutboxMessage(join(dir, name)));
}
