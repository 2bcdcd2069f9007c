import { expect, test } from '@playwright/test';
import { admin } from './e2e-env';
import {
  expectToast,
  expectUnitSetUpToast,
  registerThroughUi,
  signInThroughUi,
  uniqueEmail,
} from './support';

test("a student's open dashboard shows an admin's edit to one of their unit's tasks without a reload", async ({
  browser,
}) => {
  const studentContext = await browser.newContext();
  const adminContext = await browser.newContext();
  try {
    const student = await studentContext.newPage();
    await registerThroughUi(student, {
      firstName: 'Lia',
      lastName: 'Live',
      email: uniqueEmail('live'),
      password: 'live-updates',
    });
    // One stream per tab, however many screens the student passes through.
    const streams: string[] = [];
    student.on('request', (request) => {
      if (new URL(request.url()).pathname === '/trpc/live.events.stream') streams.push(request.url());
    });
    await student.goto('/unit-setup');
    await student.getByLabel('Unit code').fill('SITXFSA005');
    await student.getByRole('button', { name: 'Generate Tasks' }).click();
    await expectUnitSetUpToast(student, 'SITXFSA005');
    await expect(student.getByRole('heading', { name: 'My Progress' })).toBeVisible();
    const firstTitle = await student
      .getByRole('main')
      .getByRole('article')
      .first()
      .getByRole('heading')
      .first()
      .textContent();
    // Survives only if the page is never reloaded.
    await student.evaluate(() => {
      (window as unknown as { stillHere: boolean }).stillHere = true;
    });

    const page = await adminContext.newPage();
    await signInThroughUi(page, admin.email, admin.password);
    await page.goto('/admin/units');
    const main = page.getByRole('main');
    await main.getByLabel('Search units').fill('SITXFSA005');
    await main
      .getByRole('article', { name: /SITXFSA005/ })
      .getByRole('link', { name: 'Tasks' })
      .click();
    const task = main.getByRole('article', { name: firstTitle ?? '' });
    await task.getByRole('button', { name: 'Edit' }).click();
    const newTitle = `Check the cool room log (${Date.now().toString(36)})`;
    await page.getByRole('dialog').getByLabel('Title').fill(newTitle);
    await page.getByRole('dialog').getByRole('button', { name: 'Save Task' }).click();
    await expectToast(page, 'Task updated');

    await expect(student.getByRole('main').getByText(newTitle)).toBeVisible();
    expect(await student.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    expect(streams).toHaveLength(1);
  } finally {
    await studentContext.close();
    await adminContext.close();
  }
});
