import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listOutbox } from '@evident/mail/outbox-reader';
import { chromium, devices, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { chromiumFlags, chromiumPath } from './chromium';
import { confirmDeclaration } from './declaration-steps';
import { e2eDataDir, e2ePort } from './e2e-env';
import { expectToast, studentWithUnit } from './support';

/**
 * Issue 29 §3: a student reads and confirms the authenticity declaration before each upload; a file
 * sent without one (an API script) is 'Not declared', and mailed for, until the task's prompt declares it; and a
 * photo captured offline carries the declaration made then, sent when signal returns.
 */

const pdfBytes = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);

type File = { id: string; fileName: string; declared: boolean };

function photo(): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 90, g: 140, b: 60 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** Whether the app has written the declaration's wording to IndexedDB for offline use. */
function declarationKeptOnDevice(page: Page): Promise<boolean> {
  return page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('keyval-store');
        open.onsuccess = () => {
          const read = open.result.transaction('keyval').objectStore('keyval').get('evident.queryCache');
          read.onsuccess = () => {
            type Stored = { state: { queries: { queryKey: unknown[]; state: { data?: unknown } }[] } };
            const kept = (read.result as Stored | undefined)?.state.queries.find(
              (query) => JSON.stringify(query.queryKey[0]) === '["student","declarations","get"]',
            );
            resolve(kept?.state.data !== undefined);
          };
          read.onerror = () => resolve(false);
        };
        open.onerror = () => resolve(false);
      }),
  );
}

async function filesOf(page: Page, taskId: string): Promise<File[]> {
  const response = await page.request.get(`/api/student/tasks/${taskId}/evidence`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { submission: { files: File[] } | null }).submission?.files ?? [];
}

test('a student reads and confirms the declaration, then chooses the file; a file sent without one is declared from the task', async ({
  page,
}) => {
  await studentWithUnit(page);
  const card = page.getByTestId('task-card').first();
  const taskId = (await card.getAttribute('data-task-id')) ?? '';

  await card.getByTestId('add-evidence').click();
  const dialog = page.getByRole('dialog', { name: 'Your declaration' });
  await expect(dialog.getByTestId('declaration-text')).toContainText(
    'The evidence I am submitting is my own work',
  );
  // Nothing is chosen before the box is ticked.
  await expect(dialog.getByTestId('declaration-confirm')).toBeDisabled();
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), confirmDeclaration(page)]);
  await chooser.setFiles({ name: 'hand-hygiene.pdf', mimeType: 'application/pdf', buffer: pdfBytes });
  await expectToast(page, 'Evidence uploaded', 'Your evidence has been successfully uploaded');
  await expect
    .poll(async () => (await filesOf(page, taskId)).map((f) => [f.fileName, f.declared]))
    .toEqual([['hand-hygiene.pdf', true]]);
  await expect(card.getByTestId('undeclared-prompt')).toHaveCount(0);

  // A script of the spec's era sends a file without declarationVersion: it is Not declared.
  const grant = (await (
    await page.request.post('/api/evidence/upload-url', {
      data: { fileName: 'from-script.pdf', fileType: 'application/pdf', fileSize: pdfBytes.length },
    })
  ).json()) as { uploadUrl: string; objectPath: string };
  expect(
    (
      await page.request.put(grant.uploadUrl, {
        data: pdfBytes,
        headers: { 'content-type': 'application/pdf' },
      })
    ).ok(),
  ).toBe(true);
  const recorded = await page.request.post('/api/evidence', {
    data: { taskId, fileName: 'from-script.pdf', fileType: 'application/pdf', objectPath: grant.objectPath },
  });
  expect(recorded.ok()).toBe(true);

  // The student is asked for it by mail too (once), linking to the task's card, where they declare.
  const me = (await (await page.request.get('/api/auth/user')).json()) as { email: string };
  const reminders = () =>
    listOutbox(join(e2eDataDir, 'outbox')).filter(
      (mail) => mail.to === me.email && mail.subject === 'Declaration needed in HLTINF006',
    );
  await expect.poll(() => reminders().length).toBe(1);
  const [mail] = reminders();
  expect(mail?.text).toContain('from-script.pdf (');
  const link = new URL(mail?.text.match(/Open Evident: (\S+)/)?.[1] ?? '');
  expect(link.searchParams.get('task')).toBe(taskId);
  await page.goto(`${link.pathname}${link.search}`);
  const prompt = card.getByTestId('undeclared-prompt');
  await expect(prompt).toContainText('Declaration needed');
  await expect(prompt.getByTestId('undeclared-file')).toHaveText(['from-script.pdf']);
  await card.getByTestId('view-evidence').click();
  const viewer = page.getByTestId('evidence-viewer');
  await expect(
    viewer.getByTestId('evidence-file').filter({ hasText: 'from-script.pdf' }).getByTestId('not-declared'),
  ).toHaveText('Not declared');
  await expect(
    viewer.getByTestId('evidence-file').filter({ hasText: 'hand-hygiene.pdf' }).getByTestId('not-declared'),
  ).toHaveCount(0);
  await page.keyboard.press('Escape');

  await prompt.getByTestId('declare-files').click();
  const declare = page.getByRole('dialog', { name: 'Your declaration' });
  await declare.getByRole('checkbox', { name: 'I declare that this is true' }).check();
  await declare.getByRole('button', { name: 'Declare this file' }).click();
  await expectToast(page, 'Declaration recorded');
  await expect(prompt).toHaveCount(0);
  expect((await filesOf(page, taskId)).every((f) => f.declared)).toBe(true);
});

test('a photo captured offline is sent with the declaration confirmed at capture, the wording read from the device', async () => {
  test.slow();
  const profileDir = mkdtempSync(join(tmpdir(), 'evident-declare-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    ...devices['Pixel 5'],
    viewport: { width: 390, height: 844 },
    baseURL: `http://127.0.0.1:${e2ePort}`,
    executablePath: chromiumPath,
    args: chromiumFlags,
    serviceWorkers: 'allow',
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await studentWithUnit(page);
    const card = page.getByTestId('task-card').first();
    const taskId = (await card.getAttribute('data-task-id')) ?? '';
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await expect.poll(() => declarationKeptOnDevice(page)).toBe(true);

    // Offline from the start: the app from the precache, the wording from IndexedDB.
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('offline-banner')).toBeVisible({ timeout: 30_000 });
    await expect(card).toBeVisible({ timeout: 30_000 });
    await card.getByRole('button', { name: 'Take photo' }).click();
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), confirmDeclaration(page)]);
    await chooser.setFiles({ name: 'glove-change.jpg', mimeType: 'image/jpeg', buffer: await photo() });
    await expect(page.getByTestId('queue-badge')).toHaveAttribute('data-count', '1');
    await expect(card.getByTestId('queued-capture-status').first()).toContainText('Waiting for signal');

    await context.setOffline(false);
    await expect(page.getByTestId('queue-badge')).toHaveCount(0, { timeout: 30_000 });
    await expect
      .poll(async () => (await filesOf(page, taskId)).map((f) => [f.fileName, f.declared]))
      .toEqual([['glove-change.jpg', true]]);
    await expect(card.getByTestId('undeclared-prompt')).toHaveCount(0);
  } finally {
    await context.close();
    rmSync(profileDir, { recursive: true, force: true });
  }
});
