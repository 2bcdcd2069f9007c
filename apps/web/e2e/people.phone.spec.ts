import { expect, type Page, test } from '@playwright/test';
import { admin } from './e2e-env';
import { expectToast, hasNoHorizontalOverflow, registerThroughUi, uniqueEmail } from './support';

async function adminAt(page: Page, path: string): Promise<void> {
  const login = await page.request.post('/api/auth/login', { data: admin });
  expect(login.ok()).toBe(true);
  await page.goto(path);
}

test('people management and the audit screen fit a phone', async ({ page, browser }) => {
  const person = {
    firstName: 'Phil',
    lastName: 'Phone',
    email: uniqueEmail('people-phone'),
    password: 'phone-password',
  };
  const theirs = await (await browser.newContext()).newPage();
  await registerThroughUi(theirs, person);
  await theirs.context().close();

  await adminAt(page, '/admin/users');
  await page.getByLabel('Search users').fill(person.email);
  await page.getByRole('button', { name: 'More actions for Phil Phone' }).click();
  await page.getByRole('menuitem', { name: 'Deactivate' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
  await expectToast(page, 'User deactivated');
  expect(await hasNoHorizontalOverflow(page)).toBe(true);
  await page.screenshot({ path: test.info().outputPath('users-390.png'), fullPage: true });

  await page.goto('/admin/audit');
  await expect(page.getByRole('list', { name: 'Audit events' }).getByRole('listitem').first()).toBeVisible();
  expect(await hasNoHorizontalOverflow(page)).toBe(true);
  await page.screenshot({ path: test.info().outputPath('audit-390.png'), fullPage: true });
});

test('an admin viewing as a student sees the banner on every screen at 360 px, and goes back', async ({
  page,
  browser,
}) => {
  const person = {
    firstName: 'Vic',
    lastName: 'Viewed',
    email: uniqueEmail('viewed-phone'),
    password: 'viewed-password',
  };
  const theirs = await (await browser.newContext()).newPage();
  await registerThroughUi(theirs, person);
  await theirs.context().close();

  await page.setViewportSize({ width: 360, height: 740 });
  await adminAt(page, '/admin/users');
  await page.getByLabel('Search users').fill(person.email);
  await page.getByRole('button', { name: 'Log in as Vic Viewed' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Switch user' }).click();
  const banner = page.getByRole('region', { name: 'Viewing mode' });
  // Switching reloads the app at /; wait for it before going anywhere else.
  await expect(banner).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  for (const path of ['/', '/dashboard', '/unit-setup', '/admin/users', '/no/such/page']) {
    await page.goto(path);
    await expect(banner, path).toBeVisible();
    await expect(banner).toContainText('Viewing as Vic Viewed');
    const box = await banner.boundingBox();
    expect(box && box.width <= 360, path).toBe(true);
    expect(await hasNoHorizontalOverflow(page), path).toBe(true);
    await page.screenshot({ path: test.info().outputPath(`banner-360${path.replace(/\W+/g, '-')}.png`) });
  }
  await banner.getByRole('button', { name: 'Exit Viewing Mode' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(banner).toHaveCount(0);
});
