import { expect, type Page } from '@playwright/test';
import { openSignIn, ownAddress, uniqueEmail } from './support';

/** Issue 19 section 5: what a new user tripped on, checked the same way on a phone and a desktop. */

type Box = { x: number; y: number; width: number; height: number };

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** A new student, signed in over the API (the sign-in dialog has its own tests). */
async function newStudent(page: Page): Promise<void> {
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': ownAddress() });
  const person = {
    firstName: 'Nia',
    lastName: 'New',
    email: uniqueEmail('first-use'),
    password: 'first-day',
  };
  const registered = await page.request.post('/api/auth/register', { data: { ...person, role: 'student' } });
  expect(registered.ok(), await registered.text()).toBe(true);
  const login = await page.request.post('/api/auth/login', { data: person });
  expect(login.ok()).toBe(true);
}

/**
 * Each example unit button on Set Up Your Unit shows its code and every line of its name whole:
 * nothing cut by the button's edge or its label's hidden overflow, and lines that do not sit on
 * each other.
 */
export async function exampleUnitButtonsShowEveryLine(page: Page, screenshot: string): Promise<void> {
  await newStudent(page);
  await page.goto('/unit-setup');
  const examples = page.getByRole('region', { name: 'Try an example unit' }).getByRole('button');
  await expect(examples).toHaveCount(3);
  for (const button of await examples.all()) {
    const look = await button.evaluate((element) => {
      const label = element.querySelector('.mantine-Button-label') as HTMLElement;
      const outer = element.getBoundingClientRect();
      const lines = [...label.children].map((line) => {
        const style = getComputedStyle(line);
        const box = line.getBoundingClientRect();
        return {
          text: line.textContent,
          inside: box.top >= outer.top && box.bottom <= outer.bottom && box.right <= outer.right,
          lineHeight: Number.parseFloat(style.lineHeight) / Number.parseFloat(style.fontSize),
        };
      });
      return { clipped: label.scrollHeight - label.clientHeight, lines };
    });
    expect(look.clipped, `${await button.textContent()}: label content past its box`).toBeLessThanOrEqual(0);
    for (const line of look.lines) {
      expect(line.inside, `${line.text} inside its button`).toBe(true);
      expect(line.lineHeight, `${line.text} line height`).toBeGreaterThanOrEqual(1.2);
    }
  }
  await page.screenshot({ path: screenshot });
}

/** A failed sign-in's toast and the sign-in dialog: both whole, neither over the other. */
export async function signInToastLeavesTheDialogClear(page: Page, screenshot: string): Promise<void> {
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': ownAddress() });
  await openSignIn(page);
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Email/).fill(uniqueEmail('nobody'));
  await dialog.getByLabel(/^Password/).fill('not-the-password');
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Login failed' });
  await expect(toast).toBeVisible();
  // Once the toast has slid in and the dialog has settled.
  await expect(async () => {
    const toastBox = await toast.boundingBox();
    const dialogBox = await page.locator('.mantine-Modal-content').boundingBox();
    if (!toastBox || !dialogBox) throw new Error('no box');
    expect(
      overlaps(toastBox, dialogBox),
      `toast ${JSON.stringify(toastBox)} dialog ${JSON.stringify(dialogBox)}`,
    ).toBe(false);
  }).toPass({ timeout: 5000 });
  await expect(dialog.getByRole('heading', { name: 'Welcome to Evident' })).toBeInViewport();
  await page.screenshot({ path: screenshot });
}
