import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { completedStudent } from './completed-student-seed';
import { admin } from './e2e-env';
import { expectToast } from './support';

// Issue 30 §2: a round ends with actions, each with an owner and tracked to done, and a report. The
// admin adds an action for the student's assessor, marks it done, closes the round with a review still
// missing (the confirm says which), and downloads the report, which prints all of it.

test('a validation round: an action added and marked done, the round closed, its report downloaded', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // Every spec's seed has a Riley Reviewer: the owner is picked by email, as the list shows it.
  const { unitId, unitCode, studentName, assessorName, assessorEmail } = await completedStudent();
  expect((await page.request.post('/api/auth/login', { data: admin })).ok()).toBe(true);

  // The admin validates (they judged nothing here) with a TAE40122; the round is made over the API,
  // as validation-round.spec.ts makes one through the screens.
  const me = (await (await page.request.get('/api/auth/user')).json()) as { id: string; firstName: string };
  const credential = await page.request.post(`/api/admin/users/${me.id}/credentials`, {
    data: { code: 'TAE40122', title: 'Certificate IV in Training and Assessment', heldOn: '2024-03-01' },
  });
  expect(credential.ok(), await credential.text()).toBe(true);
  const made = await page.request.post('/api/admin/validation-rounds', {
    data: { unitId, sampleSize: 1, validatorIds: [me.id] },
  });
  expect(made.ok(), await made.text()).toBe(true);
  const { id } = (await made.json()) as { id: string };

  await page.goto(`/validation/${id}`);
  const actions = page.getByRole('region', { name: 'Actions' });
  await expect(actions.getByText('No actions yet.')).toBeVisible();
  const text = 'Add a photo of the anchor rating plate to task 2';
  await actions.getByRole('textbox', { name: 'Action' }).fill(text);
  const owner = actions.getByRole('combobox', { name: 'Owner' });
  await owner.click();
  await owner.fill(assessorEmail);
  await page.getByRole('option', { name: `${assessorName} (${assessorEmail})` }).click();
  await actions.getByRole('button', { name: 'Add action' }).click();
  await expectToast(page, 'Action added');
  const row = actions.getByTestId('validation-action').filter({ hasText: text });
  await expect(row).toContainText(`Owner: ${assessorName}`);

  await row.getByRole('button', { name: `Mark done: ${text}` }).click();
  await page
    .getByRole('dialog', { name: 'Mark action done' })
    .getByRole('button', { name: 'Mark done' })
    .click();
  await expectToast(page, 'Action marked done');
  await expect(row).toContainText(`by ${me.firstName}`);

  // Nothing reviewed yet: the confirm names what is missing, and the round closes all the same.
  await page.getByRole('button', { name: 'Close round' }).click();
  const confirm = page.getByRole('dialog', { name: 'Close round' });
  await expect(confirm).toContainText(`the record of ${studentName}`);
  await expect(confirm).toContainText('the review of the tool');
  await confirm.getByRole('button', { name: 'Close round' }).click();
  await expectToast(page, 'Round closed');
  await expect(page.getByText(/^Closed .* No more reviews are taken\.$/)).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: "Download the round's report (PDF)" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^validation-report-${unitCode}-.*\\.pdf$`));
  const file = join(mkdtempSync(join(tmpdir(), 'validation-report-')), download.suggestedFilename());
  await download.saveAs(file);
  const printed = execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  for (const expected of [
    `Validation report ${unitCode}`,
    studentName,
    `Judged by ${assessorName}`,
    'Missing when the round closed',
    'the review of the tool',
    text,
    assessorName,
  ])
    expect(printed).toContain(expected);
});
