import { expect, test } from '@playwright/test';
import { admin } from './e2e-env';
import { expectToast } from './support';

// Issue 30 §4: the retention period on Settings, and legal holds placed and lifted on Records kept.
// (Disposal needs records two years old; apps/server/test/retention.test.ts covers it on the server.)

test('an admin sets how long records are kept, then places and lifts a legal hold on a unit', async ({
  page,
}) => {
  const api = page.request;
  expect((await api.post('/api/auth/login', { data: admin })).ok()).toBe(true);
  const unitCode = `HLD${Date.now().toString(36).toUpperCase()}`;
  const made = await api.post('/api/admin/units', { data: { unitCode, title: 'Work safely at heights' } });
  expect(made.ok(), await made.text()).toBe(true);

  await page.goto('/admin/settings');
  const months = page.getByLabel('Keep records for (months)');
  await months.fill('36');
  await page.getByRole('button', { name: 'Set period' }).click();
  await expectToast(page, 'Retention period saved', 'Records are kept for 3 years after the unit outcome.');

  await page.goto('/admin');
  await page
    .getByRole('main')
    .getByRole('link', { name: /^Records Kept/ })
    .click();
  await expect(page).toHaveURL(/\/admin\/retention$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Records kept' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Records are kept for 3 years after the unit outcome');

  const form = page.getByRole('form', { name: 'Place a legal hold' });
  await form.getByRole('combobox', { name: 'Unit' }).fill(unitCode);
  await page.getByRole('option', { name: new RegExp(unitCode) }).click();
  await form.getByLabel('Reason').fill('Complaint 2026-14 under review');
  await form.getByRole('button', { name: 'Place hold' }).click();
  await expectToast(page, 'Legal hold placed');
  const hold = page.getByTestId('legal-hold').filter({ hasText: unitCode });
  await expect(hold).toContainText('Complaint 2026-14 under review');

  await hold.getByRole('button', { name: `Lift the hold on ${unitCode}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Lift legal hold' });
  await dialog.getByLabel('Why is it lifted?').fill('Complaint resolved');
  await dialog.getByRole('button', { name: 'Lift hold' }).click();
  await expectToast(page, 'Legal hold lifted');
  await expect(page.getByTestId('legal-hold').filter({ hasText: unitCode })).toHaveCount(0);

  // Back to the default for the specs that follow.
  expect((await api.put('/api/admin/retention/period', { data: { months: 24 } })).ok()).toBe(true);
});
