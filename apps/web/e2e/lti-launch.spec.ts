import { expect, test } from '@playwright/test';
import { admin, e2eLtiPort } from './e2e-env';

// A course link in the fake LMS starts a real LTI 1.3 launch (login initiation, the platform's
// auto-posted id_token, the launch) that lands the student on their dashboard for the linked unit.
test('a launch from the LMS lands a student on their dashboard for the linked unit', async ({
  page,
  browser,
}) => {
  const adminPage = await (await browser.newContext()).newPage();
  expect((await adminPage.request.post('/api/auth/login', { data: admin })).ok()).toBe(true);
  const unitCode = `LTI${Date.now().toString(36).toUpperCase().slice(-6)}`;
  const unit = await (
    await adminPage.request.post('/api/admin/units', {
      data: { unitCode, title: 'Launched from the course' },
    })
  ).json();
  const added = await adminPage.request.post(`/api/admin/units/${unit.id}/tasks`, {
    data: { title: 'Photograph the hand-washing steps', phase: 'Do', evidenceTypes: ['photo'] },
  });
  expect(added.ok()).toBe(true);
  const otherCode = `${unitCode}B`;
  const other = await (
    await adminPage.request.post('/api/admin/units', {
      data: { unitCode: otherCode, title: 'A second course link' },
    })
  ).json();
  expect(
    (
      await adminPage.request.post(`/api/admin/units/${other.id}/tasks`, {
        data: { title: 'Label the sharps container', phase: 'Do', evidenceTypes: ['photo'] },
      })
    ).ok(),
  ).toBe(true);
  await adminPage.context().close();

  const sub = `e2e-${Date.now()}`;
  const launch = (code: string, link: string) =>
    page.goto(
      `http://127.0.0.1:${e2eLtiPort}/course/launch?${new URLSearchParams({ sub, unit_code: code, link, given_name: 'Lina', family_name: 'Launch' })}`,
    );
  await launch(unitCode, `${unitCode}-link`);
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByText('My Progress')).toBeVisible();
  await expect(page.getByText('Photograph the hand-washing steps')).toBeVisible();

  // A second course link, to another unit: the same student lands on that unit's tasks.
  await launch(otherCode, `${otherCode}-link`);
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByText('Label the sharps container')).toBeVisible();
  await expect(page.getByText('Photograph the hand-washing steps')).toHaveCount(0);
});

test('the LTI configuration screen says LTI is switched on for this server', async ({ page }) => {
  await page.goto('/lti-config');
  await expect(page.getByTestId('lti-server-status')).toHaveText('This server: LTI is switched on.');
});
