import { test } from '@playwright/test';
import { unitWithEvidence } from './archive-seed';
import { archiveTaskFromDelete, archiveUnitFromDelete } from './archive-steps';

test('deleting a unit with evidence offers Archive in the confirm, and Restore brings it back', async ({
  page,
}) => {
  await archiveUnitFromDelete(page, await unitWithEvidence(), 'desktop');
});

test('a task with evidence is archived from its Delete; an untouched task deletes', async ({ page }) => {
  await archiveTaskFromDelete(page, await unitWithEvidence(), 'desktop');
});

test('the archive screens in dark mode', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await archiveUnitFromDelete(page, await unitWithEvidence(), 'desktop-dark');
});
