import { expect, type Page, test } from '@playwright/test';
import { admin } from './e2e-env';
import { expectToast, registerThroughUi, uniqueEmail } from './support';

async function adminAt(page: Page, path: string): Promise<void> {
  const login = await page.request.post('/api/auth/login', { data: admin });
  expect(login.ok()).toBe(true);
  await page.goto(path);
}

async function confirm(page: Page, label: string) {
  await page.getByRole('dialog').getByRole('button', { name: label }).click();
}

test('an admin finds a person, changes their role, deactivates and reactivates them, and reads it in the audit trail', async ({
  page,
  browser,
}) => {
  const person = {
    firstName: 'Petra',
    lastName: 'People',
    email: uniqueEmail('people'),
    password: 'people-password',
  };
  const theirs = await (await browser.newContext()).newPage();
  await registerThroughUi(theirs, person);

  await adminAt(page, '/admin/users');
  await page.getByLabel('Search users').fill(person.email);
  const rows = page.getByRole('list', { name: 'Users' }).getByRole('listitem');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Petra People');

  await page.getByRole('button', { name: 'More actions for Petra People' }).click();
  await page.getByRole('menuitem', { name: 'Make assessor' }).click();
  await confirm(page, 'Change role');
  await expectToast(page, 'Role changed', 'Petra People is now an assessor');
  await expect(rows.first()).toContainText('Assessor');

  await page.getByRole('button', { name: 'More actions for Petra People' }).click();
  await expect(page.getByRole('menuitem', { name: 'API tokens' })).toHaveAttribute(
    'href',
    /\/admin\/users\/[\w-]+\/tokens$/,
  );
  await page.getByRole('menuitem', { name: 'Deactivate' }).click();
  await confirm(page, 'Deactivate');
  await expectToast(page, 'User deactivated', 'Petra People can no longer sign in');
  await expect(rows.first()).toContainText('Deactivated');
  await expect(page.getByRole('button', { name: 'Log in as Petra People' })).toHaveCount(0);

  // Their open session ended: the next request finds them signed out.
  await theirs.reload();
  await expect(theirs.getByRole('button', { name: 'Sign In' }).first()).toBeVisible();
  const refused = await theirs.request.post('/api/auth/login', {
    data: { email: person.email, password: person.password },
  });
  expect(refused.status()).toBe(403);

  // The status filter finds them among the deactivated.
  await page.getByLabel('Search users').fill('');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Deactivated' }).click();
  await page.getByLabel('Search users').fill('Petra');
  await expect(rows.filter({ hasText: person.email })).toHaveCount(1);

  await page.getByRole('button', { name: 'More actions for Petra People' }).click();
  await page.getByRole('menuitem', { name: 'Reactivate' }).click();
  await confirm(page, 'Reactivate');
  await expectToast(page, 'User reactivated', 'Petra People can sign in again');
  await theirs.context().close();

  await page.getByRole('navigation').first().getByRole('link', { name: 'Audit' }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await page.getByRole('combobox', { name: 'Person' }).fill('Petra');
  await page.getByRole('option', { name: new RegExp(person.email.replace(/[.+]/g, '\\$&')) }).click();
  const events = page.getByRole('list', { name: 'Audit events' }).getByRole('listitem');
  await expect(events.first()).toContainText('Reactivated');
  await expect(events.filter({ hasText: /Deactivated/ })).toHaveCount(1);
  await expect(events.filter({ hasText: 'Role changed' })).toContainText('student → assessor');

  await page.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: 'Deactivated' }).click();
  await expect(events).toHaveCount(1);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('audit-trail.csv');
  await page.screenshot({ path: test.info().outputPath('audit-1280.png'), fullPage: true });
});
