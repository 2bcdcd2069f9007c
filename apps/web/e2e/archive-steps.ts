import { expect, type Page } from '@playwright/test';
import type { ArchiveUnit } from './archive-seed';
import { admin } from './e2e-env';
import { expectToast, hasNoHorizontalOverflow } from './support';

/** Where the archive specs leave their screenshots for a person to look at. */
export const screenshotDir = 'test-results/archive-screens';

async function signInAsAdmin(page: Page): Promise<void> {
  const login = await page.request.post('/api/auth/login', { data: admin });
  expect(login.ok()).toBe(true);
}

/**
 * The admin presses Delete on a unit that has evidence: the confirm says so at once and offers
 * Archive; archived, the card says so and offers Restore, and the student's list no longer has it.
 */
export async function archiveUnitFromDelete(page: Page, seeded: ArchiveUnit, screen: string) {
  await signInAsAdmin(page);
  await page.goto('/admin/units');
  await page.getByLabel('Search units').fill(seeded.unitCode);
  const card = page.getByRole('article').filter({ hasText: seeded.unitCode });
  await expect(card).toHaveCount(1);
  await card.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(
    `${seeded.unitCode} cannot be deleted: students have submitted evidence`,
  );
  await expect(dialog).toContainText('Archive it instead?');
  await page.screenshot({ path: `${screenshotDir}/${screen}-delete-offers-archive.png` });
  await dialog.getByRole('button', { name: 'Archive unit' }).click();
  await expectToast(page, 'Unit archived');
  await expect(card.getByText('Archived', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Restore' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  expect(await hasNoHorizontalOverflow(page)).toBe(true);
  await page.screenshot({ path: `${screenshotDir}/${screen}-unit-archived.png` });

  // The student no longer sees its tasks; their evidence stays for assessors.
  const student = await page
    .context()
    .browser()
    ?.newContext({ viewport: page.viewportSize() ?? undefined });
  if (!student) throw new Error('no browser');
  const studentPage = await student.newPage();
  await studentPage.request.post('/api/auth/login', { data: seeded.student });
  const tasks = await (await studentPage.request.get('/api/student/tasks')).json();
  expect(tasks.some((task: { title: string }) => task.title === seeded.worked)).toBe(false);
  await student.close();

  await card.getByRole('button', { name: 'Restore' }).click();
  await expectToast(page, 'Unit restored');
  await expect(card.getByText('Archived', { exact: true })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Archive' })).toBeVisible();
}

/**
 * On the unit's task list: the task with evidence offers Archive from its Delete, the untouched one
 * deletes with the spec's confirm.
 */
export async function archiveTaskFromDelete(page: Page, seeded: ArchiveUnit, screen: string) {
  await signInAsAdmin(page);
  await page.goto(`/admin/units/${seeded.unitId}/tasks`);
  const worked = page.getByRole('article').filter({ hasText: seeded.worked });
  await worked.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(
    `“${seeded.worked}” cannot be deleted: students have submitted evidence`,
  );
  await dialog.getByRole('button', { name: 'Archive task' }).click();
  await expectToast(page, 'Task archived');
  await expect(worked.getByText('Archived', { exact: true })).toBeVisible();
  await expect(worked.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  expect(await hasNoHorizontalOverflow(page)).toBe(true);
  await page.screenshot({ path: `${screenshotDir}/${screen}-task-archived.png`, fullPage: true });

  await worked.getByRole('button', { name: 'Restore' }).click();
  await expectToast(page, 'Task restored');
  await expect(worked.getByText('Archived', { exact: true })).toHaveCount(0);

  const untouched = page.getByRole('article').filter({ hasText: seeded.untouched });
  await untouched.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog')).toContainText('Delete this task?');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Task deleted');
  await expect(untouched).toHaveCount(0);
}
