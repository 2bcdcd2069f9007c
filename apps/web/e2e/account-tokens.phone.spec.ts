import { expect, test } from '@playwright/test';
import { expectToast, hasNoHorizontalOverflow, registerThroughUi, uniqueEmail } from './support';

test('on a phone, the account page is in the menu and a new token fits the screen', async ({ page }) => {
  await registerThroughUi(page, {
    firstName: 'Pip',
    lastName: 'Phone',
    email: uniqueEmail('phone-tokens'),
    password: 'scripts-on-phones',
  });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name: 'Account and API tokens' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await page.getByLabel('Token name').fill('Phone shortcut');
  await page.getByRole('button', { name: 'Create token' }).click();
  await expectToast(page, 'Token created');
  await expect(page.getByTestId('new-token')).toHaveText(/^evd_/);
  await expect(page.getByRole('list', { name: 'API tokens' })).toContainText('Phone shortcut');
  expect(await hasNoHorizontalOverflow(page)).toBe(true);
  await page.screenshot({ path: test.info().outputPath('account-tokens-390x844.png'), fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: test.info().outputPath('account-tokens-390x844-dark.png'), fullPage: true });
});
