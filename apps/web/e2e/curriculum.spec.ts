import { expect, test } from '@playwright/test';
import { admin } from './e2e-env';
import {
  expectToast,
  expectUnitSetUpToast,
  registerThroughUi,
  signInThroughUi,
  uniqueEmail,
} from './support';

test('a student sets up an example unit and sees its tasks', async ({ page }) => {
  await registerThroughUi(page, {
    firstName: 'Uma',
    lastName: 'Unit',
    email: uniqueEmail('setup'),
    password: 'heights-safe',
  });
  await page
    .getByRole('navigation', { name: 'Main' })
    .first()
    .getByRole('link', { name: 'Setup Unit' })
    .click();
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Set Up Your Unit' })).toBeVisible();

  await expect(main.getByRole('button', { name: 'Generate Tasks' })).toBeDisabled();

  await main.getByRole('button', { name: /RIIWHS204E/ }).click();
  await expect(main.getByLabel('Unit code')).toHaveValue('RIIWHS204E');
  await main.getByRole('button', { name: 'Generate Tasks' }).click();
  await expectUnitSetUpToast(page, 'RIIWHS204E');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'My Progress' })).toBeVisible();
  await expect(page.getByText(/^0 of \d+ tasks completed$/)).toBeVisible();
  await expect(main.getByRole('article').first()).toBeVisible();
});

test('an unknown unit code shows the generation failure toast', async ({ page }) => {
  await registerThroughUi(page, {
    firstName: 'Nat',
    lastName: 'Known',
    email: uniqueEmail('unknown'),
    password: 'unknown-unit',
  });
  await page.goto('/unit-setup');
  await page.getByLabel('Unit code').fill('nosuch123');
  await expect(page.getByLabel('Unit code')).toHaveValue('NOSUCH123');
  await page.getByRole('button', { name: 'Generate Tasks' }).click();
  await expectToast(page, 'Failed to generate tasks', 'NOSUCH123');
  await expect(page).toHaveURL(/\/unit-setup$/);
});

test('an admin fetches a unit from the register, generates and edits its tasks, reads the mapping and deletes it', async ({
  page,
}) => {
  await signInThroughUi(page, admin.email, admin.password);
  await page.goto('/admin/units/new');
  const main = page.getByRole('main');
  await main.getByLabel('Unit Code').fill('bsbwhs211');
  await main.getByRole('button', { name: 'Fetch from TGA' }).click();
  await expectToast(page, 'Success');
  await expect(main.getByLabel('Unit Title')).toHaveValue(
    'Contribute to the health and safety of self and others',
  );
  await expect(main.getByLabel('Performance Evidence', { exact: true })).toHaveValue(
    /complete an incident report form/,
  );
  await main.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Unit created');
  await expect(page).toHaveURL(/\/admin\/units\/?$/);

  await main.getByLabel('Search units').fill('bsbwhs');
  const card = main.getByRole('article', { name: /BSBWHS211/ });
  await card.getByRole('button', { name: 'Generate Tasks' }).click();
  await expect(page.getByRole('dialog')).toContainText(
    'Generate workplace tasks from performance evidence using AI?',
  );
  await page.getByRole('dialog').getByRole('button', { name: 'Generate Tasks' }).click();
  await expectToast(page, 'Tasks generated!');

  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    card.getByRole('button', { name: 'View Mapping' }).click(),
  ]);
  await expect.poll(() => popup.title()).toBe('BSBWHS211');
  await expect(popup.locator('pre')).toContainText('complete an incident report form');
  await popup.close();

  await card.getByRole('link', { name: 'Tasks' }).click();
  await expect(main.getByRole('heading', { level: 1 })).toContainText('BSBWHS211');
  await main.getByRole('article').first().getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Title').fill('Walk the site and report every hazard');
  await dialog.getByLabel('Phase').selectOption('Check');
  for (const type of ['Photo', 'Audio', 'PDF', 'Document']) await dialog.getByLabel(type).uncheck();
  await dialog.getByRole('button', { name: 'Save Task' }).click();
  await expectToast(page, 'Validation error', 'Choose at least one evidence type');
  await dialog.getByLabel('Photo').check();
  await dialog.getByRole('button', { name: 'Save Task' }).click();
  await expectToast(page, 'Task updated');
  await expect(main.getByRole('article', { name: 'Walk the site and report every hazard' })).toBeVisible();

  await page.goto('/admin/units');
  await main.getByLabel('Search units').fill('BSBWHS211');
  await card.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog')).toContainText(
    'Delete unit BSBWHS211? This will also delete all associated tasks.',
  );
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Unit deleted');
  await expect(card).toHaveCount(0);
});

test('a unit that no longer exists says so, without a pointless Try again', async ({ page }) => {
  await signInThroughUi(page, admin.email, admin.password);
  await page.goto('/admin/units/00000000-0000-4000-8000-000000000000/tasks');
  const alert = page.getByRole('alert').filter({ hasText: "Could not load this unit's tasks" });
  await expect(alert).toContainText('Unit not found');
  await expect(alert.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Back to Units' })).toBeVisible();
});
