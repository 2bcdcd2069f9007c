import { expect, test } from '@playwright/test';
import { confirmAssessorDeclaration } from './declaration-steps';
import { scenePhoto, studentWithEvidence, uploadEvidence } from './grading-data';
import { approvedAssessor, showStudent } from './grading-flows';
import { expectToast, uniqueEmail } from './support';

/** Set on the window; still there only if the page was never reloaded. */
const markPage = () => {
  (window as unknown as { stillHere: boolean }).stillHere = true;
};
const pageWasKept = () => (window as unknown as { stillHere?: boolean }).stillHere === true;

test("new evidence appears on an open grading screen, and the assessor's decision on the student's open dashboard, without reloads", async ({
  browser,
}) => {
  const studentContext = await browser.newContext();
  const assessorContext = await browser.newContext();
  try {
    const lastName = `Live${Date.now().toString(36)}`;
    const name = `Kai ${lastName}`;
    const { taskTitles } = await studentWithEvidence(
      studentContext.request,
      { firstName: 'Kai', lastName, email: uniqueEmail('live-graded'), unitCode: 'SITXFSA005' },
      [{ fileName: 'Hands washed.jpg', fileType: 'image/jpeg', body: await scenePhoto(120, 'Hands') }],
    );
    const firstTitle = taskTitles[0] ?? '';

    const student = await studentContext.newPage();
    await student.goto('/');
    await expect(student.getByRole('heading', { name: 'My Progress' })).toBeVisible();
    const firstCard = student.getByRole('article').filter({ hasText: firstTitle });
    await expect(firstCard).toContainText('Submitted');
    await student.evaluate(markPage);

    const assessor = await assessorContext.newPage();
    await approvedAssessor(assessor);
    await assessor.goto('/grading');
    await showStudent(assessor, name);
    const cards = assessor.getByTestId('submission-card');
    await expect(cards).toHaveCount(1);
    await assessor.evaluate(markPage);

    // The student records more evidence on another task while the grading screen is open.
    const [secondTitle] = await uploadEvidence(studentContext.request, [
      { fileName: 'Bench wiped.jpg', fileType: 'image/jpeg', body: await scenePhoto(200, 'Bench') },
    ]);
    await expect(cards).toHaveCount(2);
    await expect(cards.filter({ hasText: secondTitle ?? '' })).toHaveCount(1);
    expect(await assessor.evaluate(pageWasKept)).toBe(true);

    // The assessor's decision reaches the student's dashboard.
    await cards
      .filter({ hasText: firstTitle })
      .getByRole('button', { name: 'Satisfactory', exact: true })
      .click();
    await confirmAssessorDeclaration(assessor);
    await expectToast(assessor, 'Grading complete', 'Submissions have been graded successfully');
    await expect(firstCard).toContainText('Satisfactory');
    expect(await student.evaluate(pageWasKept)).toBe(true);
  } finally {
    await studentContext.close();
    await assessorContext.close();
  }
});
