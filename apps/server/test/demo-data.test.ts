import { listStudentTasks } from '@evident/db/queries/tasks';
import { findUserByEmail } from '@evident/db/queries/users';
import { auditEvents, evidenceFiles } from '@evident/db/schema';
import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../src/demo-data';
import { createTestEnv, type TestEnv } from './harness';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

describe('demo data', () => {
  it('seeds people and the three example units with generated tasks, once', async () => {
    const people = await seedDemoData(env.services);
    expect(people.map((p) => p.role).sort()).toEqual([
      'assessor',
      'rto_admin',
      'student',
      'student',
      'student',
    ]);
    const jordan = await findUserByEmail(env.db, 'jordan@demo.evident.local');
    const tasks = await listStudentTasks(env.db, jordan?.id ?? '');
    expect(new Set(tasks.map((t) => t.unitCode))).toEqual(new Set(['RIIWHS204E', 'HLTINF006', 'SITXFSA005']));
    const admin = await env.sessionFor(people.find((p) => p.role === 'rto_admin')?.id ?? '');
    expect((await (await admin.caller()).admin.stats.get()).totalUnits).toBe(3);
    // Issue 29: each example unit holds the catalogue's keyed summary, and says what it lacks.
    for (const unit of await (await admin.caller()).admin.units.list()) {
      const view = await (await admin.caller()).admin.units.getRequirements({ id: unit.id });
      expect(view.release, unit.unitCode).toBe('catalogue');
      expect(view.sections.map((section) => section.section)).toEqual(['element', 'pc', 'pe']);
      expect(view.missing.map((section) => section.section)).toEqual(['ke', 'ac', 'fs']);
    }

    // Some demo evidence is left undeclared, to show the prompt, and seeding mailed no one about it.
    const undeclared = await env.db.select().from(evidenceFiles).where(isNull(evidenceFiles.declarationId));
    expect(undeclared.length).toBeGreaterThan(0);
    const reminded = await env.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'declaration.reminded'));
    expect(reminded).toEqual([]);

    expect(await seedDemoData(env.services)).toEqual([]);
  });

  it('the demo assessor finds evidence waiting, a matrix with every status, and Jordan sees the comment', async () => {
    const email = (address: string) => findUserByEmail(env.db, address).then((u) => u?.id ?? '');
    const assessor = await (await env.sessionFor(await email('assessor@demo.evident.local'))).caller();

    const waiting = await assessor.staff.submissions.list();
    expect(waiting).toHaveLength(9);
    expect(new Set(waiting.map((s) => s.status))).toEqual(new Set(['submitted']));
    expect(waiting.every((s) => s.files.length > 0)).toBe(true);

    const { units } = await assessor.staff.evidenceMatrix.get();
    const unitId = units.find((u) => u.unitCode === 'HLTINF006')?.id;
    const matrix = await assessor.staff.evidenceMatrix.get({ unitId });
    const statuses = Object.values(matrix.submissions).map((cell) => cell.status);
    expect(new Set(statuses)).toEqual(new Set(['satisfactory', 'not_yet_satisfactory', 'submitted']));
    // Tasks without evidence are the fourth state: no cell at all.
    expect(statuses.length).toBeLessThan(matrix.students.length * matrix.tasks.length);

    const jordan = await (await env.sessionFor(await email('jordan@demo.evident.local'))).caller();
    const sentBack = (await jordan.student.tasks.list()).find(
      (task) => task.submission?.status === 'not_yet_satisfactory',
    );
    expect(sentBack?.unitCode).toBe('HLTINF006');
    expect(sentBack?.submission?.assessorComment).toMatch(/out of frame/);

    // Issue 29: photos come declared; each first task's notes came without, so the demo shows the prompt.
    const undeclared = await jordan.student.evidence.listUndeclared();
    expect(undeclared.length).toBeGreaterThan(0);
    expect(new Set(undeclared.map((file) => file.fileName))).toEqual(new Set(['notes.pdf']));
    const record = await assessor.staff.records.get({
      studentId: await email('jordan@demo.evident.local'),
      unitId: unitId ?? '',
    });
    const decisions = record.tasks.flatMap((task) => task.decisions);
    expect(decisions.map((decision) => decision.declaration?.version)).toEqual([1, 1]);
  });
});
