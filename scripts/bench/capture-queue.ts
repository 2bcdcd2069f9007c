import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import sharp from 'sharp';
import { launchChromium, report, signIn, startServer } from './harness';

/**
 * Issue 18: ten 1 MB photos captured with no signal, then the connection comes back on a throttled
 * link (Chromium's network emulation at DevTools' '3G': 562.5 ms latency, 1.6 Mbit/s down and
 * 750 kbit/s up, each times 0.9): how long until all ten are recorded through the capture queue,
 * beside the same ten files sent the old direct way (upload-url, PUT, record, one after another)
 * over the same link once it is back.
 */
const photos = 10;
const threeG = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadThroughput: (750 * 1024 * 0.9) / 8,
};

/**
 * A camera photo that is still about 1 MB after the in-browser compression (grainy, 2.7 MP). The old
 * path then sends exactly the bytes the queue recorded, so both move the same photos.
 */
async function photo(seed: number): Promise<Buffer> {
  const width = 1900;
  const height = 1400;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = ((i + seed) * 2_654_435_761) >>> 24;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 75 })
    .toBuffer();
}

async function studentPage(url: string, context: BrowserContext): Promise<{ page: Page; cookie: string }> {
  const email = `bench-${Date.now().toString(36)}@bench.test`;
  const password = 'bench-password-1';
  const registered = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, firstName: 'Bench', lastName: 'Student', role: 'student' }),
  });
  if (!registered.ok) throw new Error(`register failed: ${registered.status} ${await registered.text()}`);
  const cookie = await signIn(url, email, password);
  const setUp = await fetch(`${url}/api/units/generate-tasks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ unitCode: 'HLTINF006' }),
  });
  if (!setUp.ok) throw new Error(`unit set-up failed: ${setUp.status}`);
  const [name = '', value = ''] = cookie.split('=');
  await context.addCookies([{ name, value, url }]);
  const page = await context.newPage();
  await page.goto(url);
  await page.getByTestId('task-card').first().waitFor();
  return { page, cookie };
}

async function recordedBytes(
  url: string,
  cookie: string,
): Promise<{ files: number; bytes: number; bodies: Buffer[] }> {
  const tasks = (await (await fetch(`${url}/api/student/tasks`, { headers: { cookie } })).json()) as {
    id: string;
  }[];
  let files = 0;
  let bytes = 0;
  const bodies: Buffer[] = [];
  for (const task of tasks) {
    const evidence = (await (
      await fetch(`${url}/api/student/tasks/${task.id}/evidence`, { headers: { cookie } })
    ).json()) as { submission: { files: { fileSize: number; url: string }[] } | null };
    for (const file of evidence.submission?.files ?? []) {
      files++;
      bytes += file.fileSize;
      bodies.push(Buffer.from(await (await fetch(new URL(file.url, url))).arrayBuffer()));
    }
  }
  return { files, bytes, bodies };
}

async function offline(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: true,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
}

/** Queue: captured offline into the queue, then timed from the link coming back to all recorded. */
async function throughQueue(
  url: string,
  files: Buffer[],
): Promise<{ ms: number; bytes: number; bodies: Buffer[] }> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const { page, cookie } = await studentPage(url, context);
    const cdp = await context.newCDPSession(page);
    await offline(cdp);
    const input = page.getByTestId('task-card').first().getByTestId('evidence-file-input');
    for (const [index, buffer] of files.entries()) {
      await input.setInputFiles({ name: `photo-${index + 1}.jpg`, mimeType: 'image/jpeg', buffer });
      await page.locator(`[data-testid="queue-badge"][data-count="${index + 1}"]`).waitFor();
    }
    const started = performance.now();
    await cdp.send('Network.emulateNetworkConditions', threeG);
    await page.getByTestId('queue-badge').waitFor({ state: 'detached', timeout: 15 * 60_000 });
    const ms = performance.now() - started;
    const recorded = await recordedBytes(url, cookie);
    if (recorded.files !== files.length) throw new Error(`queue recorded ${recorded.files} files`);
    return { ms, bytes: recorded.bytes, bodies: recorded.bodies };
  } finally {
    await browser.close();
  }
}

/** The old way: nothing survives offline, so once the link is back each file goes straight up. */
async function direct(url: string, files: Buffer[]): Promise<{ ms: number; bytes: number }> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const { page, cookie } = await studentPage(url, context);
    const taskId = await page.getByTestId('task-card').first().getAttribute('data-task-id');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', threeG);
    const payloads = files.map((buffer) => buffer.toString('base64'));
    const started = performance.now();
    // No named helpers inside: tsx would wrap them in a `__name` call the page does not have.
    await page.evaluate(
      async ({ payloads, taskId }) => {
        for (const [index, base64] of payloads.entries()) {
          const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
          const fileName = `photo-${index + 1}.jpg`;
          const headers = { 'content-type': 'application/json' };
          const grant = await (
            await fetch('/api/evidence/upload-url', {
              method: 'POST',
              headers,
              body: JSON.stringify({ fileName, fileType: 'image/jpeg' }),
            })
          ).json();
          await fetch(grant.uploadUrl, {
            method: 'PUT',
            headers: { 'content-type': 'image/jpeg' },
            body: bytes,
          });
          await fetch('/api/evidence', {
            method: 'POST',
            headers,
            body: JSON.stringify({ taskId, fileName, fileType: 'image/jpeg', objectPath: grant.objectPath }),
          });
        }
      },
      { payloads, taskId },
    );
    const ms = performance.now() - started;
    const recorded = await recordedBytes(url, cookie);
    if (recorded.files !== files.length) throw new Error(`direct path recorded ${recorded.files} files`);
    return { ms, bytes: recorded.bytes };
  } finally {
    await browser.close();
  }
}

export async function benchCaptureQueue(): Promise<void> {
  console.log(`\n# Capture queue: ${photos} photos of about 1 MB, connection back on a '3G' link`);
  const files = await Promise.all(Array.from({ length: photos }, (_, i) => photo(i)));
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const server = await startServer({ SEED_DEMO: '0' });
  try {
    const queued = await throughQueue(server.url, files);
    report(`capture queue: link back -> all ${photos} recorded`, `${(queued.ms / 1000).toFixed(1)} s`);
    report('  bytes recorded (after in-browser compression)', mb(queued.bytes));
    const old = await direct(server.url, queued.bodies);
    report(`old direct path: ${photos} sent one after another`, `${(old.ms / 1000).toFixed(1)} s`);
    report('  bytes recorded', mb(old.bytes));
  } finally {
    await server.stop();
  }
}
