import { expect, type Locator, test } from '@playwright/test';
import { listedTaskCount, studentWithUnit } from './support';

async function heightOf(locator: Locator): Promise<number> {
  return (await locator.boundingBox())?.height ?? 0;
}

async function lineHeightOf(locator: Locator): Promise<number> {
  return locator.evaluate((element) => Number.parseFloat(getComputedStyle(element).lineHeight));
}

test('on a phone, a student reads a long task description in three lines and opens the rest with More', async ({
  page,
}) => {
  await studentWithUnit(page);
  // Opened afresh, counting layout shifts: a "More" toggle must be there in the first frame that
  // shows its card, not a frame later, pushing everything below it down.
  await page.addInitScript(() => {
    const counted = window as unknown as { shifted: number };
    counted.shifted = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number }[]) counted.shifted += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.reload();
  // Hand hygiene lists four moments: the longest description the unit has.
  const card = page.getByTestId('task-card').filter({ hasText: 'Clean your hands' }).first();
  const description = card.getByTestId('task-description');
  const more = card.getByTestId('task-description-toggle');

  // Every card is in (they are added a few at a time) before the shifts are read.
  await expect(page.getByTestId('task-card')).toHaveCount(await listedTaskCount(page));
  expect(await page.evaluate(() => (window as unknown as { shifted: number }).shifted)).toBe(0);
  // With the unit's criteria and knowledge as tasks too, hand hygiene sits below the first screen:
  // cards off screen are not laid out until scrolled to.
  await card.scrollIntoViewIfNeeded();
  await expect(more).toHaveText('More');
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await expect(description).toHaveAttribute('data-clamped', 'true');
  const lineHeight = await lineHeightOf(description);
  const clamped = await heightOf(description);
  expect(clamped).toBeLessThanOrEqual(lineHeight * 3 + 1);
  // The whole text stays in the page for screen readers and search.
  await expect(description).toContainText("after touching a person's surroundings");
  // The toggle says which task it opens.
  await expect(more).toHaveAccessibleDescription(/^Clean your hands/);

  await more.click();
  await expect(more).toHaveText('Less');
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  expect(await heightOf(description)).toBeGreaterThan(clamped + lineHeight);

  await more.focus();
  await page.keyboard.press('Enter');
  await expect(more).toHaveText('More');
  expect(await heightOf(description)).toBeLessThanOrEqual(lineHeight * 3 + 1);

  // "What good looks like" opens the same way, on its own.
  const tooltipMore = card.getByTestId('task-tooltip-toggle');
  await expect(tooltipMore).toHaveText('More');
  await tooltipMore.click();
  await expect(tooltipMore).toHaveAttribute('aria-expanded', 'true');
  await expect(more).toHaveAttribute('aria-expanded', 'false');
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

  test('a student reads every description whole, with no More to press', async ({ page }) => {
    await studentWithUnit(page);
    const card = page.getByTestId('task-card').filter({ hasText: 'Clean your hands' }).first();
    const description = card.getByTestId('task-description');

    await expect(description).toContainText("after touching a person's surroundings");
    await expect(description).not.toHaveAttribute('data-clamped', 'true');
    expect(await heightOf(description)).toBeGreaterThan((await lineHeightOf(description)) * 3 + 1);
    await expect(page.getByRole('button', { name: 'More', exact: true })).toHaveCount(0);
  });
});
