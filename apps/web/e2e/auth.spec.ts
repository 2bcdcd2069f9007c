import { expect, test } from '@playwright/test';
import { admin } from './e2e-env';
import { expectToast, openSignIn, registerThroughUi, signInThroughUi, uniqueEmail } from './support';

test('a student registers, is signed in automatically, sees student navigation and logs out', async ({
  page,
}) => {
  const email = uniqueEmail('student');
  await registerThroughUi(page, {
    firstName: 'Sam',
    lastName: 'Student',
    email,
    password: 'workplace-ready',
  });

  await expectToast(page, 'Registration successful', 'Please check your email for a welcome message');
  const nav = page.getByRole('navigation', { name: 'Main' }).first();
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Setup Unit' })).toBeVisible();
  await expect(page.getByText('Sam Student')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await page.reload();
  await expect(page.getByRole('button', { name: 'Log Out' }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Log Out' }).first().click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeVisible();
});

test('an assessor registers and gets the assessor navigation', async ({ page }) => {
  await registerThroughUi(page, {
    firstName: 'Alex',
    lastName: 'Assessor',
    email: uniqueEmail('assessor'),
    password: 'fair-and-valid',
    role: 'Assessor',
  });
  const nav = page.getByRole('navigation', { name: 'Main' }).first();
  await expect(nav.getByRole('link', { name: 'Grading' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Evidence Matrix' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Setup Unit' })).toHaveCount(0);
});

test('the admin signs in and gets the admin navigation', async ({ page }) => {
  await signInThroughUi(page, admin.email, admin.password);
  const nav = page.getByRole('navigation', { name: 'Main' }).first();
  for (const name of ['Dashboard', 'Units', 'Users'])
    await expect(nav.getByRole('link', { name })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'RTO Admin Dashboard' })).toBeVisible();
});

test('a short password is caught before it reaches the server', async ({ page }) => {
  await registerThroughUi(
    page,
    {
      firstName: 'Ty',
      lastName: 'Po',
      email: uniqueEmail('short'),
      password: 'seven77',
    },
    { expectSignedIn: false },
  );
  await expectToast(page, 'Password too short', 'Password must be at least 8 characters');
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('a wrong password shows the login failure toast', async ({ page }) => {
  await openSignIn(page);
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Email/).fill(admin.email);
  await dialog.getByLabel(/^Password/).fill('not-the-password');
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expectToast(page, 'Login failed', 'Invalid email or password');
});

test('registering an email twice shows the server message', async ({ page }) => {
  await registerThroughUi(
    page,
    {
      firstName: 'Dee',
      lastName: 'Dupe',
      email: admin.email,
      password: 'long-enough-1',
    },
    { expectSignedIn: false },
  );
  await expectToast(page, 'Registration failed', 'An account with this email already exists');
});
