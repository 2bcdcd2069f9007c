import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { admin } from './e2e-env';
import {
  expectToast,
  hasNoHorizontalOverflow,
  registerThroughUi,
  studentWithUnit,
  uniqueEmail,
} from './support';

async function signInAsAdmin(page: Page): Promise<void> {
  const login = await page.request.post('/api/auth/login', { data: admin });
  expect(login.ok()).toBe(true);
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not on screen');
  return found;
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test("on a phone a toast never covers the form's Save and Cancel", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/units/new');
  const save = page.getByRole('button', { name: 'Save' });
  const cancel = page.getByRole('link', { name: 'Cancel' });
  await save.scrollIntoViewIfNeeded();
  await save.click();
  await expectToast(page, 'Validation error', 'Unit code and title are required');
  const toast = page.locator('.mantine-Notification-root').first();
  const toastBox = await box(toast);
  expect(overlaps(toastBox, await box(save)), 'toast over Save').toBe(false);
  expect(overlaps(toastBox, await box(cancel)), 'toast over Cancel').toBe(false);

  // The task dialog too: its buttons sit at the bottom of a full-height form.
  const created = await page.request.post('/api/admin/units', {
    data: { unitCode: `TST${Date.now().toString(36).toUpperCase().slice(-6)}`, title: 'Toast unit' },
  });
  const unit = await created.json();
  await page.goto(`/admin/units/${unit.id}/tasks`);
  await page.getByRole('main').getByRole('button', { name: 'Add Task' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Save Task' }).click();
  await expectToast(page, 'Validation error', 'Task title is required');
  const dialogToast = await box(page.locator('.mantine-Notification-root').first());
  expect(overlaps(dialogToast, await box(dialog.getByRole('button', { name: 'Save Task' })))).toBe(false);
  expect(overlaps(dialogToast, await box(dialog.getByRole('button', { name: 'Cancel' })))).toBe(false);
});

test("the three admin counters' figures line up on a phone", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin');
  const figures = page.getByTestId('counter-value');
  await expect(figures).toHaveCount(3);
  await expect(figures.first()).toHaveText(/^\d/);
  const tops = await figures.evaluateAll((elements) =>
    elements.map((element) => Math.round(element.getBoundingClientRect().top)),
  );
  expect(new Set(tops).size, `figure tops ${tops.join(', ')}`).toBe(1);
});

/** A student enrolled in a new unit whose four tasks are one of each phase, on their dashboard. */
async function studentWithEveryPhase(page: Page, browser: Browser): Promise<void> {
  const adminPage = await (await browser.newContext()).newPage();
  await signInAsAdmin(adminPage);
  const unitCode = `PH${Date.now().toString(36).toUpperCase().slice(-7)}`;
  const unit = await (
    await adminPage.request.post('/api/admin/units', { data: { unitCode, title: 'Every phase' } })
  ).json();
  for (const phase of ['Prepare', 'Check', 'Do', 'Review/Communicate']) {
    const added = await adminPage.request.post(`/api/admin/units/${unit.id}/tasks`, {
      data: { title: `${phase} the job`, phase, evidenceTypes: ['photo'] },
    });
    expect(added.ok()).toBe(true);
  }
  await adminPage.context().close();

  await registerThroughUi(page, {
    firstName: 'Phi',
    lastName: 'Phase',
    email: uniqueEmail('phases'),
    password: 'every-phase',
  });
  const enrol = await page.request.post('/api/units/generate-tasks', { data: { unitCode } });
  expect(enrol.ok()).toBe(true);
  await page.goto('/');
  await expect(page.getByTestId('task-card')).toHaveCount(4);
}

test('the phase chips stay on one row on a phone, Review/Communicate included', async ({ page, browser }) => {
  await studentWithEveryPhase(page, browser);
  const chips = page.getByRole('group', { name: 'Filter by phase' }).getByRole('button');
  await expect(chips).toHaveText(['All', 'Prepare', 'Check', 'Do', 'Review/Communicate']);
  const tops = await chips.evaluateAll((elements) =>
    elements.map((element) => Math.round(element.getBoundingClientRect().top)),
  );
  expect(new Set(tops).size, `chip tops ${tops.join(', ')}`).toBe(1);
  // The label never breaks inside its chip either.
  const review = await box(chips.last());
  const all = await box(chips.first());
  expect(review.height).toBe(all.height);
  expect(await hasNoHorizontalOverflow(page)).toBe(true);
  // Reachable: scrolled into view, it can be pressed.
  await chips.last().click();
  await expect(chips.last()).toHaveAttribute('aria-pressed', 'true');
});

test('on a phone the phase row says there is more past its edge, and scrolled to the end the last chip is whole', async ({
  page,
  browser,
}) => {
  await studentWithEveryPhase(page, browser);
  const row = page.getByRole('group', { name: 'Filter by phase' });
  const last = row.getByRole('button', { name: 'Review/Communicate' });
  const more = page.getByTestId('more-phases');
  // Cut at the edge, the last chip has a chevron beside it, and the faded edge says the row goes on.
  expect((await box(last)).x + (await box(last)).width).toBeGreaterThan(390);
  await expect(more).toBeVisible();
  await expect(more).toBeInViewport({ ratio: 1 });
  expect(await row.evaluate((element) => getComputedStyle(element).maskImage)).not.toBe('none');
  await page.screenshot({ path: 'test-results/first-use/phone-phases-more.png' });

  // The chevron scrolls on; at the end it goes, the fade goes, and the last chip shows whole.
  await more.click();
  await expect(more).toHaveCount(0);
  await expect(last).toBeInViewport({ ratio: 1 });
  expect(await row.evaluate((element) => getComputedStyle(element).maskImage)).toBe('none');
  expect(await hasNoHorizontalOverflow(page)).toBe(true);
  await page.screenshot({ path: 'test-results/first-use/phone-phases-end.png' });
});

test('a phase label looks the same on the admin task list and the student dashboard', async ({
  page,
  browser,
}) => {
  await studentWithUnit(page);
  const look = (locator: Locator) =>
    locator.evaluate((element) => {
      const style = getComputedStyle(element);
      return {
        text: element.textContent,
        color: style.color,
        background: style.backgroundColor,
        border: style.borderColor,
        transform: style.textTransform,
        radius: style.borderRadius,
        size: style.fontSize,
      };
    });
  const studentBadge = page.getByTestId('task-card').first().getByTestId('phase-badge');
  const phase = await studentBadge.textContent();
  const studentLook = await look(studentBadge);

  const adminPage = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await signInAsAdmin(adminPage);
  const units = await (await adminPage.request.get('/api/admin/units')).json();
  const unit = units.find((item: { unitCode: string }) => item.unitCode === 'HLTINF006');
  await adminPage.goto(`/admin/units/${unit.id}/tasks`);
  const adminBadge = adminPage
    .getByTestId('phase-badge')
    .filter({ hasText: phase ?? '' })
    .first();
  expect(await look(adminBadge)).toEqual(studentLook);
  await adminPage.context().close();
});
