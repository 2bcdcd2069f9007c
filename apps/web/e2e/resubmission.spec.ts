import {
  type APIRequestContext,
  expect,
  type Page,
  request as playwrightRequest,
  test,
} from '@playwright/test';
import { confirmAssessorDeclaration } from './declaration-steps';
import { e2ePort } from './e2e-env';
import { addEvidence, checklistPdf, scenePhoto, studentWithEvidence, taskIdOf } from './grading-data';
import { approvedAssessor, approvedAssessorApi, showStudent } from './grading-flows';
import { expectToast, uniqueEmail } from './support';

const baseURL = `http://127.0.0.1:${e2ePort}`;

type Waiting = { id: string; studentId: string; task: { title: string } };

/** Priya Nair, an assessor over the API, grades the student's waiting task NYS with her feedback. */
async function gradedNotYet(assessorApi: APIRequestContext, studentName: string, taskTitle: string) {
  const list = (await (await assessorApi.get('/api/assessor/submissions')).json()) as (Waiting & {
    student: { firstName: string; lastName: string };
  })[];
  const waiting = list.find(
    (s) => `${s.student.firstName} ${s.student.lastName}` === studentName && s.task.title === taskTitle,
  );
  if (!waiting) throw new Error(`${taskTitle} for ${studentName} is not waiting`);
  const graded = await assessorApi.post('/api/assessor/grade', {
    data: {
      submissionIds: [waiting.id],
      status: 'not_yet_satisfactory',
      comment: 'The harness is on, but the lanyard is not clipped in.',
      strategiesForReassessment: 'Add a photo showing the lanyard clipped to the anchor point.',
    },
  });
  expect(graded.ok(), await graded.text()).toBe(true);
}

/**
 * A student's photo judged NYS by Priya Nair, then answered with a second photo and a checklist: the
 * resubmission an assessor then reviews.
 */
async function resubmittedTask(student: APIRequestContext) {
  const lastName = `Resub${Date.now().toString(36)}`;
  const name = `Mia ${lastName}`;
  const { taskTitles } = await studentWithEvidence(
    student,
    { firstName: 'Mia', lastName, email: uniqueEmail('resubmitted'), unitCode: 'RIIWHS204E' },
    [{ fileName: 'Harness on.jpg', fileType: 'image/jpeg', body: await scenePhoto(200, 'Harness') }],
  );
  const title = taskTitles[0] ?? '';
  const priya = await approvedAssessorApi({ firstName: 'Priya', lastName: 'Nair' });
  await gradedNotYet(priya.api, name, title);
  await priya.api.dispose();
  const taskId = await taskIdOf(student, title);
  await addEvidence(student, taskId, {
    fileName: 'Lanyard clipped.jpg',
    fileType: 'image/jpeg',
    body: await scenePhoto(30, 'Lanyard'),
  });
  await addEvidence(student, taskId, {
    fileName: 'Checklist.pdf',
    fileType: 'application/pdf',
    body: checklistPdf(),
  });
  return { name, title };
}

/** The card of one task on the grading screen, with its student shown. */
async function openCard(page: Page, name: string, title: string) {
  await page.goto('/grading');
  await showStudent(page, name);
  const card = page.getByTestId('submission-card').filter({ hasText: title });
  await expect(card).toHaveCount(1);
  return card;
}

test('a resubmission marks the judged photo NYS and the files added since as New, with the last comment and strategies above the boxes', async ({
  page,
}) => {
  const student = await playwrightRequest.newContext({ baseURL });
  const { name, title } = await resubmittedTask(student);
  await student.dispose();

  await approvedAssessor(page);
  const card = await openCard(page, name, title);
  await expect(card.getByText('Resubmitted', { exact: false })).toBeVisible();
  const tiles = card.getByTestId('grading-file');
  await expect(tiles).toHaveCount(3);
  await expect(tiles.filter({ hasText: 'Harness on.jpg' }).getByTestId('file-mark')).toHaveText('NYS');
  await expect(tiles.filter({ hasText: 'Lanyard clipped.jpg' }).getByTestId('file-mark')).toHaveText('New');
  await expect(tiles.filter({ hasText: 'Checklist.pdf' }).getByTestId('file-mark')).toHaveText('New');
  await expect(
    card.getByRole('button', { name: /Harness on\.jpg.*judged Not Yet Satisfactory by an earlier decision/ }),
  ).toBeVisible();
  await expect(card.getByTestId('new-files-count')).toHaveText('2 files new since the last decision');

  const earlier = card.getByTestId('earlier-decisions');
  await expect(earlier).toContainText('Last decision: Not Yet Satisfactory by Priya Nair');
  await expect(earlier.getByTestId('earlier-comment')).toHaveText(
    'The harness is on, but the lanyard is not clipped in.',
  );
  await expect(earlier.getByTestId('earlier-strategies')).toHaveText(
    'Strategies: Add a photo showing the lanyard clipped to the anchor point.',
  );
  // Read right before writing: the earlier feedback sits directly above the comment box.
  const earlierBox = await earlier.boundingBox();
  const commentBox = await card.getByLabel('Comment').boundingBox();
  expect(earlierBox && commentBox && earlierBox.y + earlierBox.height <= commentBox.y).toBe(true);

  for (const scheme of ['light', 'dark'] as const) {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize(viewport);
      const shown = await openCard(page, name, title);
      await expect(shown.getByTestId('grading-file').first()).toBeVisible();
      await page.screenshot({
        path: test.info().outputPath(`resubmission-${viewport.width}-${scheme}.png`),
        fullPage: true,
      });
    }
  }
});

test('View Evidence offers Withdraw on the files added since the NYS, never on the photo the assessor judged', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL });
  try {
    const { title } = await resubmittedTask(context.request);
    const page = await context.newPage();
    await page.goto('/');
    const card = page.getByRole('article').filter({ hasText: title });
    await card.getByRole('button', { name: /^View Evidence/ }).click();
    const viewer = page.getByRole('dialog');
    const items = viewer.getByRole('list', { name: 'Evidence files' }).getByRole('listitem');
    await expect(items).toHaveCount(3);
    const judged = items.filter({ hasText: 'Harness on.jpg' });
    await expect(judged.getByTestId('file-assessed')).toHaveText('Already assessed');
    await expect(judged.getByRole('button', { name: /Withdraw/ })).toHaveCount(0);
    await expect(viewer.getByRole('button', { name: /Withdraw/ })).toHaveCount(2);
    await page.screenshot({ path: test.info().outputPath('view-evidence-1280.png') });

    // Withdrawing a new file works, as offered; the judged photo still offers nothing.
    await items
      .filter({ hasText: 'Checklist.pdf' })
      .getByRole('button', { name: /Withdraw/ })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Withdraw', exact: true }).click();
    await expectToast(page, 'Evidence withdrawn');
    await expect(items).toHaveCount(2);
    await expect(viewer.getByRole('button', { name: /Withdraw/ })).toHaveCount(1);
    await expect(judged.getByRole('button', { name: /Withdraw/ })).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test('when another assessor grades a card open on my screen, it says who and keeps what I typed until I dismiss it', async ({
  browser,
}) => {
  const student = await playwrightRequest.newContext({ baseURL });
  const lastName = `Both${Date.now().toString(36)}`;
  const name = `Noa ${lastName}`;
  const { taskTitles } = await studentWithEvidence(
    student,
    { firstName: 'Noa', lastName, email: uniqueEmail('two-assessors'), unitCode: 'SITXFSA005' },
    [
      { fileName: 'Hands washed.jpg', fileType: 'image/jpeg', body: await scenePhoto(120, 'Hands') },
      { fileName: 'Bench wiped.jpg', fileType: 'image/jpeg', body: await scenePhoto(200, 'Bench') },
    ],
  );
  await student.dispose();
  const [firstTitle = '', secondTitle = ''] = taskTitles;
  const mine = await browser.newContext();
  const theirs = await browser.newContext();
  try {
    const me = await mine.newPage();
    await approvedAssessor(me, { firstName: 'Ash', lastName: 'Assessor' });
    const other = await theirs.newPage();
    await approvedAssessor(other, { firstName: 'Bo', lastName: 'Second' });
    for (const page of [me, other]) {
      await page.goto('/grading');
      await showStudent(page, name);
    }

    const myCard = me.getByTestId('submission-card').filter({ hasText: firstTitle });
    await myCard.getByLabel('Comment').fill('Good technique; the soap is out of shot though.');
    await myCard.getByLabel('Strategies for reassessment').fill('Retake with the soap in view.');

    const theirCard = other.getByTestId('submission-card').filter({ hasText: firstTitle });
    await theirCard.getByRole('button', { name: 'Satisfactory', exact: true }).click();
    await confirmAssessorDeclaration(other);
    await expectToast(other, 'Grading complete', 'Submissions have been graded successfully');

    // My screen: the card stays in its place, says who graded it, and keeps my text read-only.
    const gone = me.getByTestId('graded-elsewhere');
    await expect(gone).toHaveCount(1);
    await expect(gone).toContainText(firstTitle);
    await expect(gone.getByTestId('graded-by')).toContainText('Graded by Bo Second just now');
    await expect(gone.getByTestId('graded-by')).toContainText('Decision: Satisfactory');
    const kept = gone.getByLabel('Your comment (not sent)');
    await expect(kept).toHaveValue('Good technique; the soap is out of shot though.');
    await expect(kept).toHaveAttribute('readonly', '');
    await expect(gone.getByLabel('Your strategies for reassessment (not sent)')).toHaveValue(
      'Retake with the soap in view.',
    );
    await expect(me.getByTestId('submission-card')).toHaveCount(1);
    await me.screenshot({ path: test.info().outputPath('graded-elsewhere-1280.png'), fullPage: true });
    const order = await me
      .locator('[data-testid="graded-elsewhere"], [data-testid="submission-card"]')
      .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-testid')));
    expect(order).toEqual(['graded-elsewhere', 'submission-card']);
    await gone.getByRole('button', { name: `Dismiss ${firstTitle}` }).click();
    await expect(gone).toHaveCount(0);

    // The student's last card graded elsewhere too: the student stays on my screen until I dismiss it.
    const lastCard = me.getByTestId('submission-card').filter({ hasText: secondTitle });
    await lastCard.getByLabel('Comment').fill('Nearly there.');
    await other
      .getByTestId('submission-card')
      .filter({ hasText: secondTitle })
      .getByRole('button', { name: 'Satisfactory', exact: true })
      .click();
    await expectToast(other, 'Grading complete');
    await expect(gone.getByTestId('graded-by')).toContainText('Graded by Bo Second');
    await expect(gone.getByLabel('Your comment (not sent)')).toHaveValue('Nearly there.');
    await expect(me.getByTestId('pager-student')).toHaveText(name);
    await gone.getByRole('button', { name: `Dismiss ${secondTitle}` }).click();
    await expect(gone).toHaveCount(0);
    await expect(me.getByTestId('pager-student').filter({ hasText: name })).toHaveCount(0);
  } finally {
    await mine.close();
    await theirs.close();
  }
});
