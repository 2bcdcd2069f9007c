import { expect, type Locator, type Page, request, test } from '@playwright/test';
import { admin, e2ePort } from './e2e-env';
import { expectToast, ownAddress, uniqueEmail } from './support';

/** Issue 28: on a phone a toast covered the top bar (menu and title) for its five seconds. */

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not on screen');
  return found;
}

/** The toast sits wholly below the top bar, which stays reachable, and is still announced. */
async function expectToastBelowTopBar(page: Page): Promise<void> {
  const toast = page.locator('.mantine-Notification-root').first();
  await expect(toast).toHaveAttribute('role', 'alert');
  const bar = await box(page.getByRole('banner'));
  const shown = await box(toast);
  expect(shown.y, `toast top ${shown.y}, top bar bottom ${bar.y + bar.height}`).toBeGreaterThanOrEqual(
    bar.y + bar.height,
  );
  // The menu button is what a tap at its centre reaches, not the toast.
  const menu = page.getByRole('button', { name: 'Open menu' });
  const { x, y, width, height } = await box(menu);
  const reached = await page.evaluate(
    ([px, py]) =>
      document
        .elementFromPoint(px ?? 0, py ?? 0)
        ?.closest('button')
        ?.getAttribute('aria-label'),
    [x + width / 2, y + height / 2],
  );
  expect(reached).toBe('Open menu');
}

test('on a phone a toast shows below the top bar, never over its menu and title', async ({ page }) => {
  expect((await page.request.post('/api/auth/login', { data: admin })).ok()).toBe(true);
  await page.goto('/admin/units/new');
  const save = page.getByRole('button', { name: 'Save' });
  await save.scrollIntoViewIfNeeded();
  await save.click();
  await expectToast(page, 'Validation error', 'Unit code and title are required');
  await expectToastBelowTopBar(page);
  // Scrolled to the top, where the toast and the bar would meet first.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectToastBelowTopBar(page);
});

test('on a phone a toast stays below a taller top bar, as when an admin views the app as a student', async ({
  page,
}) => {
  const visitor = await request.newContext({
    baseURL: `http://127.0.0.1:${e2ePort}`,
    extraHTTPHeaders: { 'x-forwarded-for': ownAddress() },
  });
  const registered = await visitor.post('/api/auth/register', {
    data: {
      firstName: 'Tess',
      lastName: 'Toast',
      email: uniqueEmail('toast'),
      password: 'toast-on-top',
      role: 'student',
    },
  });
  expect(registered.ok()).toBe(true);
  const { user } = (await registered.json()) as { user: { id: string } };
  await visitor.dispose();

  expect((await page.request.post('/api/auth/login', { data: admin })).ok()).toBe(true);
  expect((await page.request.post('/api/admin/impersonate', { data: { userId: user.id } })).ok()).toBe(true);
  await page.goto('/unit-setup');
  await expect(page.getByRole('banner')).toContainText('Tess Toast');
  await page.getByLabel('Unit code').fill('ZZZ999');
  await page.getByRole('button', { name: 'Generate Tasks' }).click();
  await expectToast(page, 'Failed to generate tasks');
  expect((await box(page.getByRole('banner'))).height).toBeGreaterThan(70);
  await expectToastBelowTopBar(page);
});
