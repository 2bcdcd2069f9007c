import { test } from '@playwright/test';
import { manageLtiPlatforms } from './lti-admin-steps';

test('an admin adds, edits and removes an LTI platform and opens the grade passbacks', async ({ page }) => {
  await manageLtiPlatforms(page, '1280x800');
});
