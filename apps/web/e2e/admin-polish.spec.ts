import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { admin } from './e2e-env';
import { expectToast, registerThroughUi, signInThroughUi, studentWithUnit, uniqueEmail } from './support';

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' }).first();

/** An admin signed in through the API (the sign-in dialog has its own tests), then on `path`. */
async function adminAt(page: Page, path: string): Promise<void> {
  const login = await page.request.post('/api/auth/login', { data: admin });
  expect(login.ok()).toBe(true);
  await page.goto(path);
}

/** Red dominates: a Delete button that turned white or grey fails this. */
function isRed(rgb: string): boolean {
  const [r = 0, g = 0, b = 0] = (rgb.match(/\d+/g) ?? []).map(Number);
  return r > 180 && r - g > 60 && r - b > 60;
}

test('in the dark theme Delete buttons stay red and the product name is bright', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await adminAt(page, '/admin/units/new');
  const code = `DARK${Date.now().toString(36).toUpperCase().slice(-6)}`;
  await page.getByLabel('Unit Code').fill(code);
  await page.getByLabel('Unit Title').fill('Dark theme unit');
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Unit created');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');

  await page.getByLabel('Search units').fill(code);
  const remove = page
    .getByRole('article', { name: new RegExp(code) })
    .getByRole('button', { name: 'Delete' });
  const color = await remove.evaluate((element) => getComputedStyle(element).color);
  expect(isRed(color), `Delete is ${color}`).toBe(true);

  const brand = page.getByRole('link', { name: 'Evident home' }).getByText('Evident');
  expect(await brand.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(255, 255, 255)');
});

test('the navigation marks the screen shown at / for an admin, an assessor and an admin viewing as a student', async ({
  page,
  browser,
}) => {
  // Three people register or sign in, each paying for a password hash on a shared machine.
  test.setTimeout(120_000);
  const assessorPage = await (await browser.newContext()).newPage();
  await registerThroughUi(assessorPage, {
    firstName: 'Ash',
    lastName: 'Assessor',
    email: uniqueEmail('nav-assessor'),
    password: 'grading-hat',
    role: 'Assessor',
  });
  await assessorPage.goto('/');
  await expect(mainNav(assessorPage).getByRole('link', { name: 'Evidence Matrix' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await assessorPage.context().close();

  const studentPage = await (await browser.newContext()).newPage();
  const student = { firstName: 'Vera', lastName: 'Viewed', email: uniqueEmail('nav-student') };
  await registerThroughUi(studentPage, { ...student, password: 'viewed-by-admin' });
  await studentPage.context().close();

  await signInThroughUi(page, admin.email, admin.password);
  await page.goto('/');
  await expect(mainNav(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(mainNav(page).getByRole('link', { name: 'Units' })).not.toHaveAttribute('aria-current');

  await page.goto('/admin/users');
  await page.getByLabel('Search users').fill(student.email);
  await page.getByRole('button', { name: 'Log in as Vera Viewed' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Switch user' }).click();
  await expect(page.getByText('Viewing as Vera Viewed')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(mainNav(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await page.getByRole('button', { name: 'Exit Viewing Mode' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(mainNav(page).getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
  await expect(mainNav(page).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
});

test('every screen has its own page title, signed out and signed in, 404 included', async ({ page }) => {
  const signedOut: [string, string][] = [
    ['/', 'Evident'],
    ['/no/such/page', 'Evident'],
    ['/forgot-password', 'Forgot password · Evident'],
    ['/reset-password', 'Reset password · Evident'],
    ['/lti-config', 'LMS integration · Evident'],
  ];
  for (const [path, title] of signedOut) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(title);
  }

  await adminAt(page, '/');
  await expect(page).toHaveTitle('Dashboard · Evident');
  const units = await (await page.request.get('/api/admin/units')).json();
  const unit =
    units[0] ??
    (await (
      await page.request.post('/api/admin/units', {
        data: { unitCode: `TITLE${Date.now().toString(36).toUpperCase().slice(-5)}`, title: 'Titled' },
      })
    ).json());
  const signedIn: [string, string][] = [
    ['/admin', 'Dashboard · Evident'],
    ['/admin/units', 'Units · Evident'],
    ['/admin/units/new', 'Create unit · Evident'],
    [`/admin/units/${unit.id}/edit`, 'Edit unit · Evident'],
    [`/admin/units/${unit.id}/tasks`, `${unit.unitCode} tasks · Evident`],
    ['/admin/users', 'Users · Evident'],
    ['/no/such/page', 'Page not found · Evident'],
  ];
  for (const [path, title] of signedIn) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(title);
  }
  // Moving inside the app changes the title too, not only a fresh load.
  await mainNav(page).getByRole('link', { name: 'Units' }).click();
  await expect(page).toHaveTitle('Units · Evident');
});

test('dialog titles share one weight, one size and sentence case', async ({ page }) => {
  await adminAt(page, '/admin/units/new');
  const code = `DLG${Date.now().toString(36).toUpperCase().slice(-6)}`;
  await page.getByLabel('Unit Code').fill(code);
  await page.getByLabel('Unit Title').fill('Dialog unit');
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Unit created');
  await page.getByLabel('Search units').fill(code);
  await page
    .getByRole('article', { name: new RegExp(code) })
    .getByRole('link', { name: 'Tasks' })
    .click();

  const titleStyle = async () =>
    page
      .getByRole('dialog')
      .locator('.mantine-Modal-title')
      .evaluate((element) => {
        const style = getComputedStyle(element);
        return { text: element.textContent, weight: style.fontWeight, size: style.fontSize };
      });

  await page.getByRole('main').getByRole('button', { name: 'Add Task' }).first().click();
  const add = await titleStyle();
  await page.getByRole('dialog').getByLabel('Title').fill('Sweep the floor');
  await page.getByRole('dialog').getByRole('button', { name: 'Save Task' }).click();
  await expectToast(page, 'Task created');

  await page.getByRole('article', { name: 'Sweep the floor' }).getByRole('button', { name: 'Edit' }).click();
  const edit = await titleStyle();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page
    .getByRole('article', { name: 'Sweep the floor' })
    .getByRole('button', { name: 'Delete' })
    .click();
  const remove = await titleStyle();

  expect([add.text, edit.text, remove.text]).toEqual(['Add task', 'Edit task', 'Delete task']);
  expect(edit).toMatchObject({ weight: add.weight, size: add.size });
  expect(remove).toMatchObject({ weight: add.weight, size: add.size });
});

test('Generate Tasks on a unit with submissions says so instead of asking, and a plain unit asks naturally', async ({
  page,
  browser,
}) => {
  const studentPage = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await studentWithUnit(studentPage);
  const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a7' } })
    .jpeg()
    .toBuffer();
  const card = studentPage.getByTestId('task-card').first();
  await card
    .getByTestId('evidence-file-input')
    .setInputFiles({ name: 'work.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(card.getByTestId('task-status')).toHaveAttribute('data-status', 'submitted');
  await studentPage.context().close();

  await adminAt(page, '/admin/units');
  await page.getByLabel('Search units').fill('HLTINF006');
  const worked = page.getByRole('article', { name: /HLTINF006/ });
  await worked.getByRole('button', { name: 'Generate Tasks' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Students have already submitted evidence for HLTINF006');
  await expect(dialog).not.toContainText('Generate workplace tasks from performance evidence using AI?');
  await dialog.getByRole('button', { name: 'Edit tasks' }).click();
  await expect(page).toHaveURL(/\/admin\/units\/[^/]+\/tasks$/);

  // A unit with one task and no submissions: the spec's question, and a line that reads naturally.
  await page.goto('/admin/units/new');
  const code = `ONE${Date.now().toString(36).toUpperCase().slice(-6)}`;
  await page.getByLabel('Unit Code').fill(code);
  await page.getByLabel('Unit Title').fill('One task unit');
  await page.getByLabel('Performance Evidence', { exact: true }).fill('sweep the work area');
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Unit created');
  const units = await (await page.request.get('/api/admin/units')).json();
  const created = units.find((unit: { unitCode: string }) => unit.unitCode === code);
  const added = await page.request.post(`/api/admin/units/${created.id}/tasks`, {
    data: { title: 'Sweep up', evidenceTypes: ['photo'] },
  });
  expect(added.ok()).toBe(true);
  await page.reload();
  await page.getByLabel('Search units').fill(code);
  await page
    .getByRole('article', { name: new RegExp(code) })
    .getByRole('button', { name: 'Generate Tasks' })
    .click();
  await expect(dialog).toContainText('Generate workplace tasks from performance evidence using AI?');
  await expect(dialog).toContainText(`${code} has 1 task; the generated tasks replace it.`);
});

test('Fetch from TGA for a code that exists says so at once and opens that unit', async ({ page }) => {
  const code = `DUP${Date.now().toString(36).toUpperCase().slice(-6)}`;
  await adminAt(page, '/');
  const created = await page.request.post('/api/admin/units', {
    data: { unitCode: code, title: 'Already here' },
  });
  expect(created.ok()).toBe(true);
  let registerCalls = 0;
  await page.route('**/trpc/*fetchFromRegister*', (route) => {
    registerCalls += 1;
    return route.continue();
  });

  await page.goto('/admin/units/new');
  await page.getByLabel('Unit Code').fill(code.toLowerCase());
  const notice = page.getByTestId('existing-unit');
  await expect(notice).toContainText(`${code} already exists`);
  await expect(notice).toContainText('Already here');
  await page.getByRole('button', { name: 'Fetch from TGA' }).click();
  await expect(notice.getByRole('link', { name: `Open ${code}` })).toBeFocused();
  expect(registerCalls).toBe(0);

  await notice.getByRole('link', { name: `Open ${code}` }).click();
  await expect(page).toHaveURL(/\/admin\/units\/[^/]+\/edit$/);
  await expect(page.getByLabel('Unit Title')).toHaveValue('Already here');
  // Editing the unit itself is no clash with itself.
  await expect(page.getByTestId('existing-unit')).toHaveCount(0);
});

test("a catalogue summary's note shows beside the Performance Evidence box, not in its text", async ({
  page,
}) => {
  await adminAt(page, '/admin/units/new');
  await page.getByLabel('Unit Code').fill('SITXFSA005');
  await page.getByRole('button', { name: 'Fetch from TGA' }).click();
  // The fake register lists one other unit: the example units answered, and the toast says so.
  await expectToast(
    page,
    'Success',
    'Fetched SITXFSA005 from the bundled example units: the national training register does not list it.',
  );
  const evidence = page.getByLabel('Performance Evidence', { exact: true });
  await expect(evidence).toHaveValue(/hygiene/i);
  await expect(evidence).not.toHaveValue(/Summary prepared|official register/);
  await expect(page.getByTestId('performance-evidence-note')).toHaveText(
    'Summary prepared by Evident; not the official register text.',
  );
  // The note describes the box to screen readers too.
  await expect(evidence).toHaveAccessibleDescription(/not the official register text/);
});

test('searching users says how many match, for screen readers too', async ({ page }) => {
  await adminAt(page, '/admin/users');
  const search = page.getByRole('searchbox', { name: 'Search users' });
  await search.fill('admin@e2e.test');
  await expect(page.getByRole('status').filter({ hasText: /users? found|^1 user$/ })).toHaveText('1 user');
  await search.fill('nobody-matches-this');
  await expect(page.getByRole('main').getByRole('status').filter({ hasText: 'No users found' })).toHaveCount(
    1,
  );
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(search).toHaveValue('');
  await expect(search).toBeFocused();
});
