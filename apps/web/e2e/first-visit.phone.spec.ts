import { expect, type Request, test } from '@playwright/test';
import { registerThroughUi, studentWithUnit, uniqueEmail } from './support';

// Issue 20: what public/boot.js starts before the app's code arrives, and how the app takes it over.

function scriptsOf(requests: Request[]): string[] {
  return requests.map((request) => new URL(request.url()).pathname).filter((path) => path.endsWith('.js'));
}

test('the landing page runs no app code until the visitor starts using it, then keeps their place', async ({
  page,
}) => {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByRole('button', { name: 'Get Started Free' })).toBeVisible();
  expect(scriptsOf(requests)).toEqual(['/theme.js', '/boot.js']);

  // A keyboard user tabs in: the app loads, replaces the prerendered markup, and focus stays put.
  await page.keyboard.press('Tab');
  const focused = page.locator(':focus');
  await expect(focused).toHaveAccessibleName('Evident home');
  await expect
    .poll(() => page.evaluate(() => (window as { evidentAppMounted?: boolean }).evidentAppMounted === true))
    .toBe(true);
  expect(scriptsOf(requests).some((path) => /^\/assets\/index-.+\.js$/.test(path))).toBe(true);
  await expect(focused).toHaveAccessibleName('Evident home');
  await expect(focused).toHaveAttribute('href', '/');
  await page.getByRole('button', { name: 'Get Started Free' }).click();
  await expect(page.getByRole('dialog').getByRole('tab', { name: 'Sign Up' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
});

test('a press begun on the prerendered page and ended after the app replaced it still presses the button', async ({
  page,
}) => {
  await page.goto('/', { waitUntil: 'networkidle' });
  const signIn = page.getByRole('banner').getByRole('button', { name: 'Sign In' });
  const box = await signIn.boundingBox();
  if (!box) throw new Error('no Sign In button');
  // The finger goes down on the prerendered button: the app starts loading, and renders its own page
  // in place of the prerendered one before the finger comes up. The browser sends that click to no
  // button: the app presses its own Sign In instead.
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await expect
    .poll(() => page.evaluate(() => (window as { evidentAppMounted?: boolean }).evidentAppMounted === true))
    .toBe(true);
  await page.mouse.up();
  await expect(page.getByRole('dialog').getByRole('tab', { name: 'Sign In' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
});

test('the prerendered theme toggle names the theme it switches to, in dark as in light, and works before the app', async ({
  page,
}) => {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/', { waitUntil: 'networkidle' });
  // Still the build's markup (no app code yet), rendered in light, yet right for a dark page.
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toHaveCount(0);
  expect(scriptsOf(requests)).toEqual(['/theme.js', '/boot.js']);
  // Pressed before the app runs: the app loads and presses its own copy.
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
});

test("a student's dashboard comes from the server, painted before any script and taken over as it is; after log-out nothing of theirs is left", async ({
  page,
  browser,
}) => {
  await studentWithUnit(page);
  // A first visit on this phone: a browser with the session and nothing else (a returning one's
  // service worker answers with the app shell and the code it keeps, as before).
  const signedIn = await page.context().storageState();
  const firstVisit = await browser.newContext({ ...devicesOf(page), storageState: signedIn });
  const fresh = await firstVisit.newPage();
  // Other specs running beside this one change units and tasks, and their live events would rightly
  // refresh this dashboard too; without the stream, any ask is the screen's own.
  await fresh.route('**/trpc/live.events.stream**', (route) => route.abort());
  const asked: string[] = [];
  fresh.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/trpc/')) asked.push(`${url.pathname}${url.search}`);
  });
  const redrawn: string[] = [];
  fresh.on('console', (message) => {
    if (message.text().includes('server-rendered screen was rendered again')) redrawn.push(message.text());
  });
  await fresh.goto('/');
  await expect(fresh.getByTestId('progress-summary')).toHaveText(/^0 of \d+ tasks completed$/);
  await expect
    .poll(() => fresh.evaluate(() => (window as { evidentAppMounted?: boolean }).evidentAppMounted === true))
    .toBe(true);
  // The tasks came in the page: nobody asks for them, and the app took the server's markup over
  // without drawing it again; it answers a tap.
  expect(asked.filter((path) => path.includes('student.tasks.list'))).toEqual([]);
  expect(redrawn).toEqual([]);
  await fresh.getByRole('button', { name: 'Open menu' }).click();
  await expect(fresh.getByRole('dialog').getByRole('button', { name: 'Log Out' })).toBeVisible();
  await firstVisit.close();

  // With no scripts at all, the same screen: the tasks, not placeholders.
  const noScripts = await browser.newContext({
    ...devicesOf(page),
    javaScriptEnabled: false,
    storageState: signedIn,
  });
  const bare = await noScripts.newPage();
  await bare.goto('/');
  await expect(bare.getByTestId('progress-summary')).toHaveText(/^0 of \d+ tasks completed$/);
  await expect(bare.getByTestId('task-card').first()).toBeVisible();
  await noScripts.close();

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Log Out' }).click();
  await expect(page.getByRole('button', { name: 'Get Started Free' })).toBeVisible();
  // Someone else signs up on the same phone: their dashboard is their own, empty one.
  await registerThroughUi(page, {
    firstName: 'Next',
    lastName: 'Person',
    email: uniqueEmail('first-visit'),
    password: 'someone-else-1',
  });
  await expect(page.getByText('No tasks available yet')).toBeVisible();
  await expect(page.getByTestId('progress-summary')).toHaveCount(0);
});

test('the app shell (a first screen the server leaves to the app) fetches the code all signed-in screens share before the server says who is signed in', async ({
  page,
}) => {
  await studentWithUnit(page);
  // boot.js's question is held: whatever code arrives meanwhile was asked for without its answer.
  let answer: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    answer = resolve;
  });
  await page.route('**/trpc/auth.session.get', async (route) => {
    await held;
    await route.continue();
  });
  const scripts: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/assets/') && path.endsWith('.js')) scripts.push(path);
  });
  // An address with a query is the app's to handle: the server sends the app shell.
  await page.goto('/?from=mail', { waitUntil: 'domcontentloaded' });
  await expect
    .poll(() => scripts.some((path) => /^\/assets\/signed-in-(?!shell-|ui-)[^/]+\.js$/.test(path)))
    .toBe(true);
  expect(scripts.some((path) => /^\/assets\/signed-in-shell-[^/]+\.js$/.test(path))).toBe(true);
  answer();
  await expect(page.getByTestId('progress-summary')).toHaveText(/^0 of \d+ tasks completed$/);
});

/** The phone project's screen and touch, for another context in the same test. */
function devicesOf(page: import('@playwright/test').Page) {
  const size = page.viewportSize() ?? { width: 390, height: 844 };
  return { viewport: size, isMobile: true, hasTouch: true };
}
