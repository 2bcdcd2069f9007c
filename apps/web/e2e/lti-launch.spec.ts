import { expect, test } from '@playwright/test';
import { admin, e2eLtiIssuer, e2eLtiPort, e2ePort } from './e2e-env';
import { scenePhoto, uploadEvidence } from './grading-data';
import { expectToast, hasNoHorizontalOverflow, signInThroughUi } from './support';

// A course link in the fake LMS starts a real LTI 1.3 launch (login initiation, the platform's
// auto-posted id_token, the launch) that lands the student on their dashboard for the linked unit.
test('a launch from the LMS lands a student on their dashboard for the linked unit', async ({
  page,
  browser,
}) => {
  const adminPage = await (await browser.newContext()).newPage();
  expect((await adminPage.request.post('/api/auth/login', { data: admin })).ok()).toBe(true);
  const unitCode = `LTI${Date.now().toString(36).toUpperCase().slice(-6)}`;
  const unit = await (
    await adminPage.request.post('/api/admin/units', {
      data: { unitCode, title: 'Launched from the course' },
    })
  ).json();
  const added = await adminPage.request.post(`/api/admin/units/${unit.id}/tasks`, {
    data: { title: 'Photograph the hand-washing steps', phase: 'Do', evidenceTypes: ['photo'] },
  });
  expect(added.ok()).toBe(true);
  const otherCode = `${unitCode}B`;
  const other = await (
    await adminPage.request.post('/api/admin/units', {
      data: { unitCode: otherCode, title: 'A second course link' },
    })
  ).json();
  expect(
    (
      await adminPage.request.post(`/api/admin/units/${other.id}/tasks`, {
        data: { title: 'Label the sharps container', phase: 'Do', evidenceTypes: ['photo'] },
      })
    ).ok(),
  ).toBe(true);
  await adminPage.context().close();

  const sub = `e2e-${Date.now()}`;
  const launch = (code: string, link: string) =>
    page.goto(
      `http://127.0.0.1:${e2eLtiPort}/course/launch?${new URLSearchParams({ sub, unit_code: code, link, given_name: 'Lina', family_name: 'Launch' })}`,
    );
  await launch(unitCode, `${unitCode}-link`);
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByText('My Progress')).toBeVisible();
  await expect(page.getByText('Photograph the hand-washing steps')).toBeVisible();

  // A second course link, to another unit: the same student lands on that unit's tasks.
  await launch(otherCode, `${otherCode}-link`);
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByText('Label the sharps container')).toBeVisible();
  await expect(page.getByText('Photograph the hand-washing steps')).toHaveCount(0);
});

test('the LTI configuration screen says LTI is switched on for this server', async ({ page }) => {
  await page.goto('/lti-config');
  await expect(page.getByTestId('lti-server-status')).toHaveText('This server: LTI is switched on.');
});

/** A unit with one task, made through the admin API; its code. */
async function unitWithTask(browser: import('@playwright/test').Browser, title: string, task: string) {
  const adminPage = await (await browser.newContext()).newPage();
  expect((await adminPage.request.post('/api/auth/login', { data: admin })).ok()).toBe(true);
  const unitCode = `LTF${Date.now().toString(36).toUpperCase().slice(-6)}`;
  const unit = await (await adminPage.request.post('/api/admin/units', { data: { unitCode, title } })).json();
  const added = await adminPage.request.post(`/api/admin/units/${unit.id}/tasks`, {
    data: { title: task, phase: 'Do', evidenceTypes: ['photo'] },
  });
  expect(added.ok()).toBe(true);
  await adminPage.context().close();
  return unitCode;
}

test('inside the LMS iframe, with no cookie kept, a student lands on their tasks and can open a new window', async ({
  page,
  browser,
}) => {
  const unitCode = await unitWithTask(browser, 'Framed course unit', 'Record the framed handover');
  const sub = `e2e-frame-${Date.now()}`;
  // The course page is on the LMS's address; the app in its iframe on another site (localhost), so
  // the browser keeps none of the app's cookies there (SameSite, as with third-party cookies blocked).
  await page.goto(
    `${e2eLtiIssuer}/course/page?${new URLSearchParams({ sub, unit_code: unitCode, link: `${unitCode}-frame`, given_name: 'Fran', family_name: 'Frame', tool_host: 'localhost' })}`,
  );
  const frame = page.frameLocator('#tool');
  await expect(frame.getByText('Record the framed handover')).toBeVisible({ timeout: 20_000 });
  await expect(frame.getByText('My Progress')).toBeVisible();
  // The state went through the platform storage and came back from it.
  const calls = await page.evaluate(
    () => (window as unknown as { storageCalls: { subject: string }[] }).storageCalls,
  );
  expect(calls.map((c) => c.subject)).toEqual(['lti.put_data', 'lti.get_data']);
  const appFrame = page.frames().find((f) => f.url().startsWith(`http://localhost:${e2ePort}`));
  expect(await appFrame?.evaluate(() => document.cookie.includes('evident_session'))).toBeFalsy();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: test.info().outputPath('lti-iframe-1280x800.png'), fullPage: true });

  const [opened] = await Promise.all([
    page.context().waitForEvent('page'),
    frame.getByTestId('open-in-new-window').click(),
  ]);
  await expect(opened).toHaveURL(new RegExp(`^http://localhost:${e2ePort}/$`));
  await expect(opened.getByText('Record the framed handover')).toBeVisible();
  await expect(opened.getByTestId('open-in-new-window')).toHaveCount(0);
});

test('a teacher launched from the course syncs its roster with a button', async ({ page, browser }) => {
  const unitCode = await unitWithTask(browser, 'Roster course unit', 'Label the roster task');
  const stamp = Date.now().toString(36);
  const members = [
    {
      user_id: `r-${stamp}-1`,
      roles: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'],
      given_name: 'Ro',
      family_name: 'One',
    },
    {
      user_id: `r-${stamp}-2`,
      roles: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'],
      given_name: 'Sy',
      family_name: 'Two',
    },
    {
      user_id: `t-${stamp}`,
      roles: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor'],
      given_name: 'Tea',
      family_name: 'Cher',
    },
  ];
  expect((await page.request.post(`${e2eLtiIssuer}/course/members`, { data: members })).ok()).toBe(true);
  await page.goto(
    `${e2eLtiIssuer}/course/launch?${new URLSearchParams({ sub: `t-${stamp}`, role: 'Instructor', unit_code: unitCode, link: `${unitCode}-roster`, given_name: 'Tea', family_name: 'Cher' })}`,
  );
  await expect(page).toHaveURL(/\/lms-courses\?course=/);
  await expect(page.getByRole('heading', { name: 'LMS courses', level: 1 })).toBeVisible();
  const course = page
    .getByRole('list', { name: 'LMS courses' })
    .getByRole('listitem')
    .filter({ hasText: 'Opened from here' });
  await expect(course).toContainText('Certificate III in Care');
  await course.getByRole('button', { name: 'Sync roster of Certificate III in Care' }).click();
  await expect(course.getByRole('status')).toContainText('2 students on the roster');
  await page.screenshot({ path: test.info().outputPath('lms-courses-1280x800.png'), fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: test.info().outputPath('lms-courses-1280x800-dark.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await hasNoHorizontalOverflow(page)).toBe(true);
  await page.screenshot({ path: test.info().outputPath('lms-courses-390x844-dark.png'), fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.screenshot({ path: test.info().outputPath('lms-courses-390x844.png'), fullPage: true });
});

test('a grade the LMS refuses waits on the Grade passbacks screen, and Retry now sends it', async ({
  browser,
  page,
}) => {
  const unitCode = await unitWithTask(browser, 'Passback course unit', 'Photograph the passback task');
  // A course of its own: the roster spec's sync of the shared course ends the enrolment of a learner
  // it does not list, and a teacher from an LMS sees only their classes' students.
  const stamp = Date.now().toString(36);
  const column = `col-${stamp}`;
  // The gradebook is down.
  expect(
    (await page.request.post(`${e2eLtiIssuer}/course/fail-scores`, { data: { count: 1000 } })).ok(),
  ).toBe(true);
  const learner = await (await browser.newContext()).newPage();
  await learner.goto(
    `${e2eLtiIssuer}/course/launch?${new URLSearchParams({ sub: `p-${stamp}`, unit_code: unitCode, link: `${unitCode}-pb`, lineitem: column, given_name: 'Pat', family_name: 'Passback', course: `course-${stamp}` })}`,
  );
  await expect(learner.getByText('Photograph the passback task')).toBeVisible();
  await uploadEvidence(learner.request, [
    { fileName: 'passback.jpg', fileType: 'image/jpeg', body: await scenePhoto(200, 'Passback') },
  ]);
  const teacher = await (await browser.newContext()).newPage();
  await teacher.goto(
    `${e2eLtiIssuer}/course/launch?${new URLSearchParams({ sub: `pt-${stamp}`, role: 'Instructor', unit_code: unitCode, link: `${unitCode}-pb`, given_name: 'Tad', family_name: 'Teach', course: `course-${stamp}` })}`,
  );
  await expect(teacher).toHaveURL(/\/lms-courses/);
  const waiting = (await (await teacher.request.get('/api/assessor/submissions')).json()) as {
    id: string;
    unit: { unitCode: string };
  }[];
  const submission = waiting.find((s) => s.unit.unitCode === unitCode);
  const graded = await teacher.request.post('/api/assessor/grade', {
    data: { submissionIds: [submission?.id], status: 'satisfactory' },
  });
  expect(graded.ok()).toBe(true);
  await learner.context().close();
  await teacher.context().close();

  await signInThroughUi(page, admin.email, admin.password);
  await page.goto('/admin/lti/passbacks');
  const row = page
    .getByRole('list', { name: 'Grade passbacks' })
    .getByRole('listitem')
    .filter({ hasText: 'Pat Passback' });
  await expect(async () => {
    await page.reload();
    await expect(row).toContainText('503', { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expect(row).toContainText(unitCode);
  await expect(row).toContainText('Waiting');
  await page.screenshot({
    path: test.info().outputPath('lti-passbacks-waiting-1280x800.png'),
    fullPage: true,
  });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({
    path: test.info().outputPath('lti-passbacks-waiting-1280x800-dark.png'),
    fullPage: true,
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({
    path: test.info().outputPath('lti-passbacks-waiting-390x844-dark.png'),
    fullPage: true,
  });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.screenshot({
    path: test.info().outputPath('lti-passbacks-waiting-390x844.png'),
    fullPage: true,
  });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The gradebook is back: Retry now sends it at once instead of after the backoff.
  expect((await page.request.post(`${e2eLtiIssuer}/course/fail-scores`, { data: { count: 0 } })).ok()).toBe(
    true,
  );
  await row.getByRole('button', { name: 'Retry the passback for Pat Passback' }).click();
  await expectToast(page, 'Passback queued', 'It is sent again now');
  await expect
    .poll(
      async () =>
        (
          (await (await page.request.get(`${e2eLtiIssuer}/course/scores`)).json()) as { lineItem: string }[]
        ).some((s) => s.lineItem.endsWith(`/lineitems/${column}`)),
      { timeout: 20_000 },
    )
    .toBe(true);
  await page.reload();
  await expect(row).toHaveCount(0);
});
