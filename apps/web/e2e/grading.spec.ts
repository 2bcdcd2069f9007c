import { test } from '@playwright/test';
import { gradeOneThenBulk, waitingUntilApproved } from './grading-flows';

test('an assessor grades one submission NYS after the strategies toast, then bulk-grades two as satisfactory', async ({
  page,
}) => {
  await gradeOneThenBulk(page);
});

test('a self-registered assessor sees the waiting screen until an admin approves them', async ({
  page,
  browser,
}) => {
  await waitingUntilApproved(page, browser);
});
