import { expect, test } from '@playwright/test';
import { type MatrixCohort, seedMatrixCohort } from './matrix-seed';
import { chooseFilter, expectCohortCells, exportCsv, openCohortMatrix, row } from './matrix-steps';
import { hasNoHorizontalOverflow } from './support';

let cohort: MatrixCohort;
test.beforeAll(async () => {
  cohort = await seedMatrixCohort();
});

test('on a phone the matrix scrolls sideways inside its box with the names pinned, and filters and exports', async ({
  page,
}) => {
  await openCohortMatrix(page, cohort);
  await expectCohortCells(page);
  expect(await hasNoHorizontalOverflow(page)).toBe(true);

  const name = row(page, 'Avery Archer').getByRole('rowheader');
  const before = await name.boundingBox();
  await page.getByTestId('evidence-matrix').evaluate((box) => {
    box.scrollLeft = box.scrollWidth;
  });
  await expect(row(page, 'Avery Archer').getByTestId('matrix-progress')).toBeInViewport();
  expect((await name.boundingBox())?.x).toBe(before?.x);
  await expect(name).toBeInViewport();

  await chooseFilter(page, 'Complete');
  await expect(page.getByText('No students match the selected filters')).toBeVisible();
  await chooseFilter(page, 'All Students');
  await expect(page.getByTestId('matrix-row')).toHaveCount(3);
  const csv = await exportCsv(page);
  expect(csv.trim().split('\r\n')).toHaveLength(4);
});

test("on a phone each student's progress shows under their name, without scrolling past the tasks", async ({
  page,
}) => {
  await openCohortMatrix(page, cohort);
  const matrix = page.getByTestId('evidence-matrix');
  await expect(matrix).toHaveJSProperty('scrollLeft', 0);
  for (const name of ['Avery Archer', 'Blake Brown', 'Casey Clark']) {
    const progress = row(page, name).getByRole('rowheader').getByTestId('matrix-name-progress');
    await expect(progress).toBeInViewport({ ratio: 1 });
    await expect(progress).toContainText('0%');
    await expect(progress).toContainText('0/3');
  }
  await page.screenshot({ path: 'test-results/first-use/phone-matrix-progress.png' });
});
