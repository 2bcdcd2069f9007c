import { type Browser, expect, type Page, request as playwrightRequest } from '@playwright/test';
import { confirmAssessorDeclaration } from './declaration-steps';
import { admin, e2ePort } from './e2e-env';
import { checklistPdf, scenePhoto, studentWithEvidence } from './grading-data';
import { expectToast, ownAddress, registerThroughUi, signInThroughUi, uniqueEmail } from './support';

const baseURL = `http://127.0.0.1:${e2ePort}`;

type Person = { firstName: string; lastName: string };

/**
 * An approved assessor: registered over the API, approved by the admin over REST. Answers the
 * credentials and a request context signed in as them (dispose it when done).
 */
export async function approvedAssessorApi(person: Person = { firstName: 'Ash', lastName: 'Assessor' }) {
  const email = uniqueEmail('assessor');
  const password = 'marking-time';
  const visitor = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': ownAddress() },
  });
  const registered = await visitor.post('/api/auth/register', {
    data: { ...person, email, password, role: 'assessor' },
  });
  expect(registered.ok()).toBe(true);
  const { user } = (await registered.json()) as { user: { id: string } };
  const adminApi = await playwrightRequest.newContext({ baseURL });
  expect((await adminApi.post('/api/auth/login', { data: admin })).ok()).toBe(true);
  expect((await adminApi.post(`/api/admin/users/${user.id}/approve`, { data: {} })).ok()).toBe(true);
  await adminApi.dispose();
  // Registering signed the visitor in; sign in again now that the account is approved.
  expect((await visitor.post('/api/auth/login', { data: { email, password } })).ok()).toBe(true);
  return { email, password, api: visitor };
}

/** An approved assessor, signed in on `page`: registered over the API, approved by the admin over REST. */
export async function approvedAssessor(page: Page, person?: Person): Promise<void> {
  const { email, password, api } = await approvedAssessorApi(person);
  await api.dispose();
  await signInThroughUi(page, email, password);
}

/** Pages through the grading screen's students until this one shows. */
export async function showStudent(page: Page, name: string): Promise<void> {
  const current = page.getByTestId('pager-student');
  await expect(current).toBeVisible();
  for (let step = 0; step < 200; step++) {
    if ((await current.textContent()) === name) return;
    await page.getByRole('button', { name: 'Next student' }).click();
  }
  throw new Error(`${name} is not on the grading screen`);
}

/**
 * An assessor grades one submission NYS (first meeting the validation toast), then bulk-grades the
 * other two as satisfactory; the student's own view shows every decision.
 */
export async function gradeOneThenBulk(page: Page): Promise<void> {
  const lastName = `Nguyen${Date.now().toString(36)}`;
  const name = `Linh ${lastName}`;
  const studentApi = await playwrightRequest.newContext({ baseURL });
  const { taskTitles } = await studentWithEvidence(
    studentApi,
    { firstName: 'Linh', lastName, email: uniqueEmail('graded'), unitCode: 'RIIWHS204E' },
    [
      { fileName: 'Harness on.jpg', fileType: 'image/jpeg', body: await scenePhoto(200, 'Harness') },
      { fileName: 'Checklist.pdf', fileType: 'application/pdf', body: checklistPdf() },
      { fileName: 'Anchor.jpg', fileType: 'image/jpeg', body: await scenePhoto(30, 'Anchor') },
    ],
  );

  await approvedAssessor(page);
  await page.goto('/grading');
  await expect(page.getByRole('heading', { level: 1, name: 'Grading' })).toBeVisible();
  await showStudent(page, name);
  const cards = page.getByTestId('submission-card');
  await expect(cards).toHaveCount(3);

  const first = cards.filter({ hasText: taskTitles[0] ?? '' });
  await expect(first.getByTestId('grading-file-size')).toHaveText(/^\d+\.\d KB$/);
  await first.getByTestId('grading-file').click();
  const preview = page.getByRole('dialog');
  await expect(preview.getByRole('img', { name: 'Harness on.jpg' })).toBeVisible();
  await preview.getByRole('button', { name: 'Zoom in' }).click();
  await expect(preview.getByText('150%')).toBeVisible();
  await preview.getByRole('button', { name: 'Close file' }).click();

  // A PDF previews in an iframe of the grading screen, so the file's answer must let our own page
  // frame it. (Headless Chromium has no PDF viewer, so what the frame shows cannot tell; its headers can.)
  const [pdfAnswer] = await Promise.all([
    page.waitForResponse((response) => response.url().includes('/files/download/')),
    cards
      .filter({ hasText: taskTitles[1] ?? '' })
      .getByTestId('grading-file')
      .click(),
  ]);
  await expect(page.getByTitle('PDF: Checklist.pdf')).toBeVisible();
  expect(pdfAnswer.headers()['content-disposition']).toMatch(/^inline;/);
  expect(pdfAnswer.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
  expect(pdfAnswer.headers()['x-frame-options'] ?? 'SAMEORIGIN').toBe('SAMEORIGIN');
  await page.getByRole('dialog').getByRole('button', { name: 'Close file' }).click();

  await first.getByRole('button', { name: 'Not Yet Satisfactory' }).click();
  await expectToast(page, 'Strategies required', 'Please provide re-assessment strategies for NYS');
  // The comment box grows with what is typed, from two lines to eight, then scrolls.
  const comment = first.getByLabel('Comment');
  const heightOf = async () => (await comment.boundingBox())?.height ?? 0;
  const twoLines = await heightOf();
  await comment.fill('1\n2\n3\n4');
  const fourLines = await heightOf();
  expect(fourLines).toBeGreaterThan(twoLines * 1.5);
  await comment.fill(Array.from({ length: 14 }, (_, line) => `line ${line + 1}`).join('\n'));
  const most = await heightOf();
  expect(most).toBeGreaterThan(fourLines * 1.5);
  expect(most).toBeLessThan(fourLines * 2.2);
  await comment.fill('The harness is not visible');
  await first.getByLabel('Strategies for reassessment').fill('A photo with the lanyard clipped on');
  await first.getByRole('button', { name: 'Not Yet Satisfactory' }).click();
  await confirmAssessorDeclaration(page);
  await expectToast(page, 'Grading complete', 'Submissions have been graded successfully');
  await expect(cards).toHaveCount(2);

  await page.getByRole('button', { name: 'Export Report' }).click();
  const exportDialog = page.getByRole('dialog', { name: 'Export assessment record' });
  await expect(exportDialog.getByLabel('Student')).toHaveValue(new RegExp(name));
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    exportDialog.getByRole('link', { name: 'Download PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`assessment-record-RIIWHS204E-Linh-${lastName}.pdf`);
  await page.keyboard.press('Escape');
  await expect(exportDialog).toHaveCount(0);

  await page.getByRole('button', { name: `Select all of ${name}` }).click();
  await expect(page.getByTestId('selected-count')).toHaveText('2 selected');
  await page.getByRole('button', { name: 'Grade 2 selected as Satisfactory' }).click();
  await expectToast(page, 'Grading complete', 'Submissions have been graded successfully');
  await expect(page.getByTestId('pager-student').filter({ hasText: name })).toHaveCount(0);

  const tasks = (await (await studentApi.get('/api/student/tasks')).json()) as {
    title: string;
    submission: { status: string; assessorComment: string | null } | null;
  }[];
  const statusOf = (title: string | undefined) => tasks.find((t) => t.title === title)?.submission;
  expect(statusOf(taskTitles[0])).toMatchObject({
    status: 'not_yet_satisfactory',
    assessorComment: 'The harness is not visible',
  });
  expect(statusOf(taskTitles[1])?.status).toBe('satisfactory');
  expect(statusOf(taskTitles[2])?.status).toBe('satisfactory');
  await studentApi.dispose();
}

/**
 * A self-registered assessor sees the waiting screen until an admin approves them in Users Management,
 * and their screen moves on by itself when the admin does.
 */
export async function waitingUntilApproved(page: Page, browser: Browser): Promise<void> {
  const email = uniqueEmail('waiting');
  await registerThroughUi(page, {
    firstName: 'Wren',
    lastName: 'Waiting',
    email,
    password: 'patience-pays',
    role: 'Assessor',
  });
  const waiting = page.getByTestId('awaiting-approval');
  await expect(waiting).toContainText('An administrator must approve your account');
  await page.goto('/grading');
  await expect(waiting).toBeVisible();
  await expect(page.getByTestId('submission-card')).toHaveCount(0);

  const adminContext = await browser.newContext({ baseURL, viewport: page.viewportSize() ?? undefined });
  const adminPage = await adminContext.newPage();
  await signInThroughUi(adminPage, admin.email, admin.password);
  await adminPage.goto('/admin/users');
  await adminPage.getByLabel('Search users').fill(email);
  // The search runs on the server after typing stops: wait until it has narrowed the list to them.
  await expect(adminPage.getByText(email)).toBeVisible();
  await expect(adminPage.getByText('Awaiting approval')).toHaveCount(1);
  await adminPage.getByRole('button', { name: 'Approve Wren Waiting as an assessor' }).click();
  await adminPage.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expectToast(adminPage, 'Assessor approved');
  await expect(adminPage.getByText('Awaiting approval')).toHaveCount(0);
  await adminContext.close();

  // The approval arrives live (the `user.changed` event): no 'Check again', no reload.
  await expect(waiting).toHaveCount(0);
  await page.goto('/grading');
  await expect(page.getByRole('heading', { level: 1, name: 'Grading' })).toBeVisible();
  await expect(waiting).toHaveCount(0);
}
