import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, devices, expect, type Page, test } from '@playwright/test';
import { chromiumFlags, chromiumPath } from './chromium';
import { e2ePort } from './e2e-env';

/**
 * Issue 18: the installable app. Lighthouse 12 dropped its PWA category (the repository has 13), so
 * what it checked is checked here, in the built bundle: Chromium's own installability verdict on the
 * manifest and worker, and the start URL opening with no connection after one visit, served by the
 * service worker's precache. Needs `pnpm --filter @evident/web build`.
 */

test.use({ serviceWorkers: 'allow' });

/**
 * The landing page loads the app, and with it the worker, at the visitor's first sign of use (issue 20:
 * one who only reads downloads no app), so a visit here is a visit that does something: a key press.
 */
async function visit(page: Page) {
  await page.goto('/');
  await page.keyboard.press('Tab');
  // Installed once the precache is complete (the worker activates only then).
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
}

type Manifest = {
  start_url: string;
  display: string;
  theme_color: string;
  icons: { sizes: string; purpose?: string }[];
};

test('Chromium finds the app installable: a manifest with name, icons, start URL and standalone display, and a worker', async () => {
  // A real profile: Chromium never offers to install from an incognito one, which test contexts are.
  const profileDir = mkdtempSync(join(tmpdir(), 'evident-install-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    ...devices['Pixel 5'],
    viewport: { width: 390, height: 844 },
    baseURL: `http://127.0.0.1:${e2ePort}`,
    executablePath: chromiumPath,
    args: chromiumFlags,
    serviceWorkers: 'allow',
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await visit(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors.map((error) => error.errorId)).toEqual([]);

    const { url, errors } = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
    expect(errors).toEqual([]);
    const manifest = (await (await page.request.get(url)).json()) as Manifest;
    expect(manifest).toMatchObject({
      start_url: '/',
      display: 'standalone',
      theme_color: expect.any(String),
    });
    const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  } finally {
    await context.close();
    rmSync(profileDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
});

test('after one visit the start URL opens with no connection, from the service worker', async ({
  page,
  context,
}) => {
  await visit(page);
  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as Manifest;

  await context.setOffline(true);
  const offline = await context.newPage();
  const response = await offline.goto(manifest.start_url);
  expect(response?.fromServiceWorker()).toBe(true);
  await expect(offline.getByRole('heading', { level: 1 })).toHaveText(
    'Workplace evidence, collected and assessed in one place',
    { timeout: 30_000 },
  );
  // The app's scripts and styles came from the precache too: the page is the app, not a shell.
  await expect(offline.getByRole('button', { name: 'Sign In' })).toBeVisible();
});
