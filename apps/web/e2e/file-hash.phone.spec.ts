import { createHash } from 'node:crypto';
import { expect, request as playwrightRequest, test } from '@playwright/test';
import { e2ePort } from './e2e-env';
import { scenePhoto, studentWithEvidence } from './grading-data';
import { approvedAssessor, showStudent } from './grading-flows';
import { hasNoHorizontalOverflow, uniqueEmail } from './support';

// Issue 29 §6: on a phone, each file on the grading screen shows the first 12 characters of the
// SHA-256 taken as it was recorded; a tap copies the whole hash and says 'Copied'.

test('on a phone, an assessor sees each file’s SHA-256 on the grading card and copies it whole', async ({
  page,
  context,
}) => {
  const photo = await scenePhoto(140, 'Anchor point');
  const sha256 = createHash('sha256').update(photo).digest('hex');
  const lastName = `Hash${Date.now().toString(36)}`;
  const studentApi = await playwrightRequest.newContext({ baseURL: `http://127.0.0.1:${e2ePort}` });
  const { taskTitles } = await studentWithEvidence(
    studentApi,
    { firstName: 'Mia', lastName, email: uniqueEmail('hashed'), unitCode: 'RIIWHS204E' },
    [{ fileName: 'Anchor point.jpg', fileType: 'image/jpeg', body: photo }],
  );
  await studentApi.dispose();

  await approvedAssessor(page);
  await page.goto('/grading');
  await showStudent(page, `Mia ${lastName}`);
  const card = page.getByTestId('submission-card').filter({ hasText: taskTitles[0] ?? '' });
  const hash = card.getByRole('button', {
    name: `Copy the SHA-256 of Anchor point.jpg, beginning ${sha256.slice(0, 12)}`,
  });
  await expect(hash).toBeVisible();
  await expect(hash).toHaveText(`SHA-256${sha256.slice(0, 12)}`);

  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await hash.click();
  await expect(hash).toContainText('Copied');
  await expect(page.getByRole('status').filter({ hasText: 'Copied' })).toHaveCount(1);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(sha256);
  expect(await hasNoHorizontalOverflow(page)).toBe(true);
});
