import { expect, type Page, test } from '@playwright/test';
import { admin } from './e2e-env';
import { approvedAssessor } from './grading-flows';

/** Issue 28: the admin screens said less than the truth about LTI and left screens out of reach. */

async function signInAsAdmin(page: Page): Promise<void> {
  expect((await page.request.post('/api/auth/login', { data: admin })).ok()).toBe(true);
}

test('with LTI off on the server, LTI Platforms says what to set instead of offering Add platform', async ({
  page,
}) => {
  // This suite's server has LTI on; the screen is shown the answer a server with it off gives.
  await page.route(/\/trpc\/[^?]*admin\.ltiStatus\.get/, async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace('"enabled":true', '"enabled":false');
    await route.fulfill({ response, body });
  });
  await signInAsAdmin(page);
  await page.goto('/admin/lti');
  const notice = page.getByTestId('lti-off');
  await expect(notice).toContainText('LTI is switched off on this server');
  await expect(notice).toContainText('LTI_ENABLED=true');
  await expect(notice).toContainText('LTI_PRIVATE_KEY');
  await expect(notice).toContainText('LMS integration (LTI 1.3)');
  await expect(page.getByRole('button', { name: 'Add platform' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Create registration link' })).toHaveCount(0);
  // The platforms registered stay listed.
  await expect(page.getByRole('list', { name: 'Platforms' })).toContainText('evident-client');
});

test('an admin makes a Dynamic Registration link, good for a day, and copies it', async ({ page }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAsAdmin(page);
  await page.goto('/admin/lti');
  await expect(page.getByTestId('lti-off')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add platform' })).toBeVisible();
  const panel = page.getByRole('region', { name: 'Dynamic Registration' });
  await panel.getByRole('button', { name: 'Create registration link' }).click();
  const link = panel.getByRole('textbox', { name: 'Registration link' });
  await expect(link).toHaveValue(/^http:\/\/[^/]+\/lti\/register\?invite=[\w-]+\.[\w-]+\.[\w-]+$/);
  await expect(panel).toContainText('Good for a day (24 hours)');
  await panel.getByRole('button', { name: 'Copy Registration link' }).click();
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await link.inputValue());
  // The link opens the registration page (a platform would add its own query to it).
  const opened = await page.request.get(await link.inputValue());
  expect(opened.status()).toBeLessThan(500);
});

test('the admin dashboard links every admin screen: Units, Users, Classes, Audit and LTI', async ({
  page,
}) => {
  await signInAsAdmin(page);
  const links = [
    ['Manage Units', /\/admin\/units$/, 'Units Management'],
    ['Manage Users', /\/admin\/users$/, 'Users Management'],
    ['Manage Classes', /\/admin\/classes$/, 'Classes'],
    ['Audit Trail', /\/admin\/audit$/, 'Audit'],
    ['LTI Platforms', /\/admin\/lti$/, 'LTI Platforms'],
  ] as const;
  for (const [name, url, heading] of links) {
    await page.goto('/admin');
    await page
      .getByRole('main')
      .getByRole('link', { name: new RegExp(`^${name}`) })
      .click();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
});

test('LMS courses is in the menu of assessors and admins, who may open it', async ({ page, browser }) => {
  await approvedAssessor(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'LMS courses' }).click();
  await expect(page).toHaveURL(/\/lms-courses$/);
  await expect(page.getByRole('heading', { level: 1, name: 'LMS courses' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'LMS courses' })).toHaveAttribute('aria-current', 'page');

  const adminPage = await (await browser.newContext({ viewport: page.viewportSize() })).newPage();
  await signInAsAdmin(adminPage);
  await adminPage.goto('/admin');
  await adminPage
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'LMS courses' })
    .click();
  await expect(adminPage.getByRole('heading', { level: 1, name: 'LMS courses' })).toBeVisible();
  await expect(adminPage.getByText('Every course Evident was opened from by a teacher.')).toBeVisible();
  await adminPage.context().close();
});
