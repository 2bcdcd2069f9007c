import { randomBytes } from 'node:crypto';
import { request } from '@playwright/test';
import type { ClassScopeServer } from './class-scope-server';
import { admin } from './e2e-env';
import { ok, registeredOn, uploadPhoto } from './side-server-people';

const password = 'class-scope-e2e-password';

const registered = (url: string, firstName: string, lastName: string, role: 'student' | 'assessor') =>
  registeredOn(url, { firstName, lastName, role }, { domain: 'class-scope.test', password });

export type ClassScopeCohort = {
  annie: { email: string; password: string };
  classX: string;
  classY: string;
};

/**
 * One unit, two classes and a student in none: Xena in Class X (Annie assesses it), Yuri in Class Y
 * (Bert's), Nora in no class. Each has a photo waiting on the first task.
 */
export async function seedClassScope(server: ClassScopeServer): Promise<ClassScopeCohort> {
  const adminContext = await request.newContext({ baseURL: server.url });
  await ok(await adminContext.post('/api/auth/login', { data: admin }));
  const unitCode = 'CLS101';
  const unit = await ok<{ id: string }>(
    await adminContext.post('/api/admin/units', { data: { unitCode, title: 'Work safely at heights' } }),
  );
  for (const title of ['Inspect the harness', 'Check the anchor points']) {
    await ok(
      await adminContext.post(`/api/admin/units/${unit.id}/tasks`, {
        data: { title, description: `${title} on site.`, tooltip: '' },
      }),
    );
  }
  const students = [];
  for (const [index, [first, last]] of (
    [
      ['Xena', 'Inclass'],
      ['Yuri', 'Otherclass'],
      ['Nora', 'Noclass'],
    ] as const
  ).entries()) {
    const student = await registered(server.url, first, last, 'student');
    await ok(await student.context.post('/api/units/generate-tasks', { data: { unitCode } }));
    const tasks = await ok<{ id: string; unitCode: string }[]>(
      await student.context.get('/api/student/tasks'),
    );
    const task = tasks.find((candidate) => candidate.unitCode === unitCode);
    if (!task) throw new Error('the unit has no tasks');
    await uploadPhoto(student.context, task.id, index * 50);
    students.push(student);
  }
  const annie = await registered(server.url, 'Annie', 'Assessor', 'assessor');
  const bert = await registered(server.url, 'Bert', 'Assessor', 'assessor');
  const [xena, yuri] = students;
  if (!xena || !yuri) throw new Error('students not set up');

  const makeClass = async (name: string, assessorId: string, studentId: string) => {
    const [row] = await server.sql<{ id: string }[]>`
      insert into classes (name, invite_code) values (${name}, ${randomBytes(12).toString('base64url')})
      returning id`;
    if (!row) throw new Error('class not created');
    await server.sql`insert into class_units (class_id, unit_id) values (${row.id}, ${unit.id})`;
    await server.sql`insert into class_assessors (class_id, assessor_id) values (${row.id}, ${assessorId})`;
    await server.sql`insert into class_enrolments (class_id, student_id) values (${row.id}, ${studentId})`;
    return row.id;
  };
  const classX = await makeClass('Class X', annie.id, xena.id);
  const classY = await makeClass('Class Y', bert.id, yuri.id);
  for (const person of [...students, annie, bert]) await person.context.dispose();
  await adminContext.dispose();
  return { annie: { email: annie.email, password }, classX, classY };
}
