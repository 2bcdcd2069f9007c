import { test } from '@playwright/test';
import { exampleUnitButtonsShowEveryLine } from './first-use-checks';

const shots = 'test-results/first-use';

test('on a phone the example unit buttons show every line of their names', async ({ page }) => {
  await exampleUnitButtonsShowEveryLine(page, `${shots}/phone-unit-setup.png`);
});
