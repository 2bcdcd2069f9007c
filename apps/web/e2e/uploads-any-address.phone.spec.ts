import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { expectToast, studentWithUnit } from './support';

/**
 * The e2e server runs without PUBLIC_URL (its default origin is http://localhost:PORT) and is opened
 * at 127.0.0.1, like a phone that reaches a trainer's laptop by its network address.
 */
test('a student on another address than the default uploads a photo and opens it', async ({
  page,
  context,
}) => {
  await studentWithUnit(page);
  const card = page.getByTestId('task-card').first();
  const photo = await sharp({
    create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 120, b: 40 } },
  })
    .jpeg()
    .toBuffer();

  await card
    .getByTestId('evidence-file-input')
    .setInputFiles({ name: 'toolbox-talk.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expectToast(page, 'Evidence uploaded', 'Your evidence has been successfully uploaded');
  await expect(card.getByTestId('task-status')).toHaveAttribute('data-status', 'submitted');

  await card.getByTestId('view-evidence').click();
  const viewer = page.getByTestId('evidence-viewer');
  const preview = viewer.getByRole('img', { name: /toolbox-talk\.jpg/ });
  await expect(preview).toBeVisible();
  // The thumbnail really loaded from this address (a blocked or broken link has no pixels).
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  const [opened] = await Promise.all([context.waitForEvent('page'), preview.click()]);
  await opened.waitForLoadState();
  // Full size, from the address the app was opened at.
  expect(new URL(opened.url()).host).toBe(new URL(page.url()).host);
  expect(new URL(opened.url()).pathname).toMatch(/^\/files\/download\//);
  expect(await opened.evaluate(() => document.contentType)).toBe('image/jpeg');
  await expect.poll(() => opened.evaluate(() => document.images[0]?.naturalWidth ?? 0)).toBe(800);
});

test('an upload the server fails, or refuses for its size, says so, not that the connection is gone', async ({
  page,
}) => {
  await studentWithUnit(page);
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  const card = page.getByTestId('task-card').first();
  await page.route('**/files/upload/**', (route) =>
    route.fulfill({ status: 503, contentType: 'text/html', body: '<h1>Service Unavailable</h1>' }),
  );
  await card
    .getByTestId('evidence-file-input')
    .setInputFiles({ name: 'form.pdf', mimeType: 'application/pdf', buffer: pdf });
  const failed = card.getByTestId('upload-failed');
  await expect(failed).toContainText('The server could not take the file just now (error 503)');
  await expect(failed).not.toContainText(/connection/i);
  await expectToast(page, 'Upload failed', 'error 503');
  await page.unroute('**/files/upload/**');
  await card.getByTestId('retry-upload').click();
  await expectToast(page, 'Evidence uploaded');

  // A size limit (S3 answers 413 without a readable text) is named, and retrying would not help.
  const other = page.getByTestId('task-card').nth(1);
  await page.route('**/files/upload/**', (route) => route.fulfill({ status: 413, body: '' }));
  await other
    .getByTestId('evidence-file-input')
    .setInputFiles({ name: 'manual.pdf', mimeType: 'application/pdf', buffer: pdf });
  const refused = other.getByTestId('upload-failed');
  await expect(refused).toContainText('The file is larger than this server accepts');
  await expect(refused).not.toContainText(/connection/i);
  await expect(other.getByTestId('retry-upload')).toHaveCount(0);
});
