import { type APIRequestContext, expect, request, test } from '@playwright/test';
import { admin, e2ePort } from './e2e-env';
import { scenePhoto, uploadEvidence } from './grading-data';
import { approvedAssessor, showStudent } from './grading-flows';
import { ownAddress, uniqueEmail } from './support';

/** Issue 28: a deactivated student carried no marker on the Evidence Matrix or the grading pager. */

const baseURL = `http://127.0.0.1:${e2ePort}`;

async function ok<T>(answer: Promise<Awaited<ReturnType<APIRequestContext['get']>>>): Promise<T> {
  const response = await answer;
  expect(response.ok(), `${response.url()}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** A student who joins the unit and records a photo on its task; answers their id. */
async function studentWithWork(firstName: string, lastName: string, unitCode: string): Promise<string> {
  const student = await request.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': ownAddress() },
  });
  const email = uniqueEmail('marks');
  const { user } = await ok<{ user: { id: string } }>(
    student.post('/api/auth/register', {
      data: { firstName, lastName, email, password: 'still-here', role: 'student' },
    }),
  );
  // Registering does not sign in an API caller: signing in does.
  await ok(student.post('/api/auth/login', { data: { email, password: 'still-here' } }));
  await ok(student.post('/api/units/generate-tasks', { data: { unitCode } }));
  await uploadEvidence(student, [
    { fileName: 'Site.jpg', fileType: 'image/jpeg', body: await scenePhoto(160, firstName) },
  ]);
  await student.dispose();
  return user.id;
}

test('a deactivated student is marked Deactivated on the Evidence Matrix and the grading pager', async ({
  page,
}) => {
  const adminApi = await request.newContext({ baseURL });
  await ok(adminApi.post('/api/auth/login', { data: admin }));
  const unitCode = `DEA${Date.now().toString(36).toUpperCase().slice(-7)}`;
  const unit = await ok<{ id: string }>(
    adminApi.post('/api/admin/units', { data: { unitCode, title: 'Deactivated students' } }),
  );
  await ok(adminApi.post(`/api/admin/units/${unit.id}/tasks`, { data: { title: 'Photograph the site' } }));
  const tag = Date.now().toString(36);
  await studentWithWork('Ava', `Active${tag}`, unitCode);
  const goneId = await studentWithWork('Dee', `Gone${tag}`, unitCode);
  await ok(adminApi.post(`/api/admin/users/${goneId}/deactivate`, { data: {} }));
  await adminApi.dispose();

  await approvedAssessor(page);
  await page.goto(`/matrix?unitId=${unit.id}`);
  const rows = page.getByTestId('matrix-row');
  await expect(rows).toHaveCount(2);
  const gone = rows.filter({ hasText: `Dee Gone${tag}` });
  await expect(gone.getByTestId('matrix-deactivated')).toHaveText('Account Deactivated');
  await expect(gone.getByTestId('matrix-deactivated')).toBeVisible();
  await expect(gone.getByRole('rowheader')).toContainText(`Dee Gone${tag}Account Deactivated`);
  await expect(rows.filter({ hasText: `Ava Active${tag}` }).getByTestId('matrix-deactivated')).toHaveCount(0);

  // The pager goes by last name: Active before Gone.
  await page.goto('/grading');
  const pager = page.getByRole('navigation', { name: 'Students' });
  await showStudent(page, `Ava Active${tag}`);
  await expect(pager.getByTestId('student-deactivated')).toHaveCount(0);
  await showStudent(page, `Dee Gone${tag}`);
  await expect(pager.getByTestId('student-deactivated')).toBeVisible();
  await expect(pager.getByTestId('student-deactivated')).toHaveText('Account Deactivated');
});
