import { expect, type Page, test } from '@playwright/test';
import { classUnit, signInAsAdmin } from './classes-seed';
import { hasNoHorizontalOverflow, uniqueEmail } from './support';

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test('the Classes screens and the invitation link fit a phone, light and dark', async ({ page, browser }) => {
  await signInAsAdmin(page);
  const unit = await classUnit(page);
  const name = `Phone class with a rather long name ${Date.now().toString(36)}`;
  const created = await page.request.post('/api/admin/classes', {
    data: { name, unitIds: [unit.id], startsOn: '2099-02-01', endsOn: '2099-11-30' },
  });
  expect(created.ok()).toBe(true);
  const { id, inviteCode } = (await created.json()) as { id: string; inviteCode: string };
  const enrolled = await page.request.post(`/api/admin/classes/${id}/students`, {
    data: { emails: [`Priya Phone <${uniqueEmail('class-phone')}>`, uniqueEmail('class-phone-2')] },
  });
  expect(enrolled.ok()).toBe(true);

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/admin/classes');
    await expect(page.getByRole('link', { name: new RegExp(name) })).toContainText('2 students');
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await shoot(page, `classes-390-${scheme}`);

    await page.goto(`/admin/classes/${id}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Current students' }).getByRole('listitem')).toHaveCount(2);
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await shoot(page, `class-detail-390-${scheme}`);
  }

  await page.emulateMedia({ colorScheme: 'light' });
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit class' })).toBeVisible();
  await expect(page.getByRole('dialog').getByLabel('Class name')).toHaveValue(name);
  await shoot(page, 'class-edit-390');

  const visitor = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await visitor.goto(`/join/${inviteCode}`);
  await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Sign In to join' })).toBeVisible();
  expect(await hasNoHorizontalOverflow(visitor)).toBe(true);
  await visitor.screenshot({ path: test.info().outputPath('join-390-signed-out.png'), fullPage: true });
  await visitor.context().close();
});
