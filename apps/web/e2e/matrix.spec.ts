import { expect, test } from '@playwright/test';
import { type MatrixCohort, seedMatrixCohort } from './matrix-seed';
import { chooseFilter, expectCohortCells, exportCsv, openCohortMatrix, row } from './matrix-steps';
import { expectToast } from './support';

let cohort: MatrixCohort;
test.beforeAll(async () => {
  cohort = await seedMatrixCohort();
});

test('an assessor sees each student against each task, filters, opens a cell and exports what is shown', async ({
  page,
}) => {
  await openCohortMatrix(page, cohort);
  const legend = page.getByTestId('matrix-legend');
  for (const label of ['Satisfactory', 'Submitted', 'NYS', 'Pending']) {
    await expect(legend.getByText(label, { exact: true })).toBeVisible();
  }
  await expectCohortCells(page);

  // Nobody has every task signed off: Complete hides everyone, and says so.
  await chooseFilter(page, 'Complete');
  await expect(page.getByText('No data available')).toBeVisible();
  await expect(page.getByText('No students match the selected filters')).toBeVisible();
  const emptyExport = await exportCsv(page);
  expect(emptyExport.trim().split('\r\n')).toHaveLength(1);

  await chooseFilter(page, 'Incomplete');
  await expect(page.getByTestId('matrix-row')).toHaveCount(3);
  const csv = await exportCsv(page);
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe(
    'First Name,Last Name,Email,Task 1: Inspect the harness,Task 2: Check the anchor points,Task 3: Brief the rescue plan,Progress (%),Satisfied,Tasks,Unit',
  );
  expect(lines.slice(1).map((line) => line.split(',').slice(0, 2).join(' '))).toEqual([
    'Avery Archer',
    'Blake Brown',
    'Casey Clark',
  ]);
  expect(lines[1]).toContain('Submitted - 1 file,Submitted - 1 file,Pending - 0 files,0,0,3,');

  await row(page, 'Avery Archer').getByRole('button', { name: 'Submitted - 1 file' }).nth(1).click();
  const dialog = page.getByRole('dialog');
  await expect(
    dialog.getByRole('heading', { name: 'Avery Archer · Task 2 Check the anchor points' }),
  ).toBeVisible();
  await expect(dialog.getByTestId('evidence-file')).toHaveCount(1);
  await expect(dialog.getByRole('link', { name: 'Download site-photo-1.jpg' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close submission' }).click();

  // Email Outstanding: the confirm says how many, the toast how many went.
  await page.getByRole('button', { name: 'Email Outstanding' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm.getByText('Email 3 students a list of their outstanding tasks?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Email 3 students' }).click();
  await expectToast(page, 'Reminders sent', 'Emailed 3 students about their outstanding tasks');
});
