import { expect, type Page, test } from '@playwright/test';
import { chromiumFlags, chromiumPath } from './chromium';
import { confirmDeclaration } from './declaration-steps';
import { expectToast, studentWithUnit } from './support';

// Chromium's stand-in microphone (a steady tone), granted without a prompt.
test.use({
  launchOptions: {
    executablePath: chromiumPath,
    args: [...chromiumFlags, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
  permissions: ['microphone'],
});

/** The first task card whose evidence types include this one (upper case, as the card shows it). */
function cardAsking(page: Page, type: string) {
  return page
    .getByTestId('task-card')
    .filter({ has: page.getByTestId('evidence-type').filter({ hasText: new RegExp(`^${type}$`) }) })
    .first();
}

test('a student records audio on a task that asks for it, hears it back and uploads it as evidence', async ({
  page,
}) => {
  await studentWithUnit(page);
  // The capture actions on a card follow what the task asks for; the picker takes every type.
  const photoOnly = page
    .getByTestId('task-card')
    .filter({ has: page.getByTestId('evidence-type').filter({ hasText: /^PHOTO$/ }) })
    .filter({ hasNot: page.getByTestId('evidence-type').filter({ hasText: /^AUDIO$/ }) })
    .first();
  await expect(photoOnly.getByRole('button', { name: 'Take photo' })).toBeVisible();
  await expect(photoOnly.getByRole('button', { name: 'Record audio' })).toHaveCount(0);
  await expect(photoOnly.getByTestId('evidence-file-input')).toHaveAttribute(
    'accept',
    /audio\/\*.*application\/pdf/,
  );

  const withAudio = cardAsking(page, 'AUDIO');
  await expect(withAudio.getByRole('button', { name: 'Record audio' })).toBeVisible();
  await expect(withAudio.getByRole('button', { name: 'Take photo' })).toBeVisible();
  const card = cardAsking(page, 'AUDIO');
  const taskId = await card.getAttribute('data-task-id');

  await card.getByRole('button', { name: 'Record audio' }).click();
  await confirmDeclaration(page);
  const recorder = page.getByRole('dialog', { name: 'Record audio' });
  await recorder.getByRole('button', { name: 'Start recording' }).click();
  await expect(recorder.getByRole('timer', { name: 'Recording length' })).toHaveText(/0:0[2-9]/, {
    timeout: 15_000,
  });
  await recorder.getByRole('button', { name: 'Stop recording' }).click();
  await expect(recorder.getByLabel('Recording preview')).toBeVisible();
  await recorder.getByRole('button', { name: 'Upload recording' }).click();

  await expectToast(page, 'Evidence uploaded', 'Your evidence has been successfully uploaded');
  await expect(card.getByTestId('task-status')).toHaveAttribute('data-status', 'submitted');
  await card.getByTestId('view-evidence').click();
  await expect(page.getByTestId('evidence-viewer').locator('audio')).toBeVisible();

  const evidence = await (await page.request.get(`/api/student/tasks/${taskId}/evidence`)).json();
  const [file] = evidence.submission.files;
  expect(file.fileType).toMatch(/^audio\//);
  const stored = Buffer.from(await (await page.request.get(file.url)).body());
  expect(stored.length).toBe(file.fileSize);
  expect(stored.length).toBeGreaterThan(1000);
  // A WebM (EBML) or MP4 container, whichever the browser's MediaRecorder makes.
  const head = stored.subarray(0, 12);
  expect(head.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3])) || head.includes('ftyp')).toBe(
    true,
  );
});
