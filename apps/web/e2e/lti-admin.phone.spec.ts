import { test } from '@playwright/test';
import { manageLtiPlatforms } from './lti-admin-steps';

test('on a phone, an admin manages LTI platforms and opens the grade passbacks', async ({ page }) => {
  await manageLtiPlatforms(page, '390x844');
});
