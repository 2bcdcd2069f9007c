import { expect, test } from '@playwright/test';
import { expectToast, registerThroughUi, resetLinkFor, signInThroughUi, uniqueEmail } from './support';

test('a forgotten password is reset through the mailed link', async ({ page }) => {
  const email = uniqueEmail('forgetful');
  await registerThroughUi(page, {
    firstName: 'Fay',
    lastName: 'Forgetful',
    email,
    password: 'first-password',
  });
  await page.getByRole('button', { name: 'Log Out' }).first().click();
  // Signed out once the landing page is back: leaving sooner could cut the log-out request short.
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeVisible();

  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // The URL changes before the page's code has loaded; until then the sign-in dialog's Email is on screen.
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel(/^Email/).fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(
    page.getByText(`If an account exists for ${email}, you will receive a password reset link shortly.`),
  ).toBeVisible();

  const link = new URL(await resetLinkFor(email));
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel(/^New password/).fill('second-password');
  await page.getByLabel(/^Confirm password/).fill('second-passwort');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expectToast(page, "Passwords don't match", 'Please make sure both passwords are identical');

  await page.getByLabel(/^Confirm password/).fill('second-password');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password Updated')).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 5_000 });

  await signInThroughUi(page, email, 'second-password');
});

test('a reset link without a token sends the visitor to request a new one', async ({ page }) => {
  await page.goto('/reset-password');
  await expectToast(page, 'Invalid reset link', 'Please request a new password reset');
  await expect(page).toHaveURL(/\/forgot-password$/, { timeout: 5_000 });
});

test('a used or made-up token is refused', async ({ page }) => {
  await page.goto('/reset-password?token=made-up-token');
  await page.getByLabel(/^New password/).fill('whatever-123');
  await page.getByLabel(/^Confirm password/).fill('whatever-123');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expectToast(page, 'Reset failed', 'Invalid or expired reset token');
});
