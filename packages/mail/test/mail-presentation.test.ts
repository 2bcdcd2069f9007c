import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MailMessage } from '@evident/core/ports/mailer';
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

describe('the graded mail', () => {
  const graded: Extract<MailMessage, { kind: 'work-graded' }> = {
    kind: 'work-graded',
    to: 'ann@example.com',
    firstName: 'Ann',
    tasks: [
      { title: 'Check the <harness>', unitCode: 'RIIWHS204E', url: 'https://evident.example/?unit=u&task=t' },
    ],
    outcome: 'not_yet_satisfactory',
    comment: 'Close.',
    strategies: 'Show the tag\nand its date.',
  };

  it('keeps the lines of the strategies, escapes what the assessor typed and links the task', () => {
    const { html, subject } = renderMail(graded);
    expect(subject).toBe('Not Yet Satisfactory: Check the <harness>');
    expect(html).toContain('Show the tag<br>and its date.');
    expect(html).toContain('“Check the &lt;harness&gt;”');
    expect(html).toContain('<a href="https://evident.example/?unit=u&amp;task=t"');
    expect(html).toContain('>Open Task</a>');
  });

  it('lists each task with its own link when one request graded several', () => {
    const { html, text } = renderMail({
      ...graded,
      outcome: 'satisfactory',
      strategies: null,
      tasks: [
        ...graded.tasks,
        { title: 'Wear PPE', unitCode: 'RIIWHS204E', url: 'https://evident.example/?task=2' },
      ],
    });
    expect(text).toContain('for 2 tasks: Satisfactory.');
    expect(text).toContain('- Wear PPE (RIIWHS204E): https://evident.example/?task=2');
    expect(html).toContain(
      '<li><a href="https://evident.example/?task=2" style="color:#087f5b">Wear PPE (RIIWHS204E)</a></li>',
    );
  });

  it('says how long an invitation lasts in words that agree with the number', () => {
    const invitation = (expiresInDays: number) =>
      renderMail({
        kind: 'class-invitation',
        to: 'sam@example.com',
        firstName: 'Sam',
        className: 'Cert III Carpentry',
        units: [],
        setPasswordUrl: 'https://evident.example/welcome?token=abc',
        expiresInDays,
      }).text;
    expect(invitation(1)).toContain('expires in 1 day.');
    expect(invitation(7)).toContain('expires in 7 days.');
  });
});
