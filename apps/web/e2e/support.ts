import { join } from 'node:path';
import { listOutbox } from '@evident/mail/outbox-reader';
import { expect, type Page } from '@playwright/test';
import { e2eDataDir } from './e2e-env';

let counter = 0;
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@e2e.test`;
}

/**
 * An address of its own for each person a test signs up (198.18.0.0/15, set aside for testing): the
 * server limits sign-ups per address, and a whole suite from one address would run into it.
 */
/** A client address of its own for each sign-up, as real students have (the server trusts loopback's X-Forwarded-For). */
export function ownAddress(): string {
  counter += 1;
  return `198.18.${process.pid % 256}.${counter % 256}`;
}

export async function openSignIn(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  // A press on the prerendered page is replayed once the app has loaded and the browser is idle (at
  // most five seconds later): on a loaded machine that can outlast the default wait.
  await expect(page.getByRole('dialog')).toBeVisible({ timeout: 20_000 });
}

export async function registerThroughUi(
  page: Page,
  person: {
    firstName: string;
    lastName: string;
    email: string;
    password: string;
    role?: 'Student' | 'Assessor';
  },
  options: { expectSignedIn?: boolean } = {},
): Promise<void> {
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': ownAddress() });
  await openSignIn(page);
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: 'Sign Up' }).click();
  await dialog.getByLabel(/^First name/).fill(person.firstName);
  await dialog.getByLabel(/^Last name/).fill(person.lastName);
  await dialog.getByLabel(/^Email/).fill(person.email);
  await dialog.getByLabel(/^Password/).fill(person.password);
  if (person.role) await dialog.getByRole('radio', { name: new RegExp(person.role) }).check();
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  // Registration signs in automatically; wait for the shell so the next navigation is signed in.
  if (options.expectSignedIn !== false) await expectSignedIn(page);
}

export async function signInThroughUi(page: Page, email: string, password: string): Promise<void> {
  await openSignIn(page);
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Email/).fill(email);
  await dialog.getByLabel(/^Password/).fill(password);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expectSignedIn(page);
}

/** The signed-in shell: Log Out in the top bar, or on a phone the menu that holds it. */
export async function expectSignedIn(page: Page): Promise<void> {
  const logOut = page.getByRole('button', { name: 'Log Out' }).first();
  await expect(logOut.or(page.getByRole('button', { name: 'Open menu' }))).toBeVisible();
}

/** The newest reset link mailed to this address, read from the server's .eml outbox. */
export async function resetLinkFor(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(() => {
      const message = listOutbox(join(e2eDataDir, 'outbox')).find(
        (m) => m.to === email && /Reset/.test(m.subject),
      );
      link = message?.text.match(/https?:\/\/\S+\/reset-password\?token=\S+/)?.[0];
      return Boolean(link);
    })
    .toBe(true);
  return link ?? '';
}

/** True when nothing on the page is wider than the viewport (no sideways scrolling on a phone). */
export async function hasNoHorizontalOverflow(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

/** A toast (a Mantine notification, not an inline alert) with this title and, optionally, this message. */
export async function expectToast(page: Page, title: string, message?: string): Promise<void> {
  const toast = page.locator('.mantine-Notification-root').filter({ hasText: title });
  await expect(toast.first()).toBeVisible();
  if (message) await expect(toast.first()).toContainText(message);
}

/**
 * The toast after unit set-up: 'Created {n} tasks' for whoever generated the unit's tasks, 'Joined
 * {code}: {n} tasks' for everyone after. Specs share one server, so which one a spec sees depends on
 * which ran first.
 */
export async function expectUnitSetUpToast(page: Page, unitCode: string): Promise<void> {
  const toasts = page.locator('.mantine-Notification-root');
  const created = toasts
    .filter({ hasText: 'Tasks generated successfully' })
    .filter({ hasText: /Created \d+ tasks/ });
  const joined = toasts
    .filter({ hasText: 'Unit joined' })
    .filter({ hasText: new RegExp(`Joined ${unitCode}: \\d+ tasks`) });
  await expect(created.or(joined).first()).toBeVisible();
}

/** A newly registered student, signed in, enrolled in HLTINF006 and on the dashboard. */
export async function studentWithUnit(page: Page): Promise<void> {
  await registerThroughUi(page, {
    firstName: 'Pat',
    lastName: 'Phone',
    email: uniqueEmail('evidence'),
    password: 'on-the-tools',
  });
  const setup = await page.request.post('/api/units/generate-tasks', { data: { unitCode: 'HLTINF006' } });
  expect(setup.ok()).toBe(true);
  await page.goto('/');
  await expect(page.getByTestId('progress-summary')).toHaveText(/^0 of \d+ tasks completed$/);
  await expectAllTaskCards(page);
}

/**
 * The dashboard as a person sees it settle: every task's card listed. The server's page paints the
 * first two cards before the app's code has run, and a file set on one of their inputs then reaches
 * no handler (a person cannot: the picker opens only from the app's own Add Evidence); the rest of
 * the cards are added by the app once it has taken the page over.
 */
export async function expectAllTaskCards(page: Page): Promise<void> {
  await expect(page.getByTestId('task-card')).toHaveCount(await listedTaskCount(page));
}

/** How many tasks the dashboard lists: its cards mount a few at a time, so counting them is too early. */
export async function listedTaskCount(page: Page): Promise<number> {
  const text = (await page.getByTestId('task-count').textContent()) ?? '';
  const count = Number(/^(\d+) tasks?$/.exec(text)?.[1]);
  expect(count).toBeGreaterThan(0);
  return count;
}
