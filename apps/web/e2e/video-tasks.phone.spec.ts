import { type Browser, expect, type Page, test } from '@playwright/test';
import { confirmDeclaration } from './declaration-steps';
import { admin } from './e2e-env';
import { expectToast, registerThroughUi, uniqueEmail } from './support';

/** Issue 28: video is an evidence type a task may ask for, and its card offers the camera for it. */

/** A short MP4 as far as the server's magic-byte check goes: the `ftyp` box, then filler. */
function clip(): Buffer {
  const video = Buffer.alloc(64 * 1024, 0x11);
  Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d]).copy(video);
  return video;
}

/**
 * An admin (on a phone, through the task form) adds a video task to a new unit beside a photo task
 * made over REST; then `page` is a student enrolled in it, on their dashboard.
 */
async function studentWithVideoTask(page: Page, browser: Browser): Promise<void> {
  const adminPage = await (await browser.newContext({ viewport: page.viewportSize() })).newPage();
  expect((await adminPage.request.post('/api/auth/login', { data: admin })).ok()).toBe(true);
  const unitCode = `VID${Date.now().toString(36).toUpperCase().slice(-7)}`;
  const unit = await (
    await adminPage.request.post('/api/admin/units', { data: { unitCode, title: 'Video evidence' } })
  ).json();
  const photo = await adminPage.request.post(`/api/admin/units/${unit.id}/tasks`, {
    data: { title: 'Photograph the work area', evidenceTypes: ['photo'] },
  });
  expect(photo.ok()).toBe(true);

  await adminPage.goto(`/admin/units/${unit.id}/tasks`);
  await adminPage.getByRole('main').getByRole('button', { name: 'Add Task' }).first().click();
  const form = adminPage.getByRole('dialog');
  await form.getByLabel('Title').fill('Demonstrate the lifting technique');
  const types = form.getByRole('group', { name: 'Evidence types' });
  await expect(types.getByRole('checkbox')).toHaveCount(5);
  await types.getByRole('checkbox', { name: 'Photo' }).uncheck();
  await types.getByRole('checkbox', { name: 'Video' }).check();
  await form.getByRole('button', { name: 'Save Task' }).click();
  await expectToast(adminPage, 'Task created');
  const tasks = await (await adminPage.request.get(`/api/admin/units/${unit.id}/tasks`)).json();
  expect(tasks.map((task: { evidenceTypes: string[] }) => task.evidenceTypes)).toEqual([
    ['photo'],
    ['video'],
  ]);
  await adminPage.context().close();

  await registerThroughUi(page, {
    firstName: 'Vic',
    lastName: 'Video',
    email: uniqueEmail('video'),
    password: 'lights-camera',
  });
  expect((await page.request.post('/api/units/generate-tasks', { data: { unitCode } })).ok()).toBe(true);
  await page.goto('/');
  await expect(page.getByTestId('task-card')).toHaveCount(2);
}

test('on a phone, a video task offers the camera for a video, and a student records one as evidence', async ({
  page,
  browser,
}) => {
  await studentWithVideoTask(page, browser);
  const videoTask = page.getByTestId('task-card').filter({ hasText: 'Demonstrate the lifting technique' });
  const photoTask = page.getByTestId('task-card').filter({ hasText: 'Photograph the work area' });

  await expect(videoTask.getByTestId('evidence-type')).toHaveText(['VIDEO']);
  await expect(videoTask.getByRole('button', { name: 'Record video' })).toBeVisible();
  await expect(videoTask.getByRole('button', { name: 'Take photo' })).toHaveCount(0);
  // A photo task still takes a video as well, as it always has.
  await expect(photoTask.getByRole('button', { name: 'Take photo' })).toBeVisible();
  await expect(photoTask.getByRole('button', { name: 'Record video' })).toBeVisible();

  const camera = videoTask.getByTestId('evidence-video-input');
  await expect(camera).toHaveAttribute('accept', 'video/*');
  await expect(camera).toHaveAttribute('capture', 'environment');
  await videoTask.getByRole('button', { name: 'Record video' }).click();
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), confirmDeclaration(page)]);
  await chooser.setFiles({ name: 'lifting.mp4', mimeType: 'video/mp4', buffer: clip() });
  await expectToast(page, 'Evidence uploaded', 'Your evidence has been successfully uploaded');
  await expect(videoTask.getByTestId('task-status')).toHaveAttribute('data-status', 'submitted');
  const taskId = await videoTask.getAttribute('data-task-id');
  const evidence = await (await page.request.get(`/api/student/tasks/${taskId}/evidence`)).json();
  expect(evidence.submission.files[0]).toMatchObject({ fileName: 'lifting.mp4', fileType: 'video/mp4' });
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

  test('a video task offers to choose a video; a photo task offers no camera', async ({ page, browser }) => {
    await studentWithVideoTask(page, browser);
    const videoTask = page.getByTestId('task-card').filter({ hasText: 'Demonstrate the lifting technique' });
    const photoTask = page.getByTestId('task-card').filter({ hasText: 'Photograph the work area' });

    await expect(videoTask.getByRole('button', { name: 'Choose video' })).toBeVisible();
    await expect(photoTask.getByRole('button', { name: 'Choose video' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^(?:Take photo|Record video)$/ })).toHaveCount(0);
    await videoTask.getByRole('button', { name: 'Choose video' }).click();
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), confirmDeclaration(page)]);
    await chooser.setFiles({ name: 'lifting.mp4', mimeType: 'video/mp4', buffer: clip() });
    await expect(videoTask.getByTestId('task-status')).toHaveAttribute('data-status', 'submitted');
  });
});
