import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { expectToast, studentWithUnit } from './support';

const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

test('a student adds a second file to a submitted task from View Evidence, then withdraws the wrong one', async ({
  page,
}) => {
  await studentWithUnit(page);
  const card = page.getByTestId('task-card').first();
  const taskId = await card.getAttribute('data-task-id');
  await card
    .getByTestId('evidence-file-input')
    .setInputFiles({ name: 'wrong-form.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expectToast(page, 'Evidence uploaded');
  await expect(card.getByTestId('task-status')).toHaveAttribute('data-status', 'submitted');

  // The spec's card rule stays: a submitted task's card offers View Evidence, not Add Evidence.
  await expect(card.getByTestId('add-evidence')).toHaveCount(0);
  await card.getByTestId('view-evidence').click();
  const viewer = page.getByTestId('evidence-viewer');
  await expect(viewer.getByTestId('evidence-file')).toHaveCount(1);
  // The only file cannot be withdrawn: the submission waiting for the assessor is never empty.
  await expect(viewer.getByTestId('withdraw-evidence')).toHaveCount(0);
  await expect(viewer.getByTestId('withdraw-hint')).toBeVisible();

  const photo = await sharp({
    create: { width: 640, height: 480, channels: 3, background: { r: 30, g: 140, b: 200 } },
  })
    .jpeg()
    .toBuffer();
  await expect(viewer.getByRole('button', { name: 'Add more evidence' })).toBeVisible();
  await viewer
    .getByTestId('evidence-file-input')
    .setInputFiles({ name: 'hand-wash-station.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expectToast(page, 'Evidence uploaded');
  await expect(viewer.getByTestId('evidence-file')).toHaveCount(2);
  await expect(viewer.getByTestId('task-status')).toHaveAttribute('data-status', 'submitted');

  await viewer
    .getByTestId('evidence-file')
    .filter({ hasText: 'wrong-form.pdf' })
    .getByTestId('withdraw-evidence')
    .click();
  const confirm = page.getByRole('dialog', { name: 'Withdraw file' });
  await expect(confirm).toContainText('Withdraw wrong-form.pdf?');
  await confirm.getByRole('button', { name: 'Withdraw' }).click();
  await expectToast(page, 'Evidence withdrawn');
  await expect(viewer.getByTestId('evidence-file')).toHaveCount(1);
  await expect(viewer.getByTestId('evidence-file')).toContainText('hand-wash-station.jpg');
  await expect(viewer.getByTestId('withdraw-hint')).toBeVisible();

  await viewer.getByRole('button', { name: 'Close evidence' }).click();
  await expect(card.getByTestId('task-status')).toHaveAttribute('data-status', 'submitted');
  await expect(card.getByTestId('view-evidence')).toHaveText('View Evidence');
  const evidence = await (await page.request.get(`/api/student/tasks/${taskId}/evidence`)).json();
  expect(evidence.submission.files.map((file: { fileName: string }) => file.fileName)).toEqual([
    'hand-wash-station.jpg',
  ]);
});
