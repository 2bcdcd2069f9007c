import { expect, test } from '@playwright/test';
import { confirmAssessorDeclaration } from './declaration-steps';
import { admin } from './e2e-env';
import { showStudent } from './grading-flows';
import { hasNoHorizontalOverflow, signInThroughUi } from './support';
import { type OutcomeCohort, seedOutcomeCohort } from './unit-outcome-seed';

// Issue 29 §4 at 390x844: an assessor records the unit outcome from the Evidence Matrix's Unit column,
// and the student sees the Competent banner on their dashboard; or from the grading screen, once the
// decision there leaves every task satisfactory.

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

test('an assessor who marks the last task Satisfactory on the grading screen records the unit outcome there', async ({
  page,
}) => {
  const waiting = await seedOutcomeCohort({ studentName: ['Blair', 'Byrne'], lastTaskWaiting: true });
  const name = waiting.student.name;
  await signInThroughUi(page, waiting.assessor.email, waiting.assessor.password);
  await page.goto('/grading');
  await showStudent(page, name);
  const card = page.getByTestId('submission-card').filter({ hasText: waiting.waitingTask ?? '' });
  // One task is still waiting: nothing is offered yet.
  await expect(page.getByTestId('unit-outcome-offer')).toHaveCount(0);
  await card.getByRole('button', { name: 'Satisfactory', exact: true }).click();
  await confirmAssessorDeclaration(page);
  await expect(card).toHaveCount(0);

  const offer = page.getByTestId('unit-outcome-offer').filter({ hasText: name });
  await expect(offer).toContainText(`${name} has every task in ${waiting.unitCode} satisfactory`);
  await expect(offer).toBeInViewport();
  expect(await hasNoHorizontalOverflow(page)).toBe(true);
  await offer.getByRole('button', { name: `Record unit outcome for ${name} in ${waiting.unitCode}` }).click();

  const dialog = page.getByRole('dialog', { name: new RegExp(name) });
  await expect(dialog.getByTestId('unit-outcome-progress')).toHaveText(/2 of 2 tasks satisfactory/);
  await expect(dialog.getByRole('radio', { name: 'Competent', exact: true })).toBeChecked();
  await dialog
    .getByLabel('Justification')
    .fill('Both tasks observed to the standard; the photos are current.');
  await dialog.getByLabel('I make this declaration').check();
  await dialog.getByRole('button', { name: 'Record outcome' }).click();
  await expect(dialog).toBeHidden();

  // The outcome now stands: the grading screen shows it instead of the offer, as the matrix does.
  await expect(offer).toContainText(`${name}: Competent in ${waiting.unitCode}`);
  await offer.getByRole('button', { name: `View unit outcome for ${name} in ${waiting.unitCode}` }).click();
  await expect(page.getByTestId('standing-outcome')).toContainText('Both tasks observed to the standard');
  await page.getByRole('button', { name: 'Close unit outcome' }).click();
  await page.goto(`/matrix?unitId=${waiting.unitId}`);
  const row = page.getByTestId('matrix-row').filter({ hasText: name });
  await expect(
    row.getByRole('button', { name: /^Competent: see or replace the unit outcome/ }),
  ).toBeVisible();
});
