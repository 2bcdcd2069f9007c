import { expect, test } from '@playwright/test';
import { admin } from './e2e-env';
import { expectToast } from './support';

/** Issue 29 §2: on a phone, the coverage screen flags a requirement no task covers, and the task form maps it. */

const items = [
  { section: 'element', key: 'E 1', parentKey: null, text: 'Prepare for work' },
  { section: 'pc', key: 'PC 1.1', parentKey: 'E 1', text: 'Hazards in the work area are identified' },
  { section: 'pc', key: 'PC 1.2', parentKey: 'E 1', text: 'Tools are inspected and tagged before use' },
  { section: 'pe', key: 'PE 1', parentKey: null, text: 'checking the work area for hazards before starting' },
  { section: 'pe', key: 'PE 2', parentKey: null, text: 'reporting an incident to the supervisor' },
  { section: 'ke', key: 'KE 1', parentKey: null, text: 'workplace safety procedures' },
];

test('on a phone, the coverage screen flags an uncovered requirement until a task maps it', async ({
  page,
}) => {
  expect((await page.request.post('/api/auth/login', { data: admin })).ok()).toBe(true);
  const unitCode = `COV${Date.now().toString(36).toUpperCase().slice(-7)}`;
  const made = await page.request.post('/api/admin/units', {
    data: { unitCode, title: 'Work safely', requirements: { release: '1', items } },
  });
  expect(made.ok()).toBe(true);
  const unit = await made.json();
  for (const [title, requirementKeys] of [
    ['Check the work area', ['PC 1.1', 'PE 1']],
    ['Report an incident', ['PE 2', 'KE 1']],
  ] as const) {
    const task = await page.request.post(`/api/admin/units/${unit.id}/tasks`, {
      data: { title, requirementKeys },
    });
    expect(task.ok()).toBe(true);
  }

  // The unit list warns, and the unit's tasks lead to its coverage.
  await page.goto('/admin/units');
  const card = page.getByRole('article', { name: new RegExp(unitCode) });
  await expect(card.getByRole('link', { name: '1 of 5 requirements not covered by any task' })).toBeVisible();
  await page.goto(`/admin/units/${unit.id}/tasks`);
  await page.getByRole('link', { name: 'Coverage' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${unitCode} coverage` })).toBeVisible();

  const summary = page.getByRole('alert').filter({ hasText: '4 of 5 requirements covered' });
  await expect(summary).toBeVisible();
  await expect(
    summary.getByRole('list', { name: 'Requirements not covered' }).getByRole('listitem'),
  ).toHaveText(['PC 1.2 Tools are inspected and tagged before use']);
  const grid = page.getByRole('region', { name: 'Coverage grid' });
  const uncovered = grid.getByRole('row', { name: /PC 1\.2/ });
  await expect(uncovered.getByRole('rowheader')).toContainText('not covered');
  await expect(uncovered.getByRole('img', { name: 'Mapped' })).toHaveCount(0);
  await expect(grid.getByRole('row', { name: /PE 1/ }).getByRole('img', { name: 'Mapped' })).toHaveCount(1);
  // The grid scrolls inside its own box: the page itself never scrolls sideways on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The task form picks the item by its words, and the screen then counts it covered.
  await page.getByRole('link', { name: 'Back to Tasks' }).click();
  const taskCard = page.getByRole('article').filter({ hasText: 'Check the work area' });
  await taskCard.getByRole('button', { name: 'Edit' }).click();
  const form = page.getByRole('dialog');
  const picker = form.getByLabel('Requirements this task evidences');
  await picker.fill('tagged');
  await page.getByRole('option', { name: /PC 1\.2/ }).click();
  await form.getByRole('button', { name: 'Save Task' }).click();
  await expectToast(page, 'Task updated');
  await page.getByRole('link', { name: 'Coverage' }).click();
  await expect(page.getByRole('status').filter({ hasText: '5 of 5 requirements covered' })).toBeVisible();
});
