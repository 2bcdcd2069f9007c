import { expect, type Page, request as playwrightRequest, test } from '@playwright/test';
import { admin, e2ePort, e2eRegisterPort } from './e2e-env';
import { expectToast, hasNoHorizontalOverflow, signInThroughUi } from './support';

// Issue 29 §1 on a phone: the unit's whole requirements fetched from the register (the loopback
// stand-in), shown read-only by section; a revised release shown item by item before it is saved;
// and a section pasted by hand when the register has nothing for it, then pasted over.

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

  // A task uses two of the items; then the section is pasted over with text that rewords one and
  // drops another: the changes are shown first, the new words come as a release of their own, and
  // the task keeps the reworded item under the old one, as a re-fetch keeps it.
  const api = await playwrightRequest.newContext({ baseURL: `http://127.0.0.1:${e2ePort}` });
  expect((await api.post('/api/auth/login', { data: admin })).ok()).toBe(true);
  const units = (await (await api.get('/api/admin/units')).json()) as { id: string; unitCode: string }[];
  const unitId = units.find((unit) => unit.unitCode === 'PASTE29')?.id;
  const created = await api.post(`/api/admin/units/${unitId}/tasks`, {
    data: {
      title: 'Set up the work area',
      description: '',
      tooltip: '',
      requirementKeys: ['AC 1.1', 'AC 2'],
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  await saved.getByRole('button', { name: 'Paste over Assessment Conditions' }).click();
  const over = saved.getByTestId('paste-over-ac');
  await over
    .getByLabel('New Assessment Conditions text')
    .fill('physical conditions:\n  a workplace or an environment that reproduces one\nresources:');
  const replace = over.getByRole('button', { name: 'Replace Assessment Conditions' });
  await expect(replace).toBeDisabled();
  await over.getByLabel('Release of this text').fill('1');
  const changes = over.getByTestId('requirements-changes');
  await expect(changes).toContainText('Release not known → release 1');
  await expect(changes).toContainText('0 items added, 1 item removed, 1 item reworded');
  await expect(changes).toContainText('AC 2.1 a harness');
  await expect(changes.getByRole('deletion')).toHaveText('a workplace');
  expect(await hasNoHorizontalOverflow(page)).toBe(true);
  await replace.click();
  await main.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Unit updated', 'PASTE29');
  await editUnit(page, 'PASTE29');
  await expect(page.getByTestId('requirements-release')).toHaveText(/release 1/i);
  const tasks = (await (await api.get(`/api/admin/units/${unitId}/tasks`)).json()) as
    | { tasks: { requirements: { key: string; release: string; current: boolean }[] }[] }
    | { requirements: { key: string; release: string; current: boolean }[] }[];
  const [task] = Array.isArray(tasks) ? tasks : tasks.tasks;
  expect(task?.requirements).toHaveLength(2);
  expect(task?.requirements).toEqual(
    expect.arrayContaining([
      { key: 'AC 1.1', release: 'unknown', section: 'ac', current: false },
      { key: 'AC 2', release: '1', section: 'ac', current: true },
    ]),
  );
  await api.dispose();
});
