import { expect, type Page, test } from '@playwright/test';
import { type ClassScopeCohort, seedClassScope } from './class-scope-seed';
import { type ClassScopeServer, classScopeUrl, startClassScopeServer } from './class-scope-server';
import { admin } from './e2e-env';
import { signInThroughUi } from './support';

/**
 * Issue 19: an assessor sees her class and the students in no class, filters grading and the matrix
 * by class (remembered), and an admin opens both as themselves, grading read-only. On a server of its
 * own (class-scope-server.ts), since classes are written into its database directly.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });
test.use({ baseURL: classScopeUrl });

let server: ClassScopeServer;
let cohort: ClassScopeCohort;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startClassScopeServer();
  cohort = await seedClassScope(server);
});
test.afterAll(async () => {
  await server?.stop();
});

const shots = process.env.CLASS_SCOPE_SHOTS;

async function screenshots(page: Page, name: string): Promise<void> {
  if (!shots) return;
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [width, height] of [
      [390, 844],
      [1280, 800],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${shots}/${name}-${width}x${height}-${scheme}.png`, fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function chooseClass(page: Page, name: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Class' }).click();
  await page.getByRole('option', { name, exact: true }).click();
}

test('an assessor grades her class and the students in no class, and filters by class, remembered', async ({
  page,
}) => {
  await signInThroughUi(page, cohort.annie.email, cohort.annie.password);
  await page.goto('/grading');
  const pager = page.getByTestId('pager-student');
  // Xena (Class X, hers) and Nora (no class); never Yuri of Class Y.
  await expect(pager).toHaveText('Xena Inclass');
  await expect(page.getByText('Student 1 of 2')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Class' })).toHaveValue('All my students');
  await page.getByRole('button', { name: 'Next student' }).click();
  await expect(pager).toHaveText('Nora Noclass');

  await chooseClass(page, 'Class X');
  await expect(pager).toHaveText('Xena Inclass');
  await expect(page.getByText('Student 1 of 1')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Satisfactory', exact: true })).toBeVisible();
  await screenshots(page, 'grading-class-x');

  // Remembered on the server: the matrix opens on the same class, and so does a fresh page.
  await page.goto('/matrix');
  await expect(page.getByRole('combobox', { name: 'Class' })).toHaveValue('Class X');
  await expect(page.getByTestId('matrix-count')).toHaveText('1 student · 2 tasks');
  await expect(page.getByRole('rowheader', { name: /Xena Inclass/ })).toBeVisible();
  await screenshots(page, 'matrix-class-x');
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Class' })).toHaveValue('Class X');

  await chooseClass(page, 'All my students');
  await expect(page.getByTestId('matrix-count')).toHaveText('2 students · 2 tasks');
  await expect(page.getByRole('rowheader', { name: /Yuri/ })).toHaveCount(0);
  await expect(page).toHaveURL(/\/matrix$/);

  // One class and one unit by address; another assessor's class is not hers to open.
  await page.goto(`/matrix?classId=${cohort.classX}`);
  await expect(page.getByTestId('matrix-count')).toHaveText('1 student · 2 tasks');
  await page.goto(`/matrix?classId=${cohort.classY}`);
  await expect(page.getByText('Class not found')).toBeVisible();
});

test('an admin opens Grading and the Evidence Matrix from the nav, every student, grading read-only', async ({
  page,
}) => {
  await signInThroughUi(page, admin.email, admin.password);
  await page.getByRole('link', { name: 'Grading' }).first().click();
  await expect(page).toHaveURL(/\/grading$/);
  await expect(page.getByTestId('grading-read-only')).toContainText('Admins see grading read-only');
  await expect(page.getByText('Student 1 of 3')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Satisfactory', exact: true })).toHaveCount(0);
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Class' })).toHaveValue('All students');
  await chooseClass(page, 'Class Y');
  await expect(page.getByTestId('pager-student')).toHaveText('Yuri Otherclass');
  await screenshots(page, 'grading-admin-class-y');

  await page.getByRole('link', { name: 'Evidence Matrix' }).first().click();
  await expect(page).toHaveURL(/\/matrix/);
  await expect(page.getByTestId('matrix-count')).toHaveText('1 student · 2 tasks');
  await chooseClass(page, 'All students');
  await expect(page.getByTestId('matrix-count')).toHaveText('3 students · 2 tasks');
});
