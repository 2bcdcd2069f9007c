import { test } from '@playwright/test';
import { exampleUnitButtonsShowEveryLine, signInToastLeavesTheDialogClear } from './first-use-checks';

const shots = 'test-results/first-use';

test('on a desktop the example unit buttons show every line of their names', async ({ page }) => {
  await exampleUnitButtonsShowEveryLine(page, `${shots}/desktop-unit-setup.png`);
});

test('on a desktop a failed sign-in toast leaves the sign-in dialog clear', async ({ page }) => {
  await signInToastLeavesTheDialogClear(page, `${shots}/desktop-sign-in-toast.png`);
});
