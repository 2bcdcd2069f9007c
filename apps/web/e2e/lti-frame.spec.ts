import { readFileSync } from 'node:fs';
import {
  type Browser,
  expect,
  type Frame,
  type Page,
  request as playwrightRequest,
  test,
} from '@playwright/test';
import { chromiumFlags, chromiumPath, oneProcessForFrames, partitionedStorageFlag } from './chromium';
import { admin, e2eLtiIssuer, e2ePort } from './e2e-env';
import { scenePhoto, uploadEvidence } from './grading-data';

// The app inside the fake LMS's course page, in an iframe on another site (localhost, the page being
// 127.0.0.1), so the browser sends none of the app's cookies there, as with third-party cookies
// blocked. The tab is signed in by its own session token (features/lti/tab-session.ts) and nothing else,
// kept in the frame's sessionStorage, which is partitioned as in shipping browsers (chromium.ts). The
// frame shares the page's process, so Playwright keeps track of it through the launch's moves.
test.use({
  launchOptions: {
    executablePath: chromiumPath,
    args: [...chromiumFlags, oneProcessForFrames, partitionedStorageFlag],
  },
});

/** A unit with one task, made through the admin API. */
async function unitWithTask(browser: Browser, title: string, task: string) {
  const adminPage = await (await browser.newContext()).newPage();
  expect((await adminPage.request.post('/api/auth/login', { data: admin })).ok()).toBe(true);
  const unitCode = `LFR${Date.now().toString(36).toUpperCase().slice(-6)}`;
  const unit = await (await adminPage.request.post('/api/admin/units', { data: { unitCode, title } })).json();
  const added = await adminPage.request.post(`/api/admin/units/${unit.id}/tasks`, {
    data: { title: task, phase: 'Do', evidenceTypes: ['photo'] },
  });
  expect(added.ok()).toBe(true);
  const { id: taskId } = (await added.json()) as { id: string };
  return {
    unitCode,
    unitId: unit.id as string,
    /** An admin's edit of the task's title, which reaches open screens through the live stream. */
    async renameTask(title: string) {
      const renamed = await adminPage.request.put(`/api/admin/tasks/${taskId}`, {
        data: { title, phase: 'Do', evidenceTypes: ['photo'] },
      });
      expect(renamed.ok()).toBe(true);
    },
    close: () => adminPage.context().close(),
  };
}

/** Opens the course page with the app launched in its iframe; the app's frame, once it is there. */
async function framedLaunch(page: Page, params: Record<string, string>): Promise<Frame> {
  await page.goto(
    `${e2eLtiIssuer}/course/page?${new URLSearchParams({ ...params, tool_host: 'localhost' })}`,
  );
  await expect
    // A launch is three round trips through the platform (login, auth, the signed launch): seconds on
    // a loaded runner. (The 45 s once allowed here hid Playwright losing the frame: chromium.ts.)
    .poll(() => page.frames().some((f) => f.url().startsWith(`http://localhost:${e2ePort}/`)), {
      timeout: 20_000,
    })
    .toBe(true);
  const frame = page.frames().find((f) => f.url().startsWith(`http://localhost:${e2ePort}/`));
  if (!frame) throw new Error('the app is not in the frame');
  return frame;
}

/** The LMS page with the app in its frame, at 1280x800 and 390x844, light and dark; back to 1280 light. */
async function screenshots(page: Page, name: string) {
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      const file = `${name}-${width}x${height}${scheme === 'dark' ? '-dark' : ''}.png`;
      await page.screenshot({ path: test.info().outputPath(file), fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
}

/** The frame's own tab state: its session token, and whether any cookie of ours came with it. */
async function frameState(frame: Frame) {
  return frame.evaluate(() => ({
    token: sessionStorage.getItem('evident.lti-tab-session'),
    cookie: document.cookie.includes('evident_session'),
  }));
}

test('a framed student stays signed in through a reload, and the live stream reaches them before and after it', async ({
  page,
  browser,
}) => {
  const unit = await unitWithTask(browser, 'Framed live unit', 'Record the framed live task');
  const streams: { token: string | undefined; cookie: string | undefined }[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname !== '/trpc/live.events.stream') return;
    const headers = request.headers();
    streams.push({ token: headers['x-evident-session'], cookie: headers.cookie });
  });
  // Streams the server has answered: a first connection hears only what happens after it is open (it
  // has no event id to resume from), so each edit below waits for the page's stream to be open.
  let streamsOpen = 0;
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/trpc/live.events.stream' && response.ok()) streamsOpen += 1;
  });
  const frame = await framedLaunch(page, {
    sub: `e2e-reload-${Date.now()}`,
    unit_code: unit.unitCode,
    link: `${unit.unitCode}-live`,
    given_name: 'Rhea',
    family_name: 'Reload',
  });
  const tab = page.frameLocator('#tool');
  await expect(tab.getByText('Record the framed live task')).toBeVisible({ timeout: 20_000 });
  const before = await frameState(frame);
  expect(before.token).toBeTruthy();
  expect(before.cookie).toBe(false);

  // Live: an admin's edit shows in the frame without a reload (the marker would not survive one).
  await frame.evaluate(() => {
    (window as unknown as { stillHere: boolean }).stillHere = true;
  });
  await expect.poll(() => streamsOpen).toBeGreaterThan(0);
  await unit.renameTask('Record the renamed live task');
  await expect(tab.getByText('Record the renamed live task')).toBeVisible();
  expect(await frame.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  // The stream went with the tab's token, and no cookie.
  expect(streams.length).toBeGreaterThan(0);
  expect(streams.every((s) => s.token === before.token && s.cookie === undefined)).toBe(true);

  const streamsBeforeReload = streams.length;
  const openBeforeReload = streamsOpen;
  // The frame reloads (the LMS page stays): still signed in, on the same tab session, still live.
  await frame.evaluate(() => setTimeout(() => window.location.reload(), 0));
  await expect
    .poll(() =>
      frame.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere).catch(() => true),
    )
    .toBeUndefined();
  await expect(tab.getByText('Record the renamed live task')).toBeVisible();
  await expect(tab.getByText('My Progress')).toBeVisible();
  await expect(tab.getByRole('button', { name: 'Sign In' })).toHaveCount(0);
  expect(await frameState(frame)).toEqual(before);
  await screenshots(page, 'lti-frame-reloaded');
  await expect.poll(() => streamsOpen).toBeGreaterThan(openBeforeReload);
  await unit.renameTask('Record the task renamed after the reload');
  await expect(tab.getByText('Record the task renamed after the reload')).toBeVisible();
  // A stream of the reloaded page's own carried it.
  expect(streams.length).toBeGreaterThan(streamsBeforeReload);
  expect(streams.every((s) => s.token === before.token && s.cookie === undefined)).toBe(true);
  await unit.close();
});

test('a framed teacher sees a student’s photo and downloads the Evidence Matrix CSV and the assessment record PDF', async ({
  page,
  browser,
}) => {
  const unit = await unitWithTask(browser, 'Framed report unit', 'Photograph the framed report task');
  await unit.close();
  const stamp = Date.now().toString(36);
  // A learner of the same course launches in a tab of their own and records a photo.
  const learner = await (await browser.newContext()).newPage();
  await learner.goto(
    `${e2eLtiIssuer}/course/launch?${new URLSearchParams({ sub: `fs-${stamp}`, unit_code: unit.unitCode, link: `${unit.unitCode}-r`, given_name: 'Fay', family_name: `Framed${stamp}` })}`,
  );
  await expect(learner.getByText('Photograph the framed report task')).toBeVisible();
  await uploadEvidence(learner.request, [
    { fileName: 'framed.jpg', fileType: 'image/jpeg', body: await scenePhoto(120, 'Framed') },
  ]);
  await learner.context().close();

  const frame = await framedLaunch(page, {
    sub: `ft-${stamp}`,
    role: 'Instructor',
    unit_code: unit.unitCode,
    link: `${unit.unitCode}-r`,
    given_name: 'Tom',
    family_name: 'Frame',
  });
  const tab = page.frameLocator('#tool');
  await expect(tab.getByRole('heading', { name: 'LMS courses', level: 1 })).toBeVisible({ timeout: 20_000 });
  expect((await frameState(frame)).cookie).toBe(false);

  // The Evidence Matrix of the course's unit: Export fetches the CSV with the tab's header.
  await frame.goto(`http://localhost:${e2ePort}/matrix?unitId=${unit.unitId}`);
  await expect(tab.getByRole('heading', { name: 'Evidence Matrix', level: 1 })).toBeVisible();
  await expect(tab.getByText(`Fay Framed${stamp}`)).toBeVisible();
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    tab.getByRole('link', { name: 'Export' }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/\.csv$/);
  expect(readFileSync(await csv.path(), 'utf8')).toContain(`Framed${stamp}`);
  await screenshots(page, 'lti-frame-matrix');

  // Grading: the photo shows (a signed URL, no cookie needed), and Export Report saves the PDF.
  await frame.goto(`http://localhost:${e2ePort}/grading`);
  await expect(tab.getByRole('heading', { level: 1, name: 'Grading' })).toBeVisible();
  const current = tab.getByTestId('pager-student');
  for (let step = 0; step < 50 && (await current.textContent()) !== `Fay Framed${stamp}`; step++)
    await tab.getByRole('button', { name: 'Next student' }).click();
  await expect(current).toHaveText(`Fay Framed${stamp}`);
  const card = tab.getByTestId('submission-card').filter({ hasText: 'Photograph the framed report task' });
  await card.getByTestId('grading-file').click();
  const photo = tab.getByRole('dialog').getByRole('img', { name: 'framed.jpg' });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await tab.getByRole('dialog').getByRole('button', { name: 'Close file' }).click();

  await tab.getByRole('button', { name: 'Export Report' }).click();
  const dialog = tab.getByRole('dialog', { name: 'Export assessment record' });
  await expect(dialog.getByRole('link', { name: 'Download PDF' })).toBeVisible();
  await screenshots(page, 'lti-frame-export-report');
  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('link', { name: 'Download PDF' }).click(),
  ]);
  expect(pdf.suggestedFilename()).toBe(`assessment-record-${unit.unitCode}-Fay-Framed${stamp}.pdf`);
  expect(
    readFileSync(await pdf.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  // The tab's session ends (signed out elsewhere, say): the next download is refused, and says why.
  const outside = await playwrightRequest.newContext();
  const token = (await frameState(frame)).token ?? '';
  const signedOut = await outside.post(`http://localhost:${e2ePort}/trpc/auth.session.logout`, {
    headers: { 'x-evident-session': token, 'content-type': 'application/json' },
    data: {},
  });
  expect(signedOut.ok()).toBe(true);
  await outside.dispose();
  await dialog.getByRole('link', { name: 'Download PDF' }).click();
  const toast = tab.locator('.mantine-Notification-root').filter({ hasText: 'Download failed' });
  await expect(toast).toContainText('Please sign in to continue');
  await screenshots(page, 'lti-frame-download-refused');
});
