import { expect, request as playwrightRequest, test } from '@playwright/test';
import { confirmAssessorDeclaration } from './declaration-steps';
import { e2ePort } from './e2e-env';
import { addEvidence, checklistPdf, scenePhoto, studentWithEvidence, taskIdOf } from './grading-data';
import { approvedAssessor, showStudent } from './grading-flows';
import { expectToast, uniqueEmail } from './support';

/**
 * Issue 29 §3 on the grading screen: a file sent without the student's declaration says so on its
 * tile; the first decision waits for the assessor's declaration, and the decision carries it, as its
 * card says once the student sends more.
 */
test("an assessor's decision carries their declaration; a file sent without the student's says 'Not declared'", async ({
  page,
}) => {
  const lastName = `Decl${Date.now().toString(36)}`;
  const name = `Remy ${lastName}`;
  const studentApi = await playwrightRequest.newContext({ baseURL: `http://127.0.0.1:${e2ePort}` });
  try {
    // The fixture records files as the spec's scripts do: without a declaration.
    const { taskTitles } = await studentWithEvidence(
      studentApi,
      { firstName: 'Remy', lastName, email: uniqueEmail('declared'), unitCode: 'RIIWHS204E' },
      [{ fileName: 'Harness on.jpg', fileType: 'image/jpeg', body: await scenePhoto(120, 'Harness') }],
    );
    const title = taskTitles[0] ?? '';

    await approvedAssessor(page, { firstName: 'Dana', lastName: 'Marker' });
    await page.goto('/grading');
    await showStudent(page, name);
    const card = page.getByTestId('submission-card').filter({ hasText: title });
    await expect(card.getByTestId('grading-file-undeclared')).toHaveText('Not declared');
    await expect(card.getByRole('button', { name: /Harness on\.jpg.*, not declared/ })).toBeVisible();

    await card.getByLabel('Strategies for reassessment').fill('Show the lanyard clipped on.');
    await card.getByRole('button', { name: 'Not Yet Satisfactory' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your declaration' });
    await expect(dialog.getByTestId('assessor-declaration-confirm')).toBeDisabled();
    await confirmAssessorDeclaration(page);
    await expectToast(page, 'Grading complete');

    // The student sends more: the card comes back, its last decision saying it was declared.
    await addEvidence(studentApi, await taskIdOf(studentApi, title), {
      fileName: 'Lanyard.pdf',
      fileType: 'application/pdf',
      body: checklistPdf(),
    });
    await page.reload();
    await showStudent(page, name);
    const again = page.getByTestId('submission-card').filter({ hasText: title });
    await expect(again.getByTestId('earlier-decisions')).toContainText(
      'Last decision: Not Yet Satisfactory by Dana Marker',
    );
    await expect(again.getByTestId('decision-declaration')).toHaveText(/· Declared \(version \d+\)$/);
  } finally {
    await studentApi.dispose();
  }
});
