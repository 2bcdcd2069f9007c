import { expect, test } from '@playwright/test';
import { approvedAssessorApi } from './grading-flows';
import { signInThroughUi } from './support';

test('an assessor signed in with their password links the OpenID provider from the account page', async ({
  page,
}) => {
  // An approved assessor: a staff account, which links only while signed in with its password.
  const { email, password, api } = await approvedAssessorApi({ firstName: 'Lin', lastName: 'Linker' });
  await api.dispose();
  await signInThroughUi(page, email, password);
  await page.goto('/account');
  const panel = page.getByRole('region', { name: 'Single sign-on' });
  await expect(panel).toContainText(`Your Test Provider account must use ${email}.`);
  await page.screenshot({ path: test.info().outputPath('account-sso-unlinked.png'), fullPage: true });

  await panel.getByRole('link', { name: 'Link Test Provider sign-in' }).click();
  await expect(page.getByRole('heading', { name: 'Test provider sign-in' })).toBeVisible();
  await page.getByLabel('Login').fill(email);
  await page.getByRole('button', { name: 'Sign in at the provider' }).click();

  // Back on the account page, signed in as themselves, the provider linked.
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('region', { name: 'Single sign-on' })).toContainText(
    'You can now sign in with Test Provider.',
  );
  const me = await (await page.request.get('/api/auth/user')).json();
  expect(me).toMatchObject({ email, role: 'assessor' });
  await page.screenshot({ path: test.info().outputPath('account-sso-linked.png'), fullPage: true });
});
