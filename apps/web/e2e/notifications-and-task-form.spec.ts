import { expect, type Page, test } from '@playwright/test';
import { admin } from './e2e-env';
import {
  expectToast,
  hasNoHorizontalOverflow,
  registerThroughUi,
  signInThroughUi,
  uniqueEmail,
} from './support';

/** Light and dark at the desktop size and on a phone (390x844), then back to the desktop in light. */
async function screenshots(page: Page, name: string, prepare?: () => Promise<void>) {
  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await prepare?.();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({
        path: test.info().outputPath(`${name}-${size.width}x${size.height}-${scheme}.png`),
      });
      expect(await hasNoHorizontalOverflow(page)).toBe(true);
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Dismisses the toasts, which would cover the dialog's buttons on a phone. */
async function closeToasts(page: Page) {
  const toasts = page.locator('.mantine-Notification-root');
  for (const close of await toasts.getByRole('button').all()) await close.click();
  await expect(toasts).toHaveCount(0);
}

test('a student turns graded mail off on the account page, and it stays off', async ({ page }) => {
  await registerThroughUi(page, {
    firstName: 'Gia',
    lastName: 'Graded',
    email: uniqueEmail('graded-mail'),
    password: 'mail-me-maybe',
  });
  await page.goto('/account');
  const toggle = page.getByRole('switch', { name: 'Email me when my work is graded' });
  await expect(toggle).toBeChecked();
  await screenshots(page, 'account-graded-mail-on');

  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await expect
    .poll(async () => (await page.request.get('/trpc/account.gradedMail.get')).text())
    .toContain('"on":false');
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Email me when my work is graded' })).not.toBeChecked();
  await screenshots(page, 'account-graded-mail-off');

  await page.getByRole('switch', { name: 'Email me when my work is graded' }).click();
  await expect(page.getByRole('switch', { name: 'Email me when my work is graded' })).toBeChecked();
});

test('an assessor has no graded-mail switch: only students are graded', async ({ page }) => {
  await signInThroughUi(page, admin.email, admin.password);
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Email me when my work is graded' })).toHaveCount(0);
});

test("joining a unit whose tasks exist says 'Joined', and a graded mail's link opens the dashboard at the task", async ({
  page,
  browser,
}) => {
  // Someone else set the unit up first, so its tasks exist.
  const first = await browser.newPage();
  await registerThroughUi(first, {
    firstName: 'Fay',
    lastName: 'First',
    email: uniqueEmail('first'),
    password: 'first-in-line',
  });
  expect(
    (await first.request.post('/api/units/generate-tasks', { data: { unitCode: 'SITXFSA005' } })).ok(),
  ).toBe(true);
  await first.close();

  await registerThroughUi(page, {
    firstName: 'Jo',
    lastName: 'Joiner',
    email: uniqueEmail('joiner'),
    password: 'second-in-line',
  });
  await page.goto('/unit-setup');
  await page.getByLabel('Unit code').fill('sitxfsa005');
  await page.getByRole('button', { name: 'Generate Tasks' }).click();
  await expectToast(page, 'Unit joined', 'Joined SITXFSA005:');
  const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Unit joined' });
  await expect(toast).toContainText(/Joined SITXFSA005: \d+ tasks/);
  await expect(page.getByRole('heading', { name: 'My Progress' })).toBeVisible();

  // The link a graded mail carries: /?unit=<id>&task=<id>, here for the last task of the unit.
  const tasks = (await (await page.request.get('/api/student/tasks')).json()) as {
    id: string;
    unit: { id: string };
  }[];
  const last = tasks.at(-1);
  if (!last) throw new Error('no tasks');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/?unit=${last.unit.id}&task=${last.id}`);
  await expect(page).toHaveURL(new RegExp(`/#task-${last.id}$`));
  await expect(page.locator(`[data-task-id="${last.id}"]`)).toBeInViewport();
});

test('an admin gives a task an occasion, the list groups it, and an edit takes it out again', async ({
  page,
}) => {
  await signInThroughUi(page, admin.email, admin.password);
  const code = `OCC${Date.now().toString().slice(-6)}`;
  const created = await page.request.post('/api/admin/units', {
    data: { unitCode: code, title: 'Occasions on the form' },
  });
  expect(created.ok()).toBe(true);
  const unit = (await created.json()) as { id: string };
  await page.goto(`/admin/units/${unit.id}/tasks`);
  const main = page.getByRole('main');

  await main.getByRole('button', { name: 'Add Task' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add task' });
  await dialog.getByLabel('Title').fill('Show the pre-start check');
  const occasion = dialog.getByRole('textbox', { name: 'Occasion' });
  await occasion.fill('0');
  await dialog.getByRole('button', { name: 'Save Task' }).click();
  await expectToast(page, 'Validation error', 'Occasion must be a whole number from 1 to 50');
  await closeToasts(page);
  await occasion.fill('2');
  await screenshots(page, 'task-form-occasion');
  await dialog.getByRole('button', { name: 'Save Task' }).click();
  await expectToast(page, 'Task created');
  await expect(main.getByRole('heading', { name: /^Occasion 2/, level: 2 })).toBeVisible();

  await main.getByRole('button', { name: 'Add Task' }).first().click();
  const second = page.getByRole('dialog', { name: 'Add task' });
  await second.getByLabel('Title').fill('Walk the site first');
  await second.getByRole('button', { name: 'Save Task' }).click();
  await expectToast(page, 'Task created', 'Walk the site first');
  await expect(main.getByRole('heading', { name: /^General Tasks/, level: 2 })).toBeVisible();
  await screenshots(page, 'task-list-occasions');

  await main
    .getByRole('article', { name: 'Show the pre-start check' })
    .getByRole('button', { name: 'Edit' })
    .click();
  const edit = page.getByRole('dialog', { name: 'Edit task' });
  await expect(edit.getByRole('textbox', { name: 'Occasion' })).toHaveValue('2');
  await edit.getByRole('textbox', { name: 'Occasion' }).fill('');
  await edit.getByRole('button', { name: 'Save Task' }).click();
  await expectToast(page, 'Task updated');
  await expect(main.getByRole('heading', { name: /^Occasion 2/ })).toHaveCount(0);
  await expect(main.getByRole('article')).toHaveCount(2);
});
