import { expect, test } from '@playwright/test';
import { admin } from './e2e-env';
import { expectToast } from './support';

test('an admin sets the organisation’s time zone from the dashboard’s Settings link', async ({ page }) => {
  expect((await page.request.post('/api/auth/login', { data: admin })).ok()).toBe(true);
  await page.goto('/admin');
  await page.getByRole('link', { name: /^Settings/ }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  const zone = page.getByLabel('Organisation time zone');
  await zone.click();
  // Australian zones come first, named as people know them.
  await expect(page.getByRole('option').first()).toHaveText('Sydney · Australian Eastern Time');
  await page.getByRole('option', { name: 'Perth · Australian Western Standard Time' }).click();
  await expect(page.getByTestId('zone-preview')).toContainText(
    'under ‘Times in Australian Western Standard Time (Perth)’',
  );
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Time zone saved');
  await page.reload();
  await expect(page.getByLabel('Organisation time zone')).toHaveValue(
    'Perth · Australian Western Standard Time',
  );
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
});
