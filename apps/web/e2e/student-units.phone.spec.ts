import { expect, type Page, test } from '@playwright/test';
import { registerThroughUi, uniqueEmail } from './support';

type Task = { unitCode: string; submission: unknown };

async function taskCounts(page: Page): Promise<Record<string, number>> {
  const tasks: Task[] = await (await page.request.get('/api/student/tasks')).json();
  const counts: Record<string, number> = {};
  for (const task of tasks) counts[task.unitCode] = (counts[task.unitCode] ?? 0) + 1;
  return counts;
}

test('a student in two units sees one at a time, switches, and comes back to the unit chosen last', async ({
  page,
}) => {
  await registerThroughUi(page, {
    firstName: 'Uma',
    lastName: 'Units',
    email: uniqueEmail('units'),
    password: 'two-units-please',
  });
  const setup = await page.request.post('/api/units/generate-tasks', { data: { unitCode: 'RIIWHS204E' } });
  expect(setup.ok()).toBe(true);
  // One unit: its code and title, and no switcher.
  await page.goto('/');
  await expect(page.getByTestId('unit-code')).toHaveText('RIIWHS204E');
  await expect(page.getByTestId('unit-switcher')).toHaveCount(0);
  await expect(page.getByText('Gather workplace evidence for each task in your unit.')).toBeVisible();

  // Setting up a second unit lands on that unit.
  await page.goto('/unit-setup');
  await page.getByLabel(/^Unit code/).fill('HLTINF006');
  await page.getByRole('button', { name: 'Generate Tasks' }).click();
  await expect(page).toHaveURL(/\/$/);
  const counts = await taskCounts(page);
  expect(Object.keys(counts).sort()).toEqual(['HLTINF006', 'RIIWHS204E']);

  await expect(page.getByTestId('unit-code')).toHaveText('HLTINF006');
  await expect(page.getByTestId('unit-title')).toContainText(/infection/i);
  await expect(page.getByTestId('progress-summary')).toHaveText(`0 of ${counts.HLTINF006} tasks completed`);
  await expect(page.getByTestId('progress-percent')).toHaveText('0%');
  await expect(page.getByTestId('task-card')).toHaveCount(counts.HLTINF006 ?? -1);
  await expect(page.getByText('one unit at a time')).toBeVisible();
  await expect(page.getByText('your unit')).toHaveCount(0);

  // The switcher lists both units with their own progress. Closed, its list is not in the page even
  // hidden: the dashboard's first render would position it (issue 20).
  const switcher = page.getByRole('combobox', { name: 'Unit' });
  await expect(page.locator('[role="listbox"], [role="option"]')).toHaveCount(0);
  await switcher.click();
  const other = page.getByRole('option', { name: /RIIWHS204E/ });
  await expect(other).toContainText(`0 of ${counts.RIIWHS204E} tasks completed · 0%`);
  await other.click();
  await expect(page.getByTestId('unit-code')).toHaveText('RIIWHS204E');
  await expect(page.getByTestId('progress-summary')).toHaveText(`0 of ${counts.RIIWHS204E} tasks completed`);
  await expect(page.getByTestId('task-card')).toHaveCount(counts.RIIWHS204E ?? -1);

  // Search and the empty state work within the chosen unit.
  await page.getByLabel('Search tasks').fill('no task is called this');
  await expect(page.getByText('No tasks found')).toBeVisible();
  await expect(page.getByTestId('task-count')).toHaveText(`Showing 0 of ${counts.RIIWHS204E} tasks`);

  // Remembered across visits.
  await page.reload();
  await expect(page.getByTestId('unit-code')).toHaveText('RIIWHS204E');
  await expect(page.getByTestId('task-card')).toHaveCount(counts.RIIWHS204E ?? -1);

  // From the keyboard too: the switcher is a plain field until it is reached (select-on-demand.tsx),
  // and focus makes it the Select, still focused, so the arrow key opens its list.
  await switcher.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option', { name: /HLTINF006/ })).toBeVisible();
  await expect(switcher).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('option')).toHaveCount(0);

  // The tablet passed round: the device's unit cookie holds only someone else's choice now. The app
  // still opens on her unit, and tells the server, whose next page is rendered on it, no switch.
  const origin = new URL(page.url()).origin;
  await page.context().addCookies([{ name: 'evident-unit', value: 'someone-else%3Aa-unit', url: origin }]);
  await page.reload();
  await expect(page.getByTestId('unit-code')).toHaveText('RIIWHS204E');
  const me = (await (await page.request.get('/api/auth/user')).json()) as { id: string };
  await expect
    .poll(async () => (await page.context().cookies()).find((c) => c.name === 'evident-unit')?.value)
    .toMatch(new RegExp(`^${me.id}%3A[0-9a-f-]+%7Csomeone-else%3Aa-unit$`));
  const rendered = await (await page.request.get('/')).text();
  expect(rendered).toMatch(/data-testid="unit-code"[^>]*>RIIWHS204E</);
});
