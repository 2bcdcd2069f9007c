import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailer } from '../src/mailer';
import { listOutbox } from '../src/outbox-reader';

const reset = {
  kind: 'password-reset',
  to: 'sam@example.com',
  firstName: 'Sam',
  resetUrl: 'https://evident.example/reset-password?token=abc123',
  expiresInMinutes: 60,
} as const;

describe('outbox mailer', () => {
  it('writes one .eml per message holding the text and html parts', async () => {
    const outboxDir = mkdtempSync(join(tmpdir(), 'outbox-'));
    const mailer = createMailer({ from: 'Evident <no-reply@evident.local>', outboxDir });
    await mailer.send(reset);
    const files = readdirSync(outboxDir);
    expect(files).toHaveLength(1);
    const eml = readFileSync(join(outboxDir, files[0] ?? ''), 'utf8');
    expect(eml).toMatch(/^To: sam@example.com$/m);
    expect(eml).toMatch(/^Subject: Reset your Evident password$/m);
    expect(eml).toContain('Content-Type: text/plain');
    expect(eml).toContain('Content-Type: text/html');
    const [message] = listOutbox(outboxDir);
    expect(message?.to).toBe('sam@example.com');
    expect(message?.text).toContain(
      'Reset your password: https://evident.example/reset-password?token=abc123',
    );
  });
});

describe('smtp mailer', () => {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => {
        data += chunk.toString('utf8');
      });
      stream.on('end', () => {
        received.push(data);
        callback();
      });
    },
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers the welcome message over SMTP', async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    const mailer = createMailer({
      from: 'no-reply@evident.local',
      smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
      outboxDir: mkdtempSync(join(tmpdir(), 'unused-')),
    });
    await mailer.send({
      kind: 'welcome',
      to: 'ada@example.com',
      firstName: 'Ada',
      appUrl: 'https://evident.example',
    });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatch(/^Subject: Welcome to Evident$/m);
    expect(received[0]).toContain('Hi Ada,');
  });
});
