import { expect, type Locator, request as playwrightRequest, test } from '@playwright/test';
import { e2ePort } from './e2e-env';
import { checklistPdf, scenePhoto, studentWithEvidence } from './grading-data';
import { approvedAssessor, showStudent } from './grading-flows';
import { uniqueEmail } from './support';

/** Issue 28: the grading screen's sticky selection bar covered the card scrolling under it. */

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not on screen');
  return found;
}

test('on a phone, no card content hides under the grading screen’s selection bar', async ({ page }) => {
  const lastName = `Bar${Date.now().toString(36)}`;
  const studentApi = await playwrightRequest.newContext({ baseURL: `http://127.0.0.1:${e2ePort}` });
  await studentWithEvidence(
    studentApi,
    { firstName: 'Sam', lastName, email: uniqueEmail('bar'), unitCode: 'RIIWHS204E' },
    [
      { fileName: 'Harness.jpg', fileType: 'image/jpeg', body: await scenePhoto(120, 'Harness') },
      { fileName: 'Checklist.pdf', fileType: 'application/pdf', body: checklistPdf() },
      { fileName: 'Anchor.jpg', fileType: 'image/jpeg', body: await scenePhoto(300, 'Anchor') },
    ],
  );
  await studentApi.dispose();
  await approvedAssessor(page);
  await page.goto('/grading');
  await showStudent(page, `Sam ${lastName}`);
  const cards = page.getByTestId('submission-card');
  await expect(cards).toHaveCount(3);
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  const header = page.getByRole('banner');

  // Selecting a card does not make the bar taller over the card just selected.
  const before = await box(bar);
  await cards.first().getByRole('checkbox').check();
  await expect(page.getByTestId('selected-count')).toHaveText('1 selected');
  expect((await box(bar)).height).toBe(before.height);

  // Scrolled, the bar stays under the top bar with nothing of a card showing between the two.
  await page.mouse.wheel(0, 600);
  await expect.poll(async () => (await box(bar)).y).toBeLessThan(before.y);
  const headerBottom = (await box(header)).height;
  const between = await page.evaluate(
    (y) => document.elementFromPoint(20, y)?.closest('[data-testid="submission-card"]') !== null,
    headerBottom + 3,
  );
  expect(between, 'a card shows between the top bar and the selection bar').toBe(false);

  // A field reached by Tab while it sits under the bar is brought out from under it.
  const comment = cards.nth(1).getByLabel('Comment');
  const barBottom = async () => {
    const shown = await box(bar);
    return shown.y + shown.height;
  };
  await comment.evaluate((field, under) => {
    window.scrollBy(0, field.getBoundingClientRect().top - under);
  }, headerBottom + 12);
  expect((await box(comment)).y).toBeLessThan(await barBottom());
  // Shift+Tab from the field below it, as a keyboard user goes back up the card.
  await cards
    .nth(1)
    .getByLabel('Strategies for reassessment')
    .evaluate((field) => (field as HTMLElement).focus({ preventScroll: true }));
  await page.keyboard.press('Shift+Tab');
  await expect(comment).toBeFocused();
  expect((await box(comment)).y).toBeGreaterThanOrEqual(await barBottom());
});
