import { expect, test } from '@playwright/test';
import { hasNoHorizontalOverflow, openSignIn } from './support';

test('the landing page fits a phone and carries the spec texts', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Get Started Free' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Free Account' })).toBeVisible();
  await expect(page.getByText(/2025/)).toBeVisible();
  expect(await hasNoHorizontalOverflow(page)).toBe(true);
  await page.screenshot({ path: test.info().outputPath('landing-390x844.png'), fullPage: true });
});

test('the sign-in modal works at phone size with both tabs', async ({ page }) => {
  await openSignIn(page);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('tab', { name: 'Sign In' })).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Forgot password?' })).toBeVisible();
  await expect(dialog.getByRole('link', { name: /Continue with/ })).toHaveAttribute('href', '/api/login');
  await dialog.getByRole('tab', { name: 'Sign Up' }).click();
  await expect(dialog.getByLabel(/^First name/)).toBeVisible();
  expect(await hasNoHorizontalOverflow(page)).toBe(true);
  const box = await dialog.boundingBox();
  expect(box && box.width <= 390).toBe(true);
});

test('the signed-in menu slides in on a phone', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Get Started Free' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^First name/).fill('Pho');
  await dialog.getByLabel(/^Last name/).fill('Ne');
  await dialog.getByLabel(/^Email/).fill(`phone-${Date.now()}@e2e.test`);
  await dialog.getByLabel(/^Password/).fill('tiny-screen-1');
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog');
  await expect(menu.getByRole('link', { name: 'Setup Unit' })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Log Out' })).toBeVisible();
  expect(await hasNoHorizontalOverflow(page)).toBe(true);
});
