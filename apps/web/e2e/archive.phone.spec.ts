import { test } from '@playwright/test';
import { unitWithEvidence } from './archive-seed';
import { archiveTaskFromDelete, archiveUnitFromDelete } from './archive-steps';

test('on a phone, deleting a unit with evidence offers Archive, and Restore brings it back', async ({
  page,
}) => {
  await archiveUnitFromDelete(page, await unitWithEvidence(), 'phone');
});

test('on a phone, a task with evidence is archived from its Delete', async ({ page }) => {
  await archiveTaskFromDelete(page, await unitWithEvidence(), 'phone');
});

test('the archive screens on a phone in dark mode', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await archiveUnitFromDelete(page, await unitWithEvidence(), 'phone-dark');
});
