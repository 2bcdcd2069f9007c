import { expect, test } from '@playwright/test';
import { admin } from './e2e-env';
import { hasNoHorizontalOverflow, signInThroughUi } from './support';
import { type OutcomeCohort, seedOutcomeCohort } from './unit-outcome-seed';

// Issue 29 §4 at 390x844: an assessor records the unit outcome from the Evidence Matrix's Unit column,
// and the student sees the Competent banner on their dashboard.

let cohort: OutcomeCohort;
test.beforeAll(async () => {
  cohort = await seedOutcomeCohort();
});

test('an assessor records Competent on a phone, and the student sees the Competent banner', async ({
  page,
  browser,
}) => {
  await signInThroughUi(page, cohort.assessor.email, cohort.assessor.password);
  await page.goto(`/matrix?unitId=${cohort.unitId}`);
  const row = page.getByTestId('matrix-row').filter({ hasText: cohort.student.name });
  await row.getByRole('button', { name: `Record the unit outcome of ${cohort.student.name}` }).click();

  const dialog = page.getByRole('dialog', { name: new RegExp(cohort.student.name) });
  await expect(dialog.getByTestId('unit-outcome-progress')).toHaveText(/2 of 2 tasks satisfactory/);
  await expect(dialog.getByTestId('unit-outcome-declaration')).toContainText('rules of evidence');
  const record = dialog.getByRole('button', { name: 'Record outcome' });
  await expect(dialog.getByRole('radio', { name: 'Competent', exact: true })).toBeChecked();
  // Nothing goes until there is a justification and the declaration is confirmed.
  await expect(record).toBeDisabled();
  await dialog.getByLabel('Justification').fill('Harness and anchors checked to the standard on site.');
  await expect(record).toBeDisabled();
  await dialog.getByLabel('I make this declaration').check();
  expect(await hasNoHorizontalOverflow(page)).toBe(true);
  await record.click();
  await expect(dialog).toBeHidden();
  await expect(
    row.getByRole('button', { name: /^Competent: see or replace the unit outcome/ }),
  ).toBeVisible();
  // On a phone the outcome shows under the name too, without scrolling to the Unit column.
  await expect(row.getByTestId('matrix-name-progress')).toContainText('C');

  const studentContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const student = await studentContext.newPage();
  await signInThroughUi(student, cohort.student.email, cohort.student.password);
  const banner = student.getByTestId('unit-outcome-banner');
  await expect(banner).toContainText(`Competent in ${cohort.unitCode}`);
  await expect(banner).toBeInViewport();
  await studentContext.close();

  // An admin follows it read-only, as grading: the outcome opens, nothing to record.
  const adminContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const adminPage = await adminContext.newPage();
  await signInThroughUi(adminPage, admin.email, admin.password);
  await adminPage.goto(`/matrix?unitId=${cohort.unitId}`);
  const adminRow = adminPage.getByTestId('matrix-row').filter({ hasText: cohort.student.name });
  await adminRow.getByRole('button', { name: /^Competent: see the unit outcome/ }).click();
  await expect(adminPage.getByTestId('standing-outcome')).toContainText('Harness and anchors checked');
  await expect(adminPage.getByTestId('unit-outcome-read-only')).toBeVisible();
  await expect(adminPage.getByRole('button', { name: 'Record outcome' })).toHaveCount(0);
  await adminContext.close();
});
