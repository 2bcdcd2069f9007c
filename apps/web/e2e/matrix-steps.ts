import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import type { MatrixCohort } from './matrix-seed';
import { signInThroughUi } from './support';

/** Signs the cohort's assessor in (their home is the matrix) and picks the cohort's unit. */
export async function openCohortMatrix(page: Page, cohort: MatrixCohort): Promise<void> {
  await signInThroughUi(page, cohort.assessor.email, cohort.assessor.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Evidence Matrix' })).toBeVisible();
  await expect(page.getByText('Overview of all student progress and submissions')).toBeVisible();
  await page.getByRole('combobox', { name: 'Unit' }).click();
  await page.getByRole('option', { name: new RegExp(`^${cohort.unitCode}`) }).click();
  await expect(page.getByTestId('matrix-count')).toHaveText('3 students · 3 tasks');
}

export function row(page: Page, name: string) {
  return page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(name) }) });
}

/** Each cell's box shows its file count (or '-') and is labelled 'status - count files'. */
export async function expectCohortCells(page: Page): Promise<void> {
  const avery = row(page, 'Avery Archer');
  await expect(avery.getByRole('button', { name: 'Submitted - 1 file' })).toHaveText(['1', '1']);
  await expect(avery.getByRole('button', { name: 'Pending - 0 files' })).toHaveCount(1);
  await expect(avery.getByTestId('matrix-progress')).toContainText('0%');
  await expect(avery.getByTestId('matrix-progress')).toContainText('0/3');
  const blake = row(page, 'Blake Brown');
  await expect(blake.getByRole('button', { name: 'Submitted - 1 file' })).toHaveText('1');
  await expect(blake.getByRole('button', { name: 'Pending - 0 files' })).toHaveCount(2);
  const casey = row(page, 'Casey Clark');
  // A pending cell opens too: the empty task, where an assessor may observe the student at work.
  await expect(casey.getByRole('button', { name: 'Pending - 0 files' })).toHaveCount(3);
  await expect(page.getByRole('columnheader', { name: /Task 2.*Check the anchor points/ })).toBeVisible();
}

export async function chooseFilter(page: Page, label: 'All Students' | 'Complete' | 'Incomplete') {
  await page.getByTestId('matrix-filter').getByText(label, { exact: true }).click();
}

/** Clicks Export and answers the downloaded file's text (BOM checked and removed). */
export async function exportCsv(page: Page): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export' }).click(),
  ]);
  const path = await download.path();
  const bytes = readFileSync(path);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return bytes.subarray(3).toString('utf8');
}
