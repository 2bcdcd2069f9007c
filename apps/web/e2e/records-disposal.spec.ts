import { expect, type Page, test } from '@playwright/test';
import { type ClassScopeServer, startClassScopeServer } from './class-scope-server';
import { admin, e2ePort } from './e2e-env';
import { type RetentionCohort, seedRecordsPastTheirPeriod } from './retention-seed';
import { expectToast, signInThroughUi } from './support';

/**
 * Issue 30 §4: an admin disposes of records past their period on Records kept, after a confirmation
 * naming what goes, and sees the tombstone; an audit pack holding them goes with them; a legal hold
 * stops a disposal with its reason. On a server of its own (class-scope-server.ts), since the records
 * are made old by moving their outcome back in its database.
 */
const port = Number(process.env.E2E_RETENTION_PORT ?? e2ePort + 5);
test.describe.configure({ mode: 'serial', timeout: 180_000 });
test.use({ baseURL: `http://127.0.0.1:${port}` });

let server: ClassScopeServer;
let cohort: RetentionCohort;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startClassScopeServer({ port });
  cohort = await seedRecordsPastTheirPeriod(server);
});
test.afterAll(async () => {
  await server?.stop();
});

const shots = process.env.RETENTION_SHOTS;

/** With RETENTION_SHOTS=<dir>: the screen at 390x844 and 1280x800, light and dark. */
async function screenshots(page: Page, name: string): Promise<void> {
  if (!shots) return;
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [width, height] of [
      [390, 844],
      [1280, 800],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: `${shots}/${name}-${width}x${height}-${scheme}.png`, fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('an admin disposes of records past their period, the audit pack holding them too; a legal hold stops it', async ({
  page,
}) => {
  await page.goto('/');
  await signInThroughUi(page, admin.email, admin.password);
  await page.goto('/admin/retention');
  await expect(page.getByRole('heading', { level: 1, name: 'Records kept' })).toBeVisible();
  const due = page.getByTestId('due-record');
  const doraRow = due.filter({ hasText: cohort.dora.name });
  const hugoRow = due.filter({ hasText: cohort.hugo.name });
  await expect(doraRow).toContainText(`${cohort.unitCode} Use ladders safely`);
  await expect(hugoRow).toContainText('1 file, 1 submission');
  await screenshots(page, 'records-kept-due');

  // A hold placed on Hugo while the screen is open: the disposal is refused with its reason.
  const held = await page.request.post('/api/admin/legal-holds', {
    data: { studentId: cohort.hugo.id, reason: 'Appeal 2031-4 lodged' },
  });
  expect(held.ok(), await held.text()).toBe(true);
  await hugoRow
    .getByRole('button', { name: `Dispose of ${cohort.hugo.name}’s records in ${cohort.unitCode}` })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Dispose of records' }).click();
  await expectToast(
    page,
    'Could not dispose of the records',
    'These records are under a legal hold (Appeal 2031-4 lodged): lift the hold before disposing of them',
  );
  await page.reload();
  await expect(hugoRow).toContainText('On legal hold');
  await expect(hugoRow).toContainText('A legal hold stops disposal until it is lifted.');
  await expect(hugoRow.getByRole('button', { name: /^Dispose of/ })).toBeDisabled();

  // Dora's: the confirmation names what goes, the pack included; then the tombstone.
  await doraRow
    .getByRole('button', { name: `Dispose of ${cohort.dora.name}’s records in ${cohort.unitCode}` })
    .click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(
    `Dispose of ${cohort.dora.name}’s assessment records in ${cohort.unitCode}?`,
  );
  await expect(confirm).toContainText('1 evidence file (from storage too)');
  await expect(confirm).toContainText('audit packs holding them');
  await screenshots(page, 'records-kept-confirm');
  await confirm.getByRole('button', { name: 'Dispose of records' }).click();
  await expectToast(
    page,
    'Records disposed of',
    `${cohort.dora.name}’s records in ${cohort.unitCode} are gone.`,
  );
  await expect(doraRow).toHaveCount(0);
  const tombstone = page.getByTestId('disposal').filter({ hasText: cohort.dora.name });
  await expect(tombstone).toContainText(`${cohort.dora.name} · ${cohort.unitCode}`);
  await expect(tombstone).toContainText('by RTO Admin');
  await expect(tombstone).toContainText('1 file, 1 submission, 1 decision');
  await expect(tombstone).toContainText('1 audit pack');
  await expect(hugoRow).toBeVisible();
  await screenshots(page, 'records-kept-tombstone');

  // The pack that held Dora's records says it was disposed of, and offers no download.
  await page.goto('/admin/audit-packs');
  const pack = page.getByTestId('audit-pack').filter({ hasText: cohort.unitCode });
  await expect(pack).toContainText('Disposed of');
  await expect(pack.getByTestId('audit-pack-disposed')).toContainText('past their retention period');
  await expect(pack.getByRole('button', { name: /^Download/ })).toHaveCount(0);
  const gone = await page.request.get(`/api/admin/audit-packs/${cohort.packId}`);
  expect(gone.status()).toBe(410);
  await screenshots(page, 'audit-pack-disposed');
});
