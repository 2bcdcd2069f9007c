import { expect, type Page, test } from '@playwright/test';
import { admin, e2eRegisterPort } from './e2e-env';
import { expectToast, hasNoHorizontalOverflow, signInThroughUi } from './support';

// Issue 29 §1 on a phone: the unit's whole requirements fetched from the register (the loopback
// stand-in), shown read-only by section; a revised release shown item by item before it is saved;
// and a section pasted by hand when the register has nothing for it.

async function openSection(page: Page, title: string) {
  const panel = page.getByTestId('unit-requirements');
  await panel.getByRole('button', { name: new RegExp(`^${title}`) }).click();
  return panel;
}

async function editUnit(page: Page, code: string) {
  await page.goto('/admin/units');
  const card = page.getByRole('main').getByRole('article', { name: new RegExp(code) });
  await card.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByTestId('unit-requirements')).toBeVisible();
}

test('an admin fetches a unit with its whole requirements, then a revised release, and sees what changed before saving', async ({
  page,
  request,
}) => {
  await request.post(`http://127.0.0.1:${e2eRegisterPort}/__release/1`);
  await signInThroughUi(page, admin.email, admin.password);
  await page.goto('/admin/units/new');
  const main = page.getByRole('main');
  await main.getByLabel('Unit Code').fill('revwhs29');
  await main.getByRole('button', { name: 'Fetch from TGA' }).click();
  await expect(page.getByTestId('requirements-release')).toHaveText(/release 1/i);
  const panel = await openSection(page, 'Knowledge Evidence');
  await expect(panel.getByText('roles and responsibilities under WHS law')).toBeVisible();
  await expect(panel.getByText('KE 2.1', { exact: true })).toBeVisible();
  await expect(panel.getByTestId('requirements-fs').getByText('2', { exact: true })).toBeVisible();
  expect(await hasNoHorizontalOverflow(page)).toBe(true);
  await main.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Unit created', 'REVWHS29');

  // The register publishes release 2: fetching again shows the change, and nothing is saved yet.
  await request.post(`http://127.0.0.1:${e2eRegisterPort}/__release/2`);
  await editUnit(page, 'REVWHS29');
  await main.getByRole('button', { name: 'Fetch from TGA' }).click();
  const changes = page.getByTestId('requirements-changes');
  await expect(changes).toContainText('Release 1 → release 2');
  await expect(changes).toContainText('KE 3 psychosocial hazards');
  await expect(changes.getByRole('deletion')).toHaveText('roles and responsibilities under WHS law');
  expect(await hasNoHorizontalOverflow(page)).toBe(true);
  await editUnit(page, 'REVWHS29');
  await expect(page.getByTestId('requirements-release')).toHaveText(/release 1/i);

  await main.getByRole('button', { name: 'Fetch from TGA' }).click();
  await expect(page.getByTestId('requirements-changes')).toBeVisible();
  await main.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Unit updated', 'REVWHS29');
  await editUnit(page, 'REVWHS29');
  await expect(page.getByTestId('requirements-release')).toHaveText(/release 2/i);
  const saved = await openSection(page, 'Knowledge Evidence');
  await expect(
    saved.getByText('roles and responsibilities of workers and supervisors under WHS law'),
  ).toBeVisible();
  await expect(page.getByTestId('requirements-changes')).toHaveCount(0);
});

test('an admin pastes a section the register did not give, sees the preview and saves it', async ({
  page,
}) => {
  await signInThroughUi(page, admin.email, admin.password);
  await page.goto('/admin/units/new');
  const main = page.getByRole('main');
  await main.getByLabel('Unit Code').fill('paste29');
  await main.getByLabel('Unit Title').fill('Pasted by hand');
  const panel = await openSection(page, 'Assessment Conditions');
  await expect(panel).toContainText('Assessment Conditions has not been read for this unit');
  await panel.getByRole('button', { name: 'Paste Assessment Conditions' }).click();
  await panel
    .getByLabel('Assessment Conditions text')
    .fill(
      'Assessment must take place under the following conditions:\nphysical conditions:\n  a workplace\nresources:\n  a harness',
    );
  const preview = panel.getByTestId('paste-preview');
  await expect(preview).toContainText('AC 1 physical conditions:');
  await expect(preview).toContainText('AC 2.1 a harness');
  await expect(panel.getByText('Preview: 4 items')).toBeVisible();
  await panel.getByRole('button', { name: 'Add 4 items' }).click();
  await expect(page.getByTestId('requirements-ac').getByText('4', { exact: true })).toBeVisible();
  await main.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Unit created', 'PASTE29');

  await editUnit(page, 'PASTE29');
  await expect(page.getByTestId('requirements-release')).toHaveText(/release not known/i);
  const saved = await openSection(page, 'Assessment Conditions');
  await expect(saved.getByTestId('requirements-ac')).toContainText('AC 1.1 a workplace');
});
