import { expect, type Page } from '@playwright/test';
import { admin } from './e2e-env';

export type ClassUnit = { id: string; unitCode: string; title: string; taskTitle: string };

let counter = 0;

/** Signs the page in as the e2e admin through the API (the UI sign-in has its own spec). */
export async function signInAsAdmin(page: Page): Promise<void> {
  const login = await page.request.post('/api/auth/login', { data: admin });
  expect(login.ok()).toBe(true);
}

/** A unit of its own with one task, made by the signed-in admin over the REST paths. */
export async function classUnit(page: Page): Promise<ClassUnit> {
  counter += 1;
  const unitCode = `CLS${Date.now().toString(36).toUpperCase()}${process.pid % 100}${counter}`;
  const title = `Operate a forklift safely ${unitCode.slice(-4)}`;
  const created = await page.request.post('/api/admin/units', { data: { unitCode, title } });
  expect(created.ok(), await created.text()).toBe(true);
  const { id } = (await created.json()) as { id: string };
  const taskTitle = 'Check the forklift before the shift';
  const task = await page.request.post(`/api/admin/units/${id}/tasks`, {
    data: {
      title: taskTitle,
      description: 'Walk round it and fill in the checklist.',
      tooltip: '',
      evidenceTypes: ['photo'],
    },
  });
  expect(task.ok(), await task.text()).toBe(true);
  return { id, unitCode, title, taskTitle };
}
