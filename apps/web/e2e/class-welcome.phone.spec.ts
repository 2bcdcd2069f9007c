import { join } from 'node:path';
import { listOutbox } from '@evident/mail/outbox-reader';
import { expect, type Page, test } from '@playwright/test';
import { classUnit, signInAsAdmin } from './classes-seed';
import { e2eDataDir } from './e2e-env';
import { expectSignedIn, hasNoHorizontalOverflow, uniqueEmail } from './support';

/** The welcome link in the newest invitation mail to this address, as a path on this server. */
async function welcomeLinkFor(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(() => {
      const message = listOutbox(join(e2eDataDir, 'outbox')).find(
        (m) => m.to === email && /invited you to/.test(m.subject),
      );
      link = message?.text.match(/https?:\/\/\S+\/welcome\?token=\S+/)?.[0];
      return Boolean(link);
    })
    .toBe(true);
  const url = new URL(link ?? '');
  return `${url.pathname}${url.search}`;
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test('an invited student goes from the mailed link to their dashboard with the class unit, signed in', async ({
  page,
  browser,
}) => {
  // The admin enrols a new person by email, in a browser of their own.
  const adminPage = await (await browser.newContext()).newPage();
  await signInAsAdmin(adminPage);
  const adminName = await adminPage.request
    .get('/api/auth/user')
    .then((answer) => answer.json() as Promise<{ firstName: string; lastName: string }>)
    .then((me) => `${me.firstName} ${me.lastName}`);
  const unit = await classUnit(adminPage);
  const className = `Forklift night class ${Date.now().toString(36)}`;
  const created = await adminPage.request.post('/api/admin/classes', {
    data: { name: className, unitIds: [unit.id] },
  });
  expect(created.ok()).toBe(true);
  const { id } = (await created.json()) as { id: string };
  const email = uniqueEmail('welcome');
  const enrolled = await adminPage.request.post(`/api/admin/classes/${id}/students`, {
    data: { emails: [`Wanda Welcome <${email}>`] },
  });
  expect(enrolled.ok()).toBe(true);
  await adminPage.context().close();

  const link = await welcomeLinkFor(email);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: `Welcome to ${className}, Wanda` })).toBeVisible();
  await expect(page.getByText(`Invited by ${adminName}`)).toBeVisible();
  const units = page.getByRole('region', { name: 'Your unit' });
  await expect(units).toContainText(unit.unitCode);
  await expect(units).toContainText(unit.title);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  expect(await hasNoHorizontalOverflow(page)).toBe(true);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await shoot(page, `welcome-390-${scheme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });

  // A mistyped confirmation is said beside its field, which takes the focus.
  await page.getByLabel(/^Password/).fill('night-shift-forklift');
  await page.getByLabel('Confirm password').fill('night-shift-forklit');
  await page.getByRole('button', { name: 'Set password and join' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await expect(page.getByLabel('Confirm password')).toBeFocused();
  await expect(page.getByLabel('Confirm password')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Confirm password').fill('night-shift-forklift');
  await page.getByRole('button', { name: 'Set password and join' }).click();
  // Signed in, on the dashboard, which opens on the class's unit with its task.
  await expect(page).toHaveURL(/\/$/);
  await expectSignedIn(page);
  await expect(page.getByTestId('unit-code')).toHaveText(unit.unitCode);
  await expect(page.getByText(unit.taskTitle).first()).toBeVisible();
  const me = await (await page.request.get('/api/auth/user')).json();
  expect(me).toMatchObject({ email, role: 'student' });
  await shoot(page, 'welcome-dashboard-390');

  // The link is spent: opened again (signed out, in another browser), it says so and offers a new one.
  const later = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await later.goto(link);
  await expect(
    later.getByRole('heading', { level: 1, name: 'This invitation link does not work' }),
  ).toBeVisible();
  await expect(later.getByRole('alert').filter({ hasText: 'already been used' })).toBeVisible();
  await later.getByRole('button', { name: 'Email me a new link' }).click();
  await expect(later.getByRole('status')).toContainText(
    'If this link came from us, a new one is on its way to the email address it was sent to.',
  );
  expect(await hasNoHorizontalOverflow(later)).toBe(true);
  await shoot(later, 'welcome-used-390');
  await later.context().close();
});
