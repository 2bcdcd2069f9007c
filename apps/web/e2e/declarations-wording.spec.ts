import { expect, test } from '@playwright/test';
import { admin } from './e2e-env';
import { expectToast, studentWithUnit } from './support';

/**
 * Issue 29 §3: an admin publishes new wording of the student's declaration on the settings screen:
 * a new version, with version 1 kept in the history, and the next student to upload reads it.
 * The new wording keeps version 1's words (other specs running beside this one look for them).
 */
const added = 'I also confirm that anyone shown in my evidence agreed to be photographed.';

test("an admin publishes a new version of the student's declaration; the history keeps version 1 and students read the new one", async ({
  page,
  browser,
}) => {
  expect((await page.request.post('/api/auth/login', { data: admin })).ok()).toBe(true);
  await page.goto('/admin/settings');
  const panel = page.getByTestId('declaration-student');
  await expect(panel.getByRole('heading', { name: "Student's declaration" })).toBeVisible();
  const wording = panel.getByLabel('Wording');
  const before = await wording.inputValue();
  const version = Number((await panel.getByTestId('declaration-version').textContent())?.replace(/\D/g, ''));
  const publish = panel.getByRole('button', { name: `Publish version ${version + 1}` });
  await expect(publish).toBeDisabled();

  await wording.fill(`${before}\n\n${added}`);
  await publish.click();
  await expectToast(page, 'Declaration published');
  await expect(panel.getByTestId('declaration-version')).toHaveText(`Version ${version + 1}`);
  const history = panel.getByTestId('declaration-history');
  await expect(
    history.getByRole('button', { name: new RegExp(`^Version ${version + 1} \\(in force\\)`) }),
  ).toBeVisible();
  await history.getByRole('button', { name: /^Version 1\b/ }).click();
  await expect(history).toContainText('Shipped with Evident');
  await expect(history).toContainText('The evidence I am submitting is my own work');

  // A student opening the declaration now reads the new version.
  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  try {
    await studentWithUnit(student);
    await student.getByTestId('add-evidence').first().click();
    const dialog = student.getByRole('dialog', { name: 'Your declaration' });
    await expect(dialog.getByTestId('declaration-text')).toContainText(added);
    await expect(dialog).toContainText(`Declaration version ${version + 1}.`);
  } finally {
    await studentContext.close();
  }
});
