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

test("a student's dashboard takes the tasks boot.js asked for; after log-out nothing of theirs is left", async ({
  page,
}) => {
  await studentWithUnit(page);
  // Other specs running beside this one change units and tasks, and their live events would rightly
  // refresh this dashboard too; without the stream, any second ask is the screen's own.
  await page.route('**/trpc/live.events.stream**', (route) => route.abort());
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/trpc/')) asked.push(`${url.pathname}${url.search}`);
  });
  await page.goto('/');
  await expect(page.getByTestId('progress-summary')).toHaveText(/^0 of \d+ tasks completed$/);
  // Asked once, by boot.js alongside the entry script (its plain form, not the app's batch), and
  // never again by the screen.
  expect(asked.filter((path) => path.includes('student.tasks.list'))).toEqual(['/trpc/student.tasks.list']);
  expect(asked.filter((path) => path.startsWith('/trpc/auth.session.get'))[0]).toBe('/trpc/auth.session.get');

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

test('a signed-in screen fetches the code all signed-in screens share before the server says who is signed in', async ({
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
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await expect
    .poll(() => scripts.some((path) => /^\/assets\/signed-in-(?!shell-)[^/]+\.js$/.test(path)))
    .toBe(true);
  expect(scripts.some((path) => /^\/assets\/signed-in-shell-[^/]+\.js$/.test(path))).toBe(true);
  answer();
  await expect(page.getByTestId('progress-summary')).toHaveText(/^0 of \d+ tasks completed$/);
});
