import { expect, type Page, test } from '@playwright/test';
import { type MatrixCohort, seedMatrixCohort } from './matrix-seed';
import { row } from './matrix-steps';
import { signInThroughUi } from './support';

const taskCount = 30;
let cohort: MatrixCohort;
test.beforeAll(async () => {
  cohort = await seedMatrixCohort({ moreTasks: taskCount - 3 });
});

/** Which student's row and which task column the focused cell is in: `0:12`. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const cell = document.activeElement as HTMLElement | null;
    const student = cell?.closest<HTMLElement>('[data-student]')?.dataset.student;
    return `${student ?? '?'}:${cell?.dataset.task ?? cell?.tagName ?? '?'}`;
  });
}

test('on a phone a wide matrix keeps only the task columns in view in the page, and Tab still reaches every cell in order', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInThroughUi(page, cohort.assessor.email, cohort.assessor.password);
  // By its address: this cohort's unit, whatever other units the suite has made.
  await page.goto(`/matrix?unitId=${cohort.unitId}`);
  await expect(page.getByTestId('matrix-count')).toHaveText(`3 students · ${taskCount} tasks`);
  const table = page.getByRole('table', { name: 'Evidence matrix' });
  await expect(table).toHaveAttribute('aria-colcount', String(taskCount + 3));
  await expect(page.getByRole('columnheader')).toHaveCount(taskCount + 3);

  // A few columns a row, not thirty; each cell says which column of all it is.
  const avery = row(page, 'Avery Archer');
  const cells = avery.locator('button[data-task]');
  expect(await cells.count()).toBeLessThan(taskCount / 2);
  await expect(avery.locator('td').first()).toHaveAttribute('aria-colindex', '2');
  await expect(avery.getByTestId('matrix-progress')).toHaveAttribute('aria-colindex', String(taskCount + 2));

  // Through Avery's row, one column at a time, and on to the next student's first task.
  await avery.locator('button[data-task="0"]').focus();
  const order = [await focused(page)];
  for (let i = 0; i < taskCount; i++) {
    await page.keyboard.press('Tab');
    order.push(await focused(page));
  }
  const averyIndex = (await avery.getAttribute('data-student')) ?? '';
  const nextIndex = String(Number(averyIndex) + 1);
  expect(order).toEqual([
    ...Array.from({ length: taskCount }, (_, i) => `${averyIndex}:${i}`),
    `${nextIndex}:0`,
  ]);
  // And back: Shift+Tab from the next student's first task reaches Avery's last, then the one before.
  await page.keyboard.press('Shift+Tab');
  expect(await focused(page)).toBe(`${averyIndex}:${taskCount - 1}`);
  await page.keyboard.press('Shift+Tab');
  expect(await focused(page)).toBe(`${averyIndex}:${taskCount - 2}`);
  // The box has scrolled to the focused cell.
  await expect(page.locator(':focus')).toBeInViewport();
});
