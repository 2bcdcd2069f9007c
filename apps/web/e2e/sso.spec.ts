import { expect, test } from '@playwright/test';
import { expectSignedIn, expectToast, openSignIn, uniqueEmail } from './support';

test('a person signs in through the OpenID provider from the landing page and lands on the dashboard', async ({
  page,
}) => {
  const email = uniqueEmail('sso');
  await openSignIn(page);
  await page.getByRole('dialog').getByRole('link', { name: 'Continue with Test Provider' }).click();
  // The provider's own page, on its own origin.
  await expect(page.getByRole('heading', { name: 'Test provider sign-in' })).toBeVisible();
  await page.getByLabel('Login').fill(email);
  // The callback sends the browser to /dashboard, which the app then shows as the person's home (/):
  // the server's answer is what says where sign-in landed, whichever URL the app has moved on to.
  const landed = page.waitForResponse((response) => new URL(response.url()).pathname === '/dashboard');
  await page.getByRole('button', { name: 'Sign in at the provider' }).click();
  expect((await landed).status()).toBe(200);
  await expect(page).toHaveURL(/\/(dashboard)?$/);
  await expectSignedIn(page);
  const me = await (await page.request.get('/api/auth/user')).json();
  expect(me).toMatchObject({ email, role: 'student' });
  await page.screenshot({ path: test.info().outputPath('sso-dashboard.png') });
});

test('a refused answer comes back to the sign-in dialog with the reason', async ({ page }) => {
  // A callback this browser never asked for: no checks to match.
  await page.goto('/api/login/callback?code=forged&state=forged');
  await expectToast(page, 'Single sign-on failed', 'took too long or began in another browser');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('dialog').getByLabel('Email')).toBeVisible();
});
