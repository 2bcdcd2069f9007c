import { type Browser, expect, type Page, request as playwrightRequest, test } from '@playwright/test';
import { e2ePort } from './e2e-env';
import { scenePhoto, studentWithEvidence } from './grading-data';
import { approvedAssessorApi } from './grading-flows';
import { uniqueEmail } from './support';

// Issue 20: the server writes a first screen's dates by the locale and time zone the browser last told
// it (the evident-intl cookie); the browser keeps that text while it is right and writes its own when
// it is not (a first visit, a phone that has moved), without an empty date in between.

const baseURL = `http://127.0.0.1:${e2ePort}`;
const browserPlace = { locale: 'en-AU', timezoneId: 'Australia/Sydney' } as const;

/** Each submission card's date as the page has it, beside how this browser writes that moment. */
async function cardDates(page: Page): Promise<{ shown: string; browsers: string }[]> {
  return page
    .getByTestId('submission-card')
    .locator('time')
    .evaluateAll((times) =>
      times.map((time) => ({
        shown: time.textContent ?? '',
        browsers: new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
          new Date(time.getAttribute('datetime') ?? ''),
        ),
      })),
    );
}

/** The grading screen's first dates in the server's page, before any script. */
async function serverDates(page: Page): Promise<string[]> {
  const html = await (await page.request.get('/grading')).text();
  expect(html).toContain('id="evident-first-answers"');
  return [...html.matchAll(/<time[^>]*>([^<]*)<\/time>/g)].map((match) => match[1] ?? '');
}

async function openGrading(
  browser: Browser,
  session: Awaited<ReturnType<typeof storage>>,
  intl: string | null,
) {
  const context = await browser.newContext({ ...browserPlace, storageState: session, baseURL });
  if (intl) await context.addCookies([{ name: 'evident-intl', value: intl, url: baseURL }]);
  const page = await context.newPage();
  const fromServer = await serverDates(page);
  const emptied: string[] = [];
  // Any moment a card's date is empty, from the first paint on.
  await page.exposeFunction('evidentDateEmptied', (text: string) => emptied.push(text));
  await page.addInitScript(() => {
    new MutationObserver(() => {
      for (const time of document.querySelectorAll('[data-testid="submission-card"] time')) {
        if (!time.textContent)
          (window as unknown as { evidentDateEmptied: (t: string) => void }).evidentDateEmptied('');
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await page.goto('/grading');
  await expect
    .poll(() => page.evaluate(() => (window as { evidentAppMounted?: boolean }).evidentAppMounted === true))
    .toBe(true);
  return { page, context, fromServer, emptied };
}

async function storage() {
  const { api } = await approvedAssessorApi({ firstName: 'Dana', lastName: 'Dates' });
  const state = await api.storageState();
  await api.dispose();
  return state;
}

test("a server-rendered grading screen's dates are in the browser's own time zone, whatever the server was last told", async ({
  browser,
}) => {
  const student = await playwrightRequest.newContext({ baseURL });
  await studentWithEvidence(
    student,
    {
      firstName: 'Sam',
      lastName: `Dates${Date.now().toString(36)}`,
      email: uniqueEmail('dates'),
      unitCode: 'RIIWHS204E',
    },
    [{ fileName: 'Site.jpg', fileType: 'image/jpeg', body: await scenePhoto(120, 'Site') }],
  );
  await student.dispose();
  const session = await storage();

  // A first visit: the server knows no time zone of this browser, which writes its own after the takeover.
  const first = await openGrading(browser, session, null);
  await expect.poll(async () => (await cardDates(first.page)).length).toBeGreaterThan(0);
  await expect
    .poll(async () => (await cardDates(first.page)).every((date) => date.shown === date.browsers))
    .toBe(true);
  expect(first.emptied).toEqual([]);
  const offset = await first.page.evaluate(() => new Date().getTimezoneOffset());
  await first.context.close();

  // Told this browser's zone: the server's dates are already the browser's, and they stay.
  const told = await openGrading(browser, session, `en-AU~Australia/Sydney~${offset}`);
  const toldDates = await cardDates(told.page);
  expect(toldDates.length).toBeGreaterThan(0);
  for (const date of toldDates) expect(date.shown).toBe(date.browsers);
  expect(told.fromServer).toEqual(expect.arrayContaining(toldDates.map((date) => date.browsers)));
  expect(told.emptied).toEqual([]);
  await told.context.close();

  // Told a zone this phone has since left (Perth, three hours behind): the server writes Perth's time,
  // and the browser writes Sydney's.
  const moved = await openGrading(browser, session, 'en-AU~Australia/Perth~-480');
  await expect
    .poll(async () => (await cardDates(moved.page)).every((date) => date.shown === date.browsers))
    .toBe(true);
  const movedDates = await cardDates(moved.page);
  expect(movedDates.length).toBeGreaterThan(0);
  expect(moved.fromServer).not.toEqual(expect.arrayContaining([movedDates[0]?.browsers]));
  expect(moved.emptied).toEqual([]);
  await moved.context.close();
});
