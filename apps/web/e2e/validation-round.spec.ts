import { join } from 'node:path';
import { listOutbox } from '@evident/mail/outbox-reader';
import { expect, type Page, test } from '@playwright/test';
import { completedStudent } from './completed-student-seed';
import { admin, e2eDataDir } from './e2e-env';
import { expectToast, signInThroughUi, uniqueEmail } from './support';

// Issue 30 §2 end to end on a phone: an admin adds a validator with a TAE40122 credential and makes a
// round on a unit with a completed student; the validator, mailed both links, sees only Validation,
// opens the record's evidence, reviews it and the tool; the admin sees both reviews and closes the round.

test.use({ viewport: { width: 390, height: 844 } });

/** The newest mail to `to` whose subject holds `subject`: its first link to the app, as a path. */
async function mailedPath(to: string, subject: string, pattern: RegExp): Promise<string> {
  let path = '';
  await expect
    .poll(() => {
      const mail = listOutbox(join(e2eDataDir, 'outbox')).find(
        (m) => m.to === to && m.subject.includes(subject),
      );
      const link = mail?.text.match(pattern)?.[0];
      if (link) path = `${new URL(link).pathname}${new URL(link).search}`;
      return Boolean(link);
    })
    .toBe(true);
  return path;
}

/** A searchable select of the 'Make a validation round' form: type, then pick the option. */
async function chooseOption(page: Page, label: string, typed: string, option: RegExp) {
  const form = page.getByRole('region', { name: 'Make a validation round' });
  const input = form.getByRole('combobox', { name: label });
  await input.click();
  await input.fill(typed);
  await page.getByRole('option', { name: option }).click();
}

test('a validation round: validator added and named, reviews on a phone, admin sees them', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const { unitCode, studentName, assessorName } = await completedStudent();
  expect((await page.request.post('/api/auth/login', { data: admin })).ok()).toBe(true);

  // The admin adds Vera as a validator, and records her TAE40122 on the screen that follows.
  const email = uniqueEmail('validator');
  // A name of her own for this run: a retry adds another validator, and two 'Vera Lidator' options
  // would leave the pick below ambiguous.
  const lastName = `Lidator ${email.replace(/^validator-|@.*$/g, '').replaceAll('-', '')}`;
  const fullName = `Vera ${lastName}`;
  await page.goto('/admin/users');
  await page.getByRole('button', { name: 'Add validator' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a validator' });
  await dialog.getByLabel(/^First name/).fill('Vera');
  await dialog.getByLabel(/^Last name/).fill(lastName);
  await dialog.getByLabel(/^Email/).fill(email);
  await dialog.getByRole('button', { name: 'Add validator' }).click();
  await expectToast(page, 'Validator added');
  await expect(page.getByRole('heading', { level: 1, name: `Credentials: ${fullName}` })).toBeVisible();
  await page.getByLabel('Code').fill('TAE40122');
  await page.getByLabel('Title').fill('Certificate IV in Training and Assessment');
  await page.getByLabel('Date held').fill('2024-03-01');
  await page.getByRole('button', { name: 'Record Credential' }).click();
  await expect(page.getByText('TAE40122', { exact: false }).first()).toBeVisible();

  // A round on the unit, its one completed student, Vera validating.
  await page.goto('/admin/validation');
  await chooseOption(page, 'Unit', unitCode, new RegExp(unitCode));
  await expect(
    page.getByRole('region', { name: 'Make a validation round' }).getByText('1 student completed this unit'),
  ).toBeVisible();
  await page.getByRole('textbox', { name: 'Sample size' }).fill('1');
  await chooseOption(page, 'Validators', lastName, new RegExp(fullName));
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Make Round' }).click();
  await expectToast(page, 'Validation round made');
  // The admin keeps the round open while Vera works: her reviews appear on it without a reload.
  await page.getByTestId('validation-round').filter({ hasText: unitCode }).getByRole('link').click();
  await expect(page.getByText('0 of 1 record reviews done')).toBeVisible();

  // Vera chooses her password from her mail, signs in, and opens the round from its mail.
  const setPassword = await mailedPath(
    email,
    'You are a validator',
    /https?:\/\/\S+reset-password\?token=\S+/,
  );
  const roundPath = await mailedPath(
    email,
    `Validation round: ${unitCode}`,
    /https?:\/\/\S+\/validation\/\S+/,
  );
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const vera = await phone.newPage();
  await vera.goto(setPassword);
  await vera.getByLabel(/^New password/).fill('validator-password');
  await vera.getByLabel(/^Confirm password/).fill('validator-password');
  await vera.getByRole('button', { name: 'Reset Password' }).click();
  await expect(vera.getByText('Password Updated')).toBeVisible();
  // The page takes her home by itself two seconds later; a sign-in begun before then can be overtaken.
  await expect(vera).toHaveURL(/\/$/, { timeout: 5_000 });
  await signInThroughUi(vera, email, 'validator-password');

  // Her home is her rounds, and her menu holds Validation alone.
  await expect(vera.getByRole('heading', { level: 1, name: 'My validation rounds' })).toBeVisible();
  await vera.getByRole('button', { name: 'Open menu' }).click();
  const nav = vera.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText(['Validation']);
  await vera.keyboard.press('Escape');
  await vera.goto('/grading');
  await expect(vera).toHaveTitle(/Page not found/);

  await vera.goto(roundPath);
  await expect(vera.getByRole('heading', { level: 1, name: `Validation: ${unitCode}` })).toBeVisible();
  const record = vera.getByTestId('sampled-record').filter({ hasText: studentName });
  await expect(record).toContainText(`Judged by ${assessorName}`);
  await record.getByRole('button', { name: 'Show evidence' }).click();
  await expect(record.getByText('1. Inspect the harness')).toBeVisible();
  await expect(record.getByRole('link', { name: 'site-40.jpg' }).first()).toBeVisible();
  await expect(record.getByText('Satisfactory').first()).toBeVisible();
  await expect(record.getByRole('link', { name: `Assessment record of ${studentName} (PDF)` })).toBeVisible();

  await record.getByRole('radio', { name: 'Yes, I agree' }).check();
  await record.getByLabel('Why').fill('Each photo shows the step the task asks for; the decision fits.');
  await record.getByRole('button', { name: 'Record Review' }).click();
  await expect(record.getByText('Agrees')).toBeVisible();
  await vera.getByLabel('Findings on the tasks and their coverage').fill('Two tasks cover the harness only.');
  await vera.getByLabel('Recommended changes').fill('Add a task on rescue planning.');
  await vera.getByRole('button', { name: 'Record Tool Review' }).click();
  await expect(vera.getByText('Findings: Two tasks cover the harness only.')).toBeVisible();
  await phone.close();

  // The admin sees both reviews on the round, on the screen left open.
  await expect(page.getByText('1 of 1 record reviews done')).toBeVisible();
  const reviewed = page.getByTestId('sampled-record').filter({ hasText: studentName });
  await expect(reviewed.getByText('Agrees')).toBeVisible();
  await expect(reviewed).toContainText(`${fullName}: Each photo shows the step the task asks for`);
  await expect(page.getByText('Findings: Two tasks cover the harness only.')).toBeVisible();
  await expect(page.getByText('Recommended: Add a task on rescue planning.')).toBeVisible();

  // Every review is in: the admin closes the round, and it takes no more.
  await page.getByRole('button', { name: 'Close round' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Close round' }).click();
  await expectToast(page, 'Round closed');
  await expect(page.getByText(/^Closed .* No more reviews are taken\./)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close round' })).toHaveCount(0);
});
