import { expect, type Page, test } from '@playwright/test';
import { classUnit, signInAsAdmin } from './classes-seed';
import { admin } from './e2e-env';
import { expectSignedIn, expectToast, ownAddress, registerThroughUi, uniqueEmail } from './support';

async function confirm(page: Page, label: string) {
  await page.getByRole('dialog').getByRole('button', { name: label }).click();
}

test('an admin creates a class, enrols students by picking and by pasting emails, ends an enrolment and archives it', async ({
  page,
  browser,
}) => {
  const student = {
    firstName: 'Cleo',
    lastName: 'Classmate',
    email: uniqueEmail('class-pick'),
    password: 'class-password',
  };
  const theirs = await (await browser.newContext()).newPage();
  await registerThroughUi(theirs, student);
  await theirs.context().close();

  await signInAsAdmin(page);
  const unit = await classUnit(page);
  await page.goto('/admin');
  await page.getByRole('navigation').first().getByRole('link', { name: 'Classes' }).click();
  await expect(page).toHaveURL(/\/admin\/classes$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Classes' })).toBeVisible();

  const name = `Forklift ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'Create Class' }).first().click();
  const form = page.getByRole('dialog', { name: 'Create class' });
  // The form says what is missing before anything is sent.
  await form.getByRole('button', { name: 'Create class' }).click();
  await expect(form.getByRole('alert')).toContainText('Class name is required');
  await form.getByLabel('Class name').fill(name);
  await form.getByRole('button', { name: 'Create class' }).click();
  await expect(form.getByRole('alert')).toContainText('Choose at least one unit');
  await form.getByRole('combobox', { name: 'Units' }).fill(unit.unitCode);
  await page.getByRole('option', { name: new RegExp(unit.unitCode) }).click();
  await form.getByLabel('Starts on').fill('2099-03-01');
  await form.getByLabel('Ends on').fill('2099-02-01');
  await form.getByRole('button', { name: 'Create class' }).click();
  await expect(form.getByRole('alert')).toContainText('The end date cannot be before the start date');
  await form.getByLabel('Ends on').fill('2099-06-30');
  await form.getByRole('button', { name: 'Create class' }).click();
  await expectToast(page, 'Class created', name);

  await expect(page).toHaveURL(/\/admin\/classes\/[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Units' })).toContainText(unit.unitCode);
  const link = await page.getByLabel('Class invitation link').inputValue();
  expect(link).toMatch(/\/join\/[\w-]+$/);

  // Pick a person by a search on the server.
  const students = page.getByRole('region', { name: /^Students/ });
  const current = page.getByRole('list', { name: 'Current students' });
  await students.getByRole('combobox', { name: 'Enrol students' }).fill(student.email);
  await page.getByRole('option', { name: /Cleo Classmate/ }).click();
  await students.getByRole('button', { name: 'Enrol', exact: true }).click();
  await expectToast(page, 'Students enrolled', '1 student added');
  await expect(current.getByRole('listitem').filter({ hasText: student.email })).toBeVisible();

  // Paste emails: a newcomer gets an account and an invitation; an admin's address is refused, by row.
  const newcomer = uniqueEmail('class-newcomer');
  await students.getByText('Paste emails').click();
  await students.getByLabel('Student emails').fill(`Nova Newcomer <${newcomer}>, ${admin.email}`);
  await students.getByRole('button', { name: 'Enrol 2 emails' }).click();
  // The results say at a glance that one was refused (the title), then each email's outcome.
  const results = page.getByRole('alert', { name: '1 not enrolled' });
  await expect(results.getByRole('listitem').filter({ hasText: admin.email })).toContainText(
    'Not enrolled: this account is not a student',
  );
  await expect(results.getByRole('listitem').filter({ hasText: newcomer })).toContainText(
    'Invited: new account, invitation mailed',
  );
  await expect(current.getByRole('listitem').filter({ hasText: 'Nova Newcomer' })).toContainText(
    'Invitation sent',
  );
  await expect(page.getByRole('heading', { name: 'Students (2)' })).toBeVisible();

  // Ending an enrolment keeps it, listed as ended.
  await current
    .getByRole('listitem')
    .filter({ hasText: student.email })
    .getByRole('button', { name: 'End enrolment' })
    .click();
  await confirm(page, 'End enrolment');
  await expectToast(page, 'Enrolment ended');
  await expect(page.getByRole('heading', { name: 'Ended enrolments (1)' })).toBeVisible();
  await expect(students).toContainText(/Cleo Classmate: .* ended by/);

  // The list shows the class with its counts.
  await page.getByRole('link', { name: 'Back to Classes' }).click();
  await expect(page.getByRole('link', { name: new RegExp(name) })).toContainText('1 student · 0 assessors');

  await page.screenshot({ path: test.info().outputPath('classes-1280-light.png'), fullPage: true });
  await page.getByRole('link', { name: new RegExp(name) }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('class-detail-1280-light.png'), fullPage: true });
  // Dark, as the system asks (the app follows it until someone picks a theme): switched live.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.screenshot({ path: test.info().outputPath('class-detail-1280-dark.png'), fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.getByRole('button', { name: 'Archive' }).click();
  await confirm(page, 'Archive');
  await expectToast(page, 'Class archived');
  await expect(page.getByText(/Archived$/).first()).toBeVisible();
  await expect(page.getByLabel('Class invitation link')).toHaveCount(0);
});

test('a signed-out student opens the invitation link, signs up, comes back to confirm and finds the tasks', async ({
  page,
}) => {
  await signInAsAdmin(page);
  const unit = await classUnit(page);
  const name = `Link class ${Date.now().toString(36)}`;
  const created = await page.request.post('/api/admin/classes', { data: { name, unitIds: [unit.id] } });
  expect(created.ok()).toBe(true);
  const { inviteCode } = (await created.json()) as { inviteCode: string };
  await page.context().clearCookies();

  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': ownAddress() });
  await page.goto(`/join/${inviteCode}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText(unit.title)).toBeVisible();
  await page.getByRole('button', { name: 'Sign Up' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^First name/).fill('Jo');
  await dialog.getByLabel(/^Last name/).fill('Joiner');
  await dialog.getByLabel(/^Email/).fill(uniqueEmail('joiner'));
  await dialog.getByLabel(/^Password/).fill('joining-password');
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expectSignedIn(page);

  // Back on the invitation, now as a student: confirm.
  await expect(page).toHaveURL(new RegExp(`/join/${inviteCode}$`));
  await expect(page.getByText(`Join ${name}?`)).toBeVisible();
  await page.getByRole('button', { name: 'Join class' }).click();
  await expectToast(page, `Joined ${name}`, unit.unitCode);
  await expect(page.getByText(unit.taskTitle).first()).toBeVisible();

  // Opening the link again says they are in.
  await page.goto(`/join/${inviteCode}`);
  await expect(page.getByText('You are in this class')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Join class' })).toHaveCount(0);

  // A made-up code says what to do.
  await page.goto('/join/not-a-real-code');
  await expect(page.getByRole('alert')).toContainText('This invitation link is not valid');
});
