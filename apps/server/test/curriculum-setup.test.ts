import { defaultRateLimits } from '@evident/api/rate-limits';
import { tasks, units } from '@evident/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pe } from './curriculum-fixtures';
import { createTestEnv, type TestEnv } from './harness';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

describe('student unit setup', () => {
  it('is rate limited per student, since generating tasks may call a paid API', async () => {
    const limited = await createTestEnv({
      rateLimits: { ...defaultRateLimits, unitSetupUser: { points: 2, durationSeconds: 60 } },
    });
    try {
      const student = await (await limited.signedIn('student')).caller();
      await student.student.units.setUp({ unitCode: 'HLTINF006' });
      await student.student.units.setUp({ unitCode: 'SITXFSA005' });
      await expect(student.student.units.setUp({ unitCode: 'RIIWHS204E' })).rejects.toMatchObject({
        code: 'TOO_MANY_REQUESTS',
      });
      const other = await (await limited.signedIn('student')).caller();
      expect((await other.student.units.setUp({ unitCode: 'RIIWHS204E' })).taskCount).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });

  it('a student sets up an example unit and sees its tasks', async () => {
    const student = await env.signedIn('student');
    const caller = await student.caller();
    const result = await caller.student.units.setUp({ unitCode: '  riiwhs204e ' });
    expect(result.unitCode).toBe('RIIWHS204E');
    expect(result.taskCount).toBeGreaterThan(3);
    // The client says 'Created {n} tasks' only when this set-up generated them.
    expect(result.created).toBe(true);

    const list = await caller.student.tasks.list();
    expect(list).toHaveLength(result.taskCount);
    expect(list[0]).toMatchObject({ unitCode: 'RIIWHS204E', submission: null });
    expect(list.map((t) => t.position)).toEqual([...list.keys()]);
    const [unit] = await env.db.select().from(units).where(eq(units.unitCode, 'RIIWHS204E'));
    expect(unit?.mappingDocument).toContain('RIIWHS204E');
  });

  it('a second student joins the existing unit without generating new tasks', async () => {
    const first = await env.signedIn('student');
    expect(await (await first.caller()).student.units.setUp({ unitCode: 'HLTINF006' })).toMatchObject({
      created: true,
    });
    const [unit] = await env.db.select().from(units).where(eq(units.unitCode, 'HLTINF006'));
    const before = await env.db
      .select({ id: tasks.id })
      .from(tasks)
      .where(eq(tasks.unitId, unit?.id ?? ''));

    const second = await env.signedIn('student');
    const result = await (await second.caller()).student.units.setUp({ unitCode: 'hltinf006' });
    const after = await env.db
      .select({ id: tasks.id })
      .from(tasks)
      .where(eq(tasks.unitId, unit?.id ?? ''));
    expect(result.taskCount).toBe(before.length);
    // 'Joined HLTINF006: {n} tasks', not 'Created {n} tasks'.
    expect(result).toMatchObject({ unitCode: 'HLTINF006', created: false });
    expect(after.map((t) => t.id).sort()).toEqual(before.map((t) => t.id).sort());
    expect((await (await second.caller()).student.tasks.list()).length).toBe(before.length);
  });

  it('two students setting up the same new unit at once get one unit and one task set', async () => {
    const [a, b] = await Promise.all([env.signedIn('student'), env.signedIn('student')]);
    const [ra, rb] = await Promise.all([
      (await a.caller()).student.units.setUp({ unitCode: 'SITXFSA005' }),
      (await b.caller()).student.units.setUp({ unitCode: 'SITXFSA005' }),
    ]);
    expect(ra.unitId).toBe(rb.unitId);
    const rows = await env.db.select().from(units).where(eq(units.unitCode, 'SITXFSA005'));
    expect(rows).toHaveLength(1);
    const taskRows = await env.db.select().from(tasks).where(eq(tasks.unitId, ra.unitId));
    expect(taskRows).toHaveLength(ra.taskCount);
    expect(rb.taskCount).toBe(ra.taskCount);
  });

  it('ten students setting up the same new unit at once ask the task generator once, and all get its tasks', async () => {
    const original = env.services.taskGenerator;
    let calls = 0;
    env.services.taskGenerator = {
      async generate(input) {
        calls++;
        // Slow like a paid API: the others arrive while this one is still generating.
        await new Promise((resolve) => setTimeout(resolve, 200));
        return original.generate(input);
      },
    };
    try {
      // New to everyone: created by an admin, with no tasks yet.
      const admin = await (await env.signedIn('rto_admin')).caller();
      await admin.admin.units.create({
        unitCode: 'PARALLEL1',
        title: 'Parallel set-up',
        performanceEvidence: pe,
      });
      const students = await Promise.all(Array.from({ length: 10 }, () => env.signedIn('student')));
      const callers = await Promise.all(students.map((student) => student.caller()));
      const results = await Promise.all(
        callers.map((caller) => caller.student.units.setUp({ unitCode: 'PARALLEL1' })),
      );
      expect(calls).toBe(1);
      expect(new Set(results.map((r) => r.unitId)).size).toBe(1);
      const taskRows = await env.db
        .select()
        .from(tasks)
        .where(eq(tasks.unitId, results[0]?.unitId ?? ''));
      expect(results.map((r) => r.taskCount)).toEqual(Array(10).fill(taskRows.length));
      for (const caller of callers) expect(await caller.student.tasks.list()).toHaveLength(taskRows.length);
    } finally {
      env.services.taskGenerator = original;
    }
  });

  it('a set-up whose generation failed leaves the next one free to generate', async () => {
    const original = env.services.taskGenerator;
    let calls = 0;
    env.services.taskGenerator = {
      async generate(input) {
        calls++;
        if (calls === 1) throw new Error('the generator is down');
        return original.generate(input);
      },
    };
    try {
      const admin = await (await env.signedIn('rto_admin')).caller();
      await admin.admin.units.create({
        unitCode: 'PARALLEL2',
        title: 'Retried set-up',
        performanceEvidence: pe,
      });
      const [first, second] = await Promise.all([env.signedIn('student'), env.signedIn('student')]);
      const [firstCaller, secondCaller] = [await first.caller(), await second.caller()];
      // Either set-up may take the lock first; whichever meets the failing generator fails alone.
      const settled = await Promise.allSettled([
        firstCaller.student.units.setUp({ unitCode: 'PARALLEL2' }),
        secondCaller.student.units.setUp({ unitCode: 'PARALLEL2' }),
      ]);
      expect(settled.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
      expect(settled.find((r) => r.status === 'fulfilled')).toMatchObject({
        value: { unitCode: 'PARALLEL2' },
      });
      expect(calls).toBe(2);
    } finally {
      env.services.taskGenerator = original;
    }
  });

  it('an unknown code is a 404 with a message and creates nothing', async () => {
    const student = await env.signedIn('student');
    await expect(
      (await student.caller()).student.units.setUp({ unitCode: 'NOSUCH999' }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: expect.stringContaining('NOSUCH999'),
    });
    expect(await env.db.select().from(units).where(eq(units.unitCode, 'NOSUCH999'))).toHaveLength(0);
  });

  it('a blank code is refused', async () => {
    const student = await env.signedIn('student');
    await expect((await student.caller()).student.units.setUp({ unitCode: '   ' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('uses the Performance Evidence of a unit an admin created by hand', async () => {
    const admin = await env.signedIn('rto_admin');
    await (await admin.caller()).admin.units.create({
      unitCode: 'CUSTOM101',
      title: 'House rules',
      performanceEvidence: pe,
    });
    const student = await env.signedIn('student');
    const result = await (await student.caller()).student.units.setUp({ unitCode: 'CUSTOM101' });
    expect(result.taskCount).toBeGreaterThanOrEqual(4);
  });
});
