import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMailer } from '../src/mailer';
import { renderMail } from '../src/templates';

const reset = {
  kind: 'password-reset',
  to: 'sam.lee+evident@example.com',
  firstName: 'Sam',
  resetUrl: 'https://evident.example/reset-password?token=abc123',
  expiresInMinutes: 60,
} as const;

describe('how mail looks', () => {
  it("a mailed button wears the app's teal (Mantine teal 9), not another blue", () => {
    const { html } = renderMail(reset);
    const button = html.match(/<a href="[^"]*" style="([^"]*)"/)?.[1] ?? '';

    expect(button).toContain('background:#087f5b');
    expect(html).not.toContain('#1c7ed6');
  });

  it("an outbox file is named with the recipient's whole address, @ included", async () => {
    const outboxDir = mkdtempSync(join(tmpdir(), 'outbox-'));
    const mailer = createMailer({ from: 'Evident <no-reply@evident.local>', outboxDir });
    await mailer.send(reset);
    await mailer.send(reset);

    const files = readdirSync(outboxDir);
    expect(files).toHaveLength(2);
    for (const file of files) {
      expect(file).toMatch(
        /^\d{4}-\d\d-\d\dT[\d-]+Z-password-reset-sam\.lee\+evident@example\.com-\w{1,8}\.eml$/,
      );
    }
  });
});
