import { expect, type Page, test } from '@playwright/test';
import { admin } from './e2e-env';
import { expectToast, hasNoHorizontalOverflow, signInThroughUi } from './support';

/**
 * The LTI Platforms screen through the UI: a refused form names the field, a platform is added,
 * edited and removed (after a confirm), and the passbacks view opens from it. Screenshots at the
 * project's size, light and dark.
 */
export async function manageLtiPlatforms(page: Page, size: string) {
  await signInThroughUi(page, admin.email, admin.password);
  await page.goto('/admin/lti');
  await expect(page.getByRole('heading', { name: 'LTI Platforms', level: 1 })).toBeVisible();
  const platforms = page.getByRole('list', { name: 'Platforms' });
  // The fake LMS, registered through LTI_PLATFORMS, trusted with its teaching roles.
  await expect(platforms).toContainText('Client ID evident-client');
  await expect(platforms.getByRole('listitem').filter({ hasText: 'evident-client' })).toContainText(
    'Teachers trusted',
  );

  const issuer = `https://moodle-${Date.now().toString(36)}-${size}.example.edu`;
  await page.getByRole('button', { name: 'Add platform' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add platform' });
  await dialog.getByLabel('Issuer').fill(issuer);
  await dialog.getByLabel('Client ID').fill('moodle-client');
  await dialog.getByLabel('Deployment IDs').fill('7\n8');
  await dialog.getByLabel('Authorization URL').fill(`${issuer}/mod/lti/auth.php`);
  await dialog.getByLabel('Access token URL').fill('not a url');
  await dialog.getByLabel('Key set URL (JWKS)').fill(`${issuer}/mod/lti/certs.php`);
  await dialog.getByRole('button', { name: 'Add platform' }).click();
  await expect(dialog.getByText('tokenUrl must be a URL')).toBeVisible();
  await dialog.getByLabel('Access token URL').fill(`${issuer}/mod/lti/token.php`);
  await dialog.getByRole('button', { name: 'Add platform' }).click();
  await expectToast(page, 'Platform added', issuer);
  const row = platforms.getByRole('listitem').filter({ hasText: issuer });
  await expect(row).toContainText('2 deployments');
  expect(await hasNoHorizontalOverflow(page)).toBe(true);
  await page.screenshot({ path: test.info().outputPath(`lti-platforms-${size}.png`), fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: test.info().outputPath(`lti-platforms-${size}-dark.png`), fullPage: true });

  await row.getByRole('button', { name: `Edit ${issuer}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit platform' });
  await expect(edit.getByLabel('Issuer')).toHaveValue(issuer);
  await page.screenshot({ path: test.info().outputPath(`lti-platform-form-${size}-dark.png`) });
  await page.emulateMedia({ colorScheme: 'light' });
  await edit.getByLabel('Deployment IDs').fill('7');
  await expect(row).not.toContainText('Teachers trusted');
  await edit.getByLabel("Trust this platform's teachers").check();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Platform saved', issuer);
  await expect(row).toContainText('1 deployment');
  await expect(row).toContainText('Teachers trusted');

  await row.getByRole('button', { name: `Remove ${issuer}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove platform' });
  await expect(confirm).toContainText(`Remove ${issuer}? Its courses can no longer launch Evident.`);
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expectToast(page, 'Platform removed');
  await expect(platforms.getByRole('listitem').filter({ hasText: issuer })).toHaveCount(0);

  await page.getByRole('link', { name: 'Grade passbacks' }).click();
  await expect(page).toHaveURL(/\/admin\/lti\/passbacks$/);
  await expect(page.getByRole('heading', { name: 'Grade passbacks', level: 1 })).toBeVisible();
  await expect(
    page.getByText('Nothing waiting').or(page.getByRole('list', { name: 'Grade passbacks' })),
  ).toBeVisible();
  expect(await hasNoHorizontalOverflow(page)).toBe(true);
  await page.screenshot({ path: test.info().outputPath(`lti-passbacks-${size}.png`), fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: test.info().outputPath(`lti-passbacks-${size}-dark.png`), fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.getByRole('link', { name: 'Back to LTI Platforms' }).click();
  await expect(page).toHaveURL(/\/admin\/lti$/);
}
