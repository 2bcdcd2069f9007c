import { expect, test } from '@playwright/test';
import { admin } from './e2e-env';
import { expectToast, signInThroughUi } from './support';

test('the theme choice survives a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  await page.reload();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
});

test('the theme follows the system preference until chosen', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
});

test('unknown paths show the landing page when signed out and a 404 when signed in', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('button', { name: 'Get Started Free' })).toBeVisible();
  await signInThroughUi(page, admin.email, admin.password);
  await page.goto('/no/such/page');
  await expect(page.getByText('404 Page Not Found')).toBeVisible();
});

test('the LTI configuration page offers copyable URLs built from this origin', async ({ page, baseURL }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'LMS Integration' }).first().click();
  await expect(page).toHaveURL(/\/lti-config$/);
  await expect(page.getByRole('textbox', { name: 'Tool/Launch URL' })).toHaveValue(`${baseURL}/lti/launch`);
  await expect(page.getByRole('textbox', { name: 'Login Initiation URL' })).toHaveValue(
    `${baseURL}/lti/login`,
  );
  await expect(page.getByRole('textbox', { name: 'Public Keyset URL' })).toHaveValue(`${baseURL}/lti/keys`);
  await expect(page.getByRole('textbox', { name: 'Deep Linking URL' })).toHaveValue(
    `${baseURL}/lti/deeplink`,
  );
  await expect(page.getByRole('textbox', { name: 'Configuration JSON' })).toHaveValue(
    `${baseURL}/lti/config.json`,
  );
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: /copy/i }).first().click();
  await expectToast(page, 'Copied');
});
