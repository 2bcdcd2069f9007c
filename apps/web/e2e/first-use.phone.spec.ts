import { test } from '@playwright/test';
import { exampleUnitButtonsShowEveryLine, signInToastLeavesTheDialogClear } from './first-use-checks';

const shots = 'test-results/first-use';

test('on a phone the example unit buttons show every line of their names', async ({ page }) => {
  await exampleUnitButtonsShowEveryLine(page, `${shots}/phone-unit-setup.png`);
});

test('on a phone a failed sign-in toast leaves the sign-in dialog and its title clear', async ({ page }) => {
  await signInToastLeavesTheDialogClear(page, `${shots}/phone-sign-in-toast.png`);
});
