import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { expectToast, studentWithUnit } from './support';
import { threePartVideo, uploadStep } from './upload-parts';

/**
 * A 12-megapixel photo as a phone camera saves it: smooth light with sensor grain, high JPEG quality,
 * and EXIF that includes a location.
 */
async function phonePhoto(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  const clamp = (v: number) => Math.min(255, Math.max(0, Math.round(v)));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const grain = ((x * 7919 + y * 104_729) % 13) - 6;
      pixels[i] = clamp((x / width) * 200 + 30 + grain);
      pixels[i + 1] = clamp((y / height) * 180 + 40 + grain);
      pixels[i + 2] = clamp(((x + y) / (width + height)) * 150 + 60 + grain);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .withExif({ IFD0: { Make: 'PhoneCo', Model: 'Field 12' }, IFD3: { GPSLatitudeRef: 'S' } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

/**
 * A small photo that another app already squeezed hard (JPEG quality 10), stored sideways with an EXIF
 * orientation and carrying a location: re-encoding it at our quality makes it larger, not smaller.
 */
async function squeezedSidewaysPhoto(): Promise<Buffer> {
  const width = 640;
  const height = 480;
  // Noise, which a low quality smears into blocks whose edges a higher quality then spends bytes on.
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2_654_435_761) >>> 24;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'PhoneCo' },
      IFD3: {
        GPSLatitudeRef: 'S',
        GPSLatitude: '33/1 52/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '151/1 12/1 0/1',
      },
    })
    .jpeg({ quality: 10 })
    .toBuffer();
}

test('a student uploads a compressed photo, watches the progress, and sees it as evidence', async ({
  page,
}) => {
  await studentWithUnit(page);
  const original = await phonePhoto();
  const card = page.getByTestId('task-card').first();
  const taskId = await card.getAttribute('data-task-id');
  await expect(card.getByTestId('task-status')).toHaveAttribute('data-status', 'pending');

  // Slow the upload down a little so the progress bar is on screen long enough to see.
  await page.route('**/files/upload/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await card
    .getByTestId('evidence-file-input')
    .setInputFiles({ name: 'site-photo.jpg', mimeType: 'image/jpeg', buffer: original });
  await expect(card.getByTestId('add-evidence')).toHaveText('Uploading...');
  await expect(card.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
  await expectToast(page, 'Evidence uploaded', 'Your evidence has been successfully uploaded');
  await expect(card.getByTestId('task-status')).toHaveAttribute('data-status', 'submitted');
  // The thumbnail is made in the background, a moment after the upload is recorded.
  await expect
    .poll(async () => {
      const view = await (await page.request.get(`/api/student/tasks/${taskId}/evidence`)).json();
      return view.submission.files[0].thumbnailStatus;
    })
    .toBe('ready');

  await card.getByTestId('view-evidence').click();
  const viewer = page.getByTestId('evidence-viewer');
  await expect(viewer.getByTestId('evidence-file')).toHaveCount(1);
  await expect(viewer.getByTestId('evidence-file-size')).toHaveText(/^\d+\.\d KB$/);
  await expect(viewer.locator('img').first()).toBeVisible();

  const evidence = await (await page.request.get(`/api/student/tasks/${taskId}/evidence`)).json();
  const file = evidence.submission.files[0];
  const stored = Buffer.from(await (await page.request.get(file.url)).body());
  expect(stored.length).toBe(file.fileSize);
  expect(stored.length).toBeLessThan(original.length);
  expect(stored.length).toBeLessThan(1024 * 1024);
  const meta = await sharp(stored).metadata();
  expect(meta.format).toBe('jpeg');
  expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(2560);
  expect(meta.exif).toBeUndefined();
});

test('a photo the server cannot make a preview of is kept as evidence and shows a generic icon that opens it', async ({
  page,
}) => {
  await studentWithUnit(page);
  // PNG's signature, then nothing a decoder can read: the browser cannot shrink it, the server cannot preview it.
  const damaged = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.alloc(2000, 7),
  ]);
  const card = page.getByTestId('task-card').first();
  const taskId = await card.getAttribute('data-task-id');
  await card
    .getByTestId('evidence-file-input')
    .setInputFiles({ name: 'site-plan.png', mimeType: 'image/png', buffer: damaged });
  await expectToast(page, 'Evidence uploaded');
  await expect
    .poll(async () => {
      const view = await (await page.request.get(`/api/student/tasks/${taskId}/evidence`)).json();
      return view.submission.files[0].thumbnailStatus;
    })
    .toBe('failed');

  await card.getByTestId('view-evidence').click();
  const viewer = page.getByTestId('evidence-viewer');
  const placeholder = viewer.getByTestId('evidence-image-placeholder');
  await expect(placeholder).toBeVisible();
  await expect(placeholder).toContainText('No preview for this photo');
  await expect(placeholder).toHaveAttribute('target', '_blank');
  await expect(viewer.locator('img')).toHaveCount(0);
  await expect(viewer.getByRole('link', { name: /Download site-plan\.png/ })).toHaveAttribute(
    'download',
    'site-plan.png',
  );
});

test('a small photo that re-encoding makes larger is still stored upright and without its location', async ({
  page,
}) => {
  await studentWithUnit(page);
  const original = await squeezedSidewaysPhoto();
  const source = await sharp(original).metadata();
  expect(source.orientation).toBe(6);
  expect(source.exif).toBeDefined();
  const card = page.getByTestId('task-card').first();
  const taskId = await card.getAttribute('data-task-id');

  await card
    .getByTestId('evidence-file-input')
    .setInputFiles({ name: 'meter-reading.jpeg', mimeType: 'image/jpeg', buffer: original });
  await expectToast(page, 'Evidence uploaded');
  await expect(card.getByTestId('task-status')).toHaveAttribute('data-status', 'submitted');

  const evidence = await (await page.request.get(`/api/student/tasks/${taskId}/evidence`)).json();
  const file = evidence.submission.files[0];
  expect(file.fileName).toBe('meter-reading.jpg');
  const stored = Buffer.from(await (await page.request.get(file.url)).body());
  expect(stored.length).toBe(file.fileSize);
  // The case under test: the re-encoded JPEG is no smaller than the original, and it is sent anyway.
  expect(stored.length).toBeGreaterThanOrEqual(original.length);
  const meta = await sharp(stored).metadata();
  expect(meta.format).toBe('jpeg');
  expect(meta.exif).toBeUndefined();
  // Turned upright in the pixels, since the orientation tag went with the rest of the EXIF.
  expect({ width: meta.width, height: meta.height }).toEqual({ width: 480, height: 640 });
});

test('an upload that fails shows the toast, clears the marker and can be retried without choosing again', async ({
  page,
}) => {
  await studentWithUnit(page);
  const card = page.getByTestId('task-card').first();
  await page.route('**/files/upload/**', (route) => route.abort('connectionreset'));
  await card.getByTestId('evidence-file-input').setInputFiles({
    name: 'form.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
  });
  await expectToast(page, 'Upload failed', 'Failed to upload evidence. Please try again');
  await expect(card.getByText('Uploading...')).toHaveCount(0);
  await expect(card.getByTestId('retry-upload')).toBeVisible();
  await expect(card.getByTestId('task-status')).toHaveAttribute('data-status', 'pending');

  await page.unroute('**/files/upload/**');
  await card.getByTestId('retry-upload').click();
  await expectToast(page, 'Evidence uploaded');
  await expect(card.getByTestId('task-status')).toHaveAttribute('data-status', 'submitted');
});

test('a retry after the answer to a finished upload was lost records the file that arrived, once', async ({
  page,
}) => {
  await studentWithUnit(page);
  const card = page.getByTestId('task-card').first();
  const taskId = await card.getAttribute('data-task-id');
  const uploads: number[] = [];
  // The bytes reach the server, then the phone loses the connection before the answer comes back.
  await page.route('**/files/upload/**', async (route) => {
    const response = await route.fetch();
    uploads.push(response.status());
    await route.abort('connectionreset');
  });
  await card.getByTestId('evidence-file-input').setInputFiles({
    name: 'form.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
  });
  await expectToast(page, 'Upload failed', 'Failed to upload evidence. Please try again');
  expect(uploads).toEqual([200]);

  await page.unroute('**/files/upload/**');
  await page.route('**/files/upload/**', async (route) => {
    const response = await route.fetch();
    uploads.push(response.status());
    await route.fulfill({ response });
  });
  await card.getByTestId('retry-upload').click();
  await expectToast(page, 'Evidence uploaded');
  await expect(card.getByTestId('task-status')).toHaveAttribute('data-status', 'submitted');
  // The same URL was used again; the server kept the first file and refused to replace it.
  expect(uploads).toEqual([200, 409]);
  const evidence = await (await page.request.get(`/api/student/tasks/${taskId}/evidence`)).json();
  expect(evidence.submission.files).toHaveLength(1);
});

test('a big video goes up in parts, and after a dropped part the retry sends only what is missing', async ({
  page,
}) => {
  await studentWithUnit(page);
  const card = page.getByTestId('task-card').first();
  const video = threePartVideo();

  const sent: string[] = [];
  let dropped = false;
  await page.route('**/files/upload/**', async (route) => {
    const step = uploadStep(route);
    sent.push(step);
    // The connection drops while part 2 is on its way, after part 1 arrived.
    if (step === 'PUT 2' && !dropped) {
      dropped = true;
      await route.abort('connectionreset');
      return;
    }
    await route.continue();
  });
  await card
    .getByTestId('evidence-file-input')
    .setInputFiles({ name: 'forklift-check.mp4', mimeType: 'video/mp4', buffer: video });
  await expectToast(page, 'Upload failed', 'Failed to upload evidence. Please try again');
  expect(sent).toEqual(['PUT 1', 'PUT 2']);

  await card.getByTestId('retry-upload').click();
  await expectToast(page, 'Evidence uploaded');
  await expect(card.getByTestId('task-status')).toHaveAttribute('data-status', 'submitted');
  // The retry asked what arrived, sent parts 2 and 3 only, then joined them.
  expect(sent.slice(2)).toEqual(['GET ', 'PUT 2', 'PUT 3', 'POST 3']);

  const taskId = await card.getAttribute('data-task-id');
  const evidence = await (await page.request.get(`/api/student/tasks/${taskId}/evidence`)).json();
  expect(evidence.submission.files[0]).toMatchObject({ fileType: 'video/mp4', fileSize: video.length });
});
