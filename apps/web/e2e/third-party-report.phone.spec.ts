import { join } from 'node:path';
import { listOutbox } from '@evident/mail/outbox-reader';
import { expect, request as playwrightRequest, test } from '@playwright/test';
import { confirmAssessorDeclaration } from './declaration-steps';
import { e2eDataDir, e2ePort } from './e2e-env';
import { studentWithEvidence } from './grading-data';
import { approvedAssessorApi, showStudent } from './grading-flows';
import { expectToast, hasNoHorizontalOverflow, signInThroughUi, uniqueEmail } from './support';

/**
 * Issue 30 §1: a workplace supervisor, who has no account, opens the mailed link on a phone and
 * reports on the student's task; the student's assessor sees the report on the grading screen,
 * labelled as supplementary evidence, and the spent link says so.
 */

const baseURL = `http://127.0.0.1:${e2ePort}`;

/** The link mailed to the supervisor, read from the server's .eml outbox. */
async function mailedLink(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(() => {
      const message = listOutbox(join(e2eDataDir, 'outbox')).find((m) => m.to === email);
      link = message?.text.match(/https?:\/\/\S+\/third-party\/[A-Za-z0-9_-]{43}/)?.[0];
      return Boolean(link);
    })
    .toBe(true);
  return link ?? '';
}

test('a supervisor reports from the mailed link on a phone and the assessor sees it labelled', async ({
  page,
  browser,
}) => {
  const lastName = `Placement${Date.now().toString(36)}`;
  const studentName = `Mia ${lastName}`;
  const studentApi = await playwrightRequest.newContext({ baseURL });
  // The student uploads nothing: the supervisor's report alone brings the task to the assessor.
  await studentWithEvidence(
    studentApi,
    { firstName: 'Mia', lastName, email: uniqueEmail('placement'), unitCode: 'RIIWHS204E' },
    [],
  );
  const [firstTask] = (await (await studentApi.get('/api/student/tasks')).json()) as {
    id: string;
    title: string;
  }[];
  const taskTitle = firstTask?.title ?? '';
  const taskId = firstTask?.id ?? '';
  const supervisorEmail = uniqueEmail('supervisor');
  const asked = await studentApi.post('/api/third-party-requests', {
    data: {
      supervisorName: 'Sam Boss',
      supervisorEmail,
      workplace: 'Acme Scaffolding',
      relationship: 'Site supervisor',
      taskIds: [taskId],
    },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  await studentApi.dispose();
  const link = await mailedLink(supervisorEmail);

  // The supervisor: a phone of their own, no account, no cookies.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const supervisor = await phone.newPage();
  await supervisor.goto(new URL(new URL(link).pathname, baseURL).toString());
  await expect(
    supervisor.getByRole('heading', { level: 1, name: `Report on ${studentName}'s work` }),
  ).toBeVisible();
  await expect(supervisor.getByText(taskTitle, { exact: true })).toBeVisible();
  // Sending with nothing filled in says what is missing, and sends nothing.
  await supervisor.getByRole('button', { name: 'Send Report' }).click();
  await expect(supervisor.getByRole('alert').filter({ hasText: 'Some answers are missing' })).toBeVisible();
  await supervisor
    .locator('label')
    .filter({ hasText: /^Yes, I saw it$/ })
    .click();
  await supervisor.getByLabel('Date observed').fill('2026-03-02');
  await supervisor
    .getByLabel('Comment (optional)')
    .fill('Set up the edge protection before anyone went up. <b>not bold</b>');
  await supervisor.getByLabel('Your role').fill('Site supervisor');
  await supervisor.getByLabel('How long you have supervised the student').fill('6 months');
  await supervisor.getByLabel('Your own experience in this work').fill('20 years as a scaffolder');
  await supervisor.getByLabel('I make this declaration').check();
  await supervisor.getByLabel('Type your full name as your signature').fill('Sam Boss');
  expect(await hasNoHorizontalOverflow(supervisor)).toBe(true);
  await supervisor.getByRole('button', { name: 'Send Report' }).click();
  await expect(supervisor.getByRole('heading', { name: 'Report sent' })).toBeVisible();
  // The link is spent: opened again, it says so.
  await supervisor.reload();
  await expect(supervisor.getByRole('heading', { name: 'This link no longer works' })).toBeVisible();
  await expect(supervisor.getByText('This report has already been sent.')).toBeVisible();
  await phone.close();

  // The assessor sees it on the grading card, labelled supplementary, and records the phone call.
  const assessor = await approvedAssessorApi({ firstName: 'Vera', lastName: 'Verifier' });
  await signInThroughUi(page, assessor.email, assessor.password);
  await page.goto('/grading');
  await showStudent(page, studentName);
  const card = page.getByTestId('submission-card').filter({ hasText: taskTitle });
  const report = card.getByTestId('third-party-report');
  await expect(report).toContainText('Third-party report (supplementary)');
  await expect(report).toContainText('Sam Boss, Site supervisor at Acme Scaffolding');
  await expect(report).toContainText('<b>not bold</b>');
  await expect(report).toContainText('Not verified yet');
  await report.getByRole('button', { name: 'Record Verification' }).click();
  await report.getByLabel('Note').fill('Called Sam, who confirmed the report');
  await report.getByRole('button', { name: 'Save Verification' }).click();
  await expect(report.getByTestId('third-party-verifications')).toContainText(
    'Verified by Vera Verifier (Phone call',
  );
  await expect(card.getByRole('list', { name: 'Supervisor report requests' })).toContainText('Submitted');
  // The report is the evidence to judge: the card takes a decision like any other.
  await expect(card).toContainText('No files from the student');
  await card.getByRole('button', { name: 'Satisfactory', exact: true }).click();
  await confirmAssessorDeclaration(page);
  await expectToast(page, 'Grading complete');
  // Other specs' students share the unit and its task titles: Mia's card is the one that goes.
  await expect(
    page.getByTestId('submission-card').filter({ hasText: taskTitle }).filter({ hasText: studentName }),
  ).toHaveCount(0);
  await assessor.api.dispose();
});
