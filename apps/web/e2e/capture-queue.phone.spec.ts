import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, devices, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { chromiumFlags, chromiumPath } from './chromium';
import { e2ePort } from './e2e-env';
import { listedTaskCount, studentWithUnit } from './support';
import { threePartVideo, uploadStep } from './upload-parts';

/**
 * Issue 18: a whole shift without signal loses nothing. Files captured offline wait in the capture
 * queue (IndexedDB), survive a reload and a browser restart (a persistent profile, as a phone keeps
 * its storage), and are recorded exactly once each, in their tasks, with their capture times, once
 * the connection returns. The app itself opens offline from the service worker's precache. Needs the
 * built app (`pnpm --filter @evident/web build`, served through E2E_WEB_DIST_DIR).
 */

const baseURL = `http://127.0.0.1:${e2ePort}`;
const phone = { ...devices['Pixel 5'], viewport: { width: 390, height: 844 } };

function openPhone(profileDir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profileDir, {
    ...phone,
    baseURL,
    executablePath: chromiumPath,
    args: chromiumFlags,
    serviceWorkers: 'allow',
  });
}

async function photo(shade: number): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: { r: shade, g: 120, b: 90 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** How many of the student's tasks the app has written to IndexedDB for offline use (0 if none yet). */
function storedTaskCount(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('keyval-store');
        open.onsuccess = () => {
          const read = open.result.transaction('keyval').objectStore('keyval').get('evident.queryCache');
          read.onsuccess = () => {
            type Stored = { state: { queries: { queryKey: unknown[]; state: { data?: unknown } }[] } };
            const tasks = (read.result as Stored | undefined)?.state.queries.find(
              (query) => JSON.stringify(query.queryKey[0]) === '["student","tasks","list"]',
            );
            resolve(Array.isArray(tasks?.state.data) ? tasks.state.data.length : 0);
          };
          read.onerror = () => resolve(0);
        };
        open.onerror = () => resolve(0);
      }),
  );
}

/**
 * Once the worker has precached the app and the tasks on screen are written to IndexedDB. It waits for
 * the tasks themselves: the store also holds what an earlier screen (sign-up, before any unit) wrote.
 */
async function readyForOffline(page: Page, taskCount: number) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await expect.poll(() => storedTaskCount(page)).toBe(taskCount);
}

/** A cold start from the service worker on a loaded machine can take seconds before the first screen. */
const coldStart = { timeout: 30_000 };

type EvidenceFile = { fileName: string; capturedAt: string | null; createdAt: string };

async function filesOf(page: Page, taskId: string): Promise<EvidenceFile[]> {
  const response = await page.request.get(`/api/student/tasks/${taskId}/evidence`);
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { submission: { files: EvidenceFile[] } | null };
  return body.submission?.files ?? [];
}

test('three photos captured offline survive a reload and a browser restart, then are recorded once each with their capture times', async () => {
  test.slow();
  const profileDir = mkdtempSync(join(tmpdir(), 'evident-phone-'));
  try {
    let context = await openPhone(profileDir);
    let page = context.pages()[0] ?? (await context.newPage());
    await studentWithUnit(page);
    const cards = page.getByTestId('task-card');
    const firstTask = (await cards.nth(0).getAttribute('data-task-id')) ?? '';
    const secondTask = (await cards.nth(1).getAttribute('data-task-id')) ?? '';
    const taskCount = await listedTaskCount(page);
    await readyForOffline(page, taskCount);

    await context.setOffline(true);
    const capturedFrom = Date.now();
    const shots = [
      { card: 0, name: 'scaffold-tag.jpg', shade: 40 },
      { card: 0, name: 'harness-check.jpg', shade: 120 },
      { card: 1, name: 'site-sign-in.jpg', shade: 200 },
    ];
    for (const [index, shot] of shots.entries()) {
      const card = cards.nth(shot.card);
      await card
        .getByTestId('evidence-photo-input')
        .setInputFiles({ name: shot.name, mimeType: 'image/jpeg', buffer: await photo(shot.shade) });
      await expect(page.getByTestId('queue-badge')).toHaveAttribute('data-count', String(index + 1));
    }
    const firstCard = cards.nth(0);
    await expect(firstCard.getByTestId('queued-capture')).toHaveCount(2);
    await expect(firstCard.getByTestId('queued-capture-status').first()).toContainText('Waiting for signal');
    await expect(page.getByTestId('offline-banner')).toContainText('Offline: showing what was last loaded');
    const capturedTo = Date.now();

    // A reload with no connection: the app comes from the precache, the tasks from IndexedDB.
    await page.reload();
    await expect(page.getByTestId('offline-banner')).toBeVisible(coldStart);
    await expect(page.getByTestId('task-card')).toHaveCount(taskCount, coldStart);
    await expect(page.getByTestId('queue-badge')).toHaveAttribute('data-count', '3');

    // The browser is closed (the phone reclaims it) and opened again, still without signal.
    await context.close();
    context = await openPhone(profileDir);
    await context.setOffline(true);
    page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await expect(page.getByTestId('task-card')).toHaveCount(taskCount, coldStart);
    await expect(page.getByTestId('queue-badge')).toHaveAttribute('data-count', '3');
    await expect(page.getByTestId('task-card').nth(1).getByTestId('queued-capture')).toHaveCount(1);

    // Signal returns: everything goes by itself, one at a time.
    const onlineAt = Date.now();
    await context.setOffline(false);
    await expect(page.getByTestId('queue-badge')).toHaveCount(0, { timeout: 30_000 });

    const first = await filesOf(page, firstTask);
    const second = await filesOf(page, secondTask);
    expect(first.map((f) => f.fileName).sort()).toEqual(['harness-check.jpg', 'scaffold-tag.jpg']);
    expect(second.map((f) => f.fileName)).toEqual(['site-sign-in.jpg']);
    for (const file of [...first, ...second]) {
      const captured = Date.parse(file.capturedAt ?? '');
      // Captured while offline; received only after the connection came back.
      expect(captured).toBeGreaterThanOrEqual(capturedFrom - 1000);
      expect(captured).toBeLessThanOrEqual(capturedTo);
      expect(Date.parse(file.createdAt)).toBeGreaterThanOrEqual(onlineAt - 1000);
    }
    await expect(page.getByTestId('task-card').nth(0).getByTestId('task-status')).toHaveAttribute(
      'data-status',
      'submitted',
    );
    await context.close();
  } finally {
    // Chromium may still be writing to its profile for a moment after the context closes.
    rmSync(profileDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
});

/** Evidence recorded from elsewhere (another device of the student's): the task becomes submitted. */
async function recordElsewhere(page: Page, taskId: string) {
  const file = { fileName: 'toolbox-talk.pdf', fileType: 'application/pdf' };
  const bytes = Buffer.from(
    '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  );
  const grant = await page.request.post('/api/evidence/upload-url', {
    data: { ...file, fileSize: bytes.length },
  });
  expect(grant.ok()).toBe(true);
  const { uploadUrl, objectPath } = (await grant.json()) as { uploadUrl: string; objectPath: string };
  const url = new URL(uploadUrl, baseURL);
  const put = await page.request.put(`${url.pathname}${url.search}`, {
    data: bytes,
    headers: { 'content-type': file.fileType },
  });
  expect(put.ok()).toBe(true);
  expect((await page.request.post('/api/evidence', { data: { ...file, taskId, objectPath } })).ok()).toBe(
    true,
  );
}

test('a student who closes the app as soon as their tasks show still sees them when it opens offline', async () => {
  test.slow();
  const profileDir = mkdtempSync(join(tmpdir(), 'evident-phone-'));
  try {
    let context = await openPhone(profileDir);
    let page = context.pages()[0] ?? (await context.newPage());
    await studentWithUnit(page);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    const taskId = (await page.getByTestId('task-card').first().getAttribute('data-task-id')) ?? '';
    await recordElsewhere(page, taskId);

    // The app opens on the list it last kept, then shows the server's newer one, and is closed the
    // moment it does (a phone reclaiming an app the student switched away from).
    await page.reload();
    const status = page.getByTestId('task-card').first().getByTestId('task-status');
    await expect(status).toHaveAttribute('data-status', 'submitted', coldStart);
    await context.close();

    context = await openPhone(profileDir);
    await context.setOffline(true);
    page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await expect(page.getByTestId('offline-banner')).toContainText(
      'Offline: showing what was last loaded',
      coldStart,
    );
    await expect(page.getByTestId('task-card').first().getByTestId('task-status')).toHaveAttribute(
      'data-status',
      'submitted',
      coldStart,
    );
    await context.close();
  } finally {
    rmSync(profileDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
});

test('a connection cut in the middle of a part resumes by itself without sending finished parts again', async ({
  page,
  context,
}) => {
  await studentWithUnit(page);
  const card = page.getByTestId('task-card').first();
  const video = threePartVideo();

  const sent: string[] = [];
  let cut = false;
  await page.route('**/files/upload/**', async (route) => {
    const step = uploadStep(route);
    sent.push(step);
    // The phone loses signal while part 2 is on its way, after part 1 arrived.
    if (step === 'PUT 2' && !cut) {
      cut = true;
      await context.setOffline(true);
      await route.abort('internetdisconnected');
      return;
    }
    await route.continue();
  });
  await card
    .getByTestId('evidence-file-input')
    .setInputFiles({ name: 'forklift-check.mp4', mimeType: 'video/mp4', buffer: video });
  await expect(card.getByTestId('queued-capture-status')).toContainText('Waiting for signal');
  expect(sent).toEqual(['PUT 1', 'PUT 2']);

  await context.setOffline(false);
  await expect(card.getByTestId('task-status')).toHaveAttribute('data-status', 'submitted', {
    timeout: 30_000,
  });
  // It asked what arrived, sent parts 2 and 3 only, then had them joined.
  expect(sent.slice(2)).toEqual(['GET ', 'PUT 2', 'PUT 3', 'POST 3']);
  const taskId = (await card.getAttribute('data-task-id')) ?? '';
  const files = await filesOf(page, taskId);
  expect(files).toHaveLength(1);
});

test('a queued file can be removed before it is sent', async ({ page, context }) => {
  await studentWithUnit(page);
  const card = page.getByTestId('task-card').first();
  await context.setOffline(true);
  await card
    .getByTestId('evidence-photo-input')
    .setInputFiles({ name: 'blurry.jpg', mimeType: 'image/jpeg', buffer: await photo(10) });
  await expect(page.getByTestId('queue-badge')).toHaveAttribute('data-count', '1');
  await card.getByTestId('remove-queued').click();
  await expect(card.getByTestId('queued-capture')).toHaveCount(0);
  await expect(page.getByTestId('queue-badge')).toHaveCount(0);
  await context.setOffline(false);
  await page.reload();
  await expect(page.getByTestId('queue-badge')).toHaveCount(0);
  const taskId = (await card.getAttribute('data-task-id')) ?? '';
  expect(await filesOf(page, taskId)).toHaveLength(0);
});

test('the tasks kept for offline use leave the device when the session ends without a log-out', async ({
  page,
  context,
}) => {
  await studentWithUnit(page);
  const taskCount = await listedTaskCount(page);
  await expect.poll(() => storedTaskCount(page)).toBe(taskCount);
  // The session ends on the server's side (expired, or ended elsewhere): no log-out ran here.
  await context.clearCookies();
  await page.reload();
  // The next person reaches for Sign In; by then the app has asked who is signed in: no one.
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect.poll(() => storedTaskCount(page)).toBe(0);
});
