import { expect, request as playwrightRequest, test } from '@playwright/test';
import { e2ePort } from './e2e-env';
import { approvedAssessorApi, showStudent } from './grading-flows';
import { expectToast, hasNoHorizontalOverflow, ownAddress, signInThroughUi, uniqueEmail } from './support';

/**
 * Issue 29 §5: an assessor observing a student at work fills the task's checklist on a phone with no
 * signal; it waits in the capture queue and is recorded exactly once when the connection is back, as
 * evidence on the student's submission.
 */

const baseURL = `http://127.0.0.1:${e2ePort}`;

type Observation = { id: string; signedName: string; items: { key: string; result: string }[] };
type Checklist = { items: { key: string }[]; submission: { id: string } | null };

/** A student of RIIWHS204E, set up over the API: the generator maps each task to its requirement items. */
async function studentWithMappedTask() {
  const api = await playwrightRequest.newContext({ baseURL });
  const lastName = `Observed${Date.now().toString(36)}`;
  const email = uniqueEmail('observed');
  const registered = await api.post('/api/auth/register', {
    data: {
      firstName: 'Kai',
      lastName,
      email,
      password: 'on-the-tools',
      role: 'student',
    },
    headers: { 'x-forwarded-for': ownAddress() },
  });
  expect(registered.ok()).toBe(true);
  const { user } = (await registered.json()) as { user: { id: string } };
  const login = await api.post('/api/auth/login', { data: { email, password: 'on-the-tools' } });
  expect(login.ok(), await login.text()).toBe(true);
  const setUp = await api.post('/api/units/generate-tasks', { data: { unitCode: 'RIIWHS204E' } });
  expect(setUp.ok(), await setUp.text()).toBe(true);
  const tasks = (await (await api.get('/api/student/tasks')).json()) as { id: string; title: string }[];
  await api.dispose();
  const [task] = tasks;
  if (!task) throw new Error('the unit has no tasks');
  return { studentId: user.id, name: `Kai ${lastName}`, task };
}

test('an assessor fills a checklist without signal and it is sent exactly once when the signal returns', async ({
  page,
  context,
}) => {
  const student = await studentWithMappedTask();
  const assessor = await approvedAssessorApi({ firstName: 'Olive', lastName: 'Observer' });
  const checklistUrl = `/api/assessor/observations/checklist?studentId=${student.studentId}&taskId=${student.task.id}`;
  const checklist = async () => (await (await assessor.api.get(checklistUrl)).json()) as Checklist;
  const { items } = await checklist();
  expect(items.length).toBeGreaterThan(0);

  await signInThroughUi(page, assessor.email, assessor.password);
  await page.goto(`/observe/${student.studentId}/${student.task.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Observation checklist' })).toBeVisible();
  await expect(page.getByText(`${student.name} · RIIWHS204E · ${student.task.title}`)).toBeVisible();
  const lines = page.getByTestId('observation-item');
  await expect(lines).toHaveCount(items.length);

  // In the field: no signal from here on.
  await context.setOffline(true);
  await expect(page.getByTestId('offline-banner')).toContainText('Offline: keep observing');
  // Signing with an item left open says which.
  await page.getByRole('button', { name: 'Sign and save' }).click();
  await expect(page.getByText('Choose a result for every item before signing.')).toBeVisible();
  for (const [index, item] of items.entries()) {
    const line = lines.nth(index);
    const result = index === 0 ? 'Not observed' : index === 1 ? 'N/A' : 'Observed';
    // The segment's label is what a finger taps; the radio behind it is what a screen reader reads.
    await line
      .locator('label')
      .filter({ hasText: new RegExp(`^${result}$`) })
      .click();
    await expect(line.getByRole('radio', { name: result, exact: true })).toBeChecked();
    if (index === 0)
      await line.getByLabel(`Note on ${item.key} (optional)`).fill('Skipped the pre-start check');
  }
  await page.getByLabel('Place').fill('Site 4, level 3 scaffold');
  await page.getByLabel('Duration in minutes').fill('35');
  await page.getByLabel('Signed by').fill('Olive Observer');
  expect(await hasNoHorizontalOverflow(page)).toBe(true);
  await page.getByRole('button', { name: 'Sign and save' }).click();

  await expect(
    page.getByText('Saved on this device. It will be sent by itself when you have signal again.'),
  ).toBeVisible();
  await expect(page.getByTestId('queued-observations')).toContainText('Waiting to be sent');
  await expect(page.getByTestId('observation-queue-badge')).toHaveAttribute('data-count', '1');
  // Nothing reached the server: the student still has no submission for the task.
  expect((await checklist()).submission).toBeNull();

  await context.setOffline(false);
  await expectToast(page, 'Observation sent');
  await expect(page.getByTestId('observation-queue-badge')).toHaveCount(0);
  await expect(page.getByTestId('queued-observations')).toHaveCount(0);

  // Sent once: a second connection event and a reload find nothing left to send.
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Observation checklist' })).toBeVisible();
  const submission = (await checklist()).submission;
  expect(submission).not.toBeNull();
  const listed = await assessor.api.get(`/api/assessor/observations?submissionIds=${submission?.id}`);
  const observations = (await listed.json()) as Observation[];
  expect(observations).toHaveLength(1);
  expect(observations[0]?.signedName).toBe('Olive Observer');
  expect(observations[0]?.items.map((item) => item.result)).toEqual(
    items.map((_, index) => (index === 0 ? 'not_observed' : index === 1 ? 'not_applicable' : 'observed')),
  );

  // Evidence on the submission: the grading screen shows it to the assessor.
  await page.goto('/grading');
  await showStudent(page, student.name);
  const card = page.getByTestId('submission-card').filter({ hasText: student.task.title });
  await expect(card.getByTestId('observation-card')).toContainText('Observation by Olive Observer');
  await expect(card.getByTestId('observation-card')).toContainText('Skipped the pre-start check');

  // The Evidence Matrix's cell says what it holds, a checklist and no file, not '0 files'.
  const matrix = (await (await assessor.api.get('/api/reports/evidence-matrix')).json()) as {
    units: { id: string; unitCode: string }[];
  };
  const unitId = matrix.units.find((unit) => unit.unitCode === 'RIIWHS204E')?.id;
  await page.goto(`/matrix?unitId=${unitId}`);
  const row = page.getByTestId('matrix-row').filter({ hasText: student.name });
  await expect(row.getByRole('button', { name: 'Submitted - 1 observation', exact: true })).toHaveText(
    '1 obs',
  );
  await assessor.api.dispose();
});
