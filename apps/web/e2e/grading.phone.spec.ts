import { expect, test } from '@playwright/test';
import { gradeOneThenBulk, waitingUntilApproved } from './grading-flows';
import { hasNoHorizontalOverflow } from './support';

test('on a phone, an assessor grades one submission NYS after the strategies toast, then bulk-grades two', async ({
  page,
}) => {
  await gradeOneThenBulk(page);
  expect(await hasNoHorizontalOverflow(page)).toBe(true);
});

test('on a phone, a self-registered assessor waits until an admin approves them', async ({
  page,
  browser,
}) => {
  await waitingUntilApproved(page, browser);
});
