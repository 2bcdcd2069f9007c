import { expect, request, test } from '@playwright/test';
import {
  expectToast,
  hasNoHorizontalOverflow,
  registerThroughUi,
  signInThroughUi,
  uniqueEmail,
} from './support';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** Calls the API as a script would: no cookies, only the token. */
async function asScript(baseURL: string, token: string, path: string) {
  const script = await request.newContext({
    baseURL,
    extraHTTPHeaders: { authorization: `Bearer ${token}` },
  });
  const response = await script.get(path);
  const result = { status: response.status(), body: await response.text() };
  await script.dispose();
  return result;
}

test('a person creates a token on their account page, copies it once, uses it and revokes it', async ({
  page,
  baseURL,
}) => {
  const email = uniqueEmail('tokens');
  await registerThroughUi(page, { firstName: 'Tia', lastName: 'Token', email, password: 'scripts-are-fun' });
  await page.getByRole('link', { name: 'Account and API tokens' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
  await expect(page.getByText('No API tokens yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Create token' }).click();
  await expect(page.getByText('Give the token a name')).toBeVisible();
  await page.getByLabel('Token name').fill('Nightly export');
  await page.getByRole('button', { name: 'Create token' }).click();
  await expectToast(page, 'Token created');
  const secret = (await page.getByTestId('new-token').textContent()) ?? '';
  expect(secret).toMatch(/^evd_[\w-]{40,}$/);
  await page.getByRole('button', { name: 'Copy token' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  const tokens = page.getByRole('list', { name: 'API tokens' });
  await expect(tokens.getByRole('listitem')).toHaveCount(1);
  await expect(tokens).toContainText('Nightly export');
  await expect(tokens).toContainText('Read only');
  await expect(tokens).toContainText('Never used');
  await page.screenshot({ path: test.info().outputPath('account-tokens-1280x800.png'), fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: test.info().outputPath('account-tokens-1280x800-dark.png'), fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });

  const me = await asScript(baseURL ?? '', secret, '/api/auth/user');
  expect(me.status).toBe(200);
  expect(JSON.parse(me.body).email).toBe(email);

  // Shown once: after a reload only the list remains, now with its last use.
  await page.reload();
  await expect(page.getByTestId('new-token')).toHaveCount(0);
  await expect(tokens).toContainText('Last used');

  await tokens.getByRole('button', { name: 'Revoke Nightly export' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Revoke the token “Nightly export”?');
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expectToast(page, 'Token revoked');
  await expect(tokens).toContainText('Revoked');
  expect(await asScript(baseURL ?? '', secret, '/api/auth/user')).toEqual({
    status: 401,
    body: 'This API token has been revoked',
  });
  expect(await hasNoHorizontalOverflow(page)).toBe(true);
});

test('an admin issues and revokes a token for a person from their tokens screen', async ({
  page,
  baseURL,
}) => {
  const studentEmail = uniqueEmail('token-owner');
  await registerThroughUi(page, {
    firstName: 'Sam',
    lastName: 'Scripted',
    email: studentEmail,
    password: 'pw-for-sam-1',
  });
  await page.context().clearCookies();
  await signInThroughUi(page, 'admin@e2e.test', 'admin-password');
  const users = (await (await page.request.get('/api/admin/users')).json()) as {
    id: string;
    email: string;
  }[];
  const student = users.find((user) => user.email === studentEmail);
  expect(student).toBeDefined();

  await page.goto(`/admin/users/${student?.id}/tokens`);
  await expect(page.getByRole('heading', { name: 'API tokens', level: 1 })).toBeVisible();
  await expect(page.getByText(studentEmail)).toBeVisible();
  await page.getByLabel('Token name').fill('LMS sync');
  // Mantine's segmented control: its radios are hidden behind their labels.
  await page.locator('label', { hasText: 'Read and write' }).click();
  await expect(page.getByRole('radio', { name: 'Read and write' })).toBeChecked();
  await page.getByRole('button', { name: 'Create token' }).click();
  await expectToast(page, 'Token created');
  const secret = (await page.getByTestId('new-token').textContent()) ?? '';
  const me = await asScript(baseURL ?? '', secret, '/api/auth/user');
  expect(JSON.parse(me.body).email).toBe(studentEmail);
  await expect(page.getByRole('list', { name: 'API tokens' })).toContainText('Read and write');
  await page.screenshot({ path: test.info().outputPath('person-tokens-1280x800.png'), fullPage: true });

  await page.getByRole('button', { name: 'Revoke LMS sync' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expectToast(page, 'Token revoked');
  expect((await asScript(baseURL ?? '', secret, '/api/auth/user')).status).toBe(401);
});
