import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { seedCompletedCohort } from './audit-pack-seed';
import { admin } from './e2e-env';
import { expectToast } from './support';

// Issue 30 §3: an admin makes an ASQA sample of 5 students on the Audit packs screen, watches it
// build, downloads it; the zip unpacks with one folder per student and `pnpm cli verify-pack` passes.

const root = fileURLToPath(new URL('../../..', import.meta.url));

test('an ASQA sample of 5 students is made, downloaded, unzipped and verified', async ({ page }) => {
  test.setTimeout(120_000);
  const { unitCode } = await seedCompletedCohort(6);
  expect((await page.request.post('/api/auth/login', { data: admin })).ok()).toBe(true);

  await page.goto('/admin');
  await page
    .getByRole('main')
    .getByRole('link', { name: /^Audit Packs/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit packs' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Unit' }).click();
  await page.getByRole('combobox', { name: 'Unit' }).fill(unitCode);
  await page.getByRole('option', { name: new RegExp(unitCode) }).click();
  await expect(page.getByText('6 students completed this unit')).toBeVisible();
  // More than completed it: said at once, and the button waits.
  await page.getByLabel('Sample size').fill('7');
  await expect(page.getByText('More than the 6 students who completed this unit')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Make Pack' })).toBeDisabled();
  await page.getByLabel('Sample size').fill('5');
  await page.getByRole('button', { name: 'Make Pack' }).click();
  await expectToast(page, 'Audit pack on its way');

  const row = page.getByTestId('audit-pack').filter({ hasText: unitCode }).first();
  await expect(row).toContainText('ASQA sample of 5');
  await expect(row.getByText('Ready')).toBeVisible({ timeout: 60_000 });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: /^Download the audit pack/ }).click(),
  ]);
  const dir = mkdtempSync(join(tmpdir(), 'audit-pack-'));
  const zip = join(dir, download.suggestedFilename());
  await download.saveAs(zip);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^audit-pack-${unitCode}-.*\\.zip$`));

  const out = join(dir, 'unzipped');
  execFileSync('unzip', ['-q', zip, '-d', out]);
  const folders = readdirSync(out).filter((name) => /^\d\d-/.test(name));
  expect(folders).toHaveLength(5);
  expect(readdirSync(out)).toEqual(expect.arrayContaining(['manifest.json', 'manifest.csv', 'mapping.txt']));

  const verified = execFileSync('node', ['--import', 'tsx', 'apps/server/src/cli.ts', 'verify-pack', zip], {
    cwd: root,
    encoding: 'utf8',
  });
  expect(verified).toContain('Every file matches the SHA-256 and size its manifest lists.');
});
