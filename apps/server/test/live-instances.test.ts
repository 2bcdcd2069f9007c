import { openDatabase } from '@evident/db/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studentWithUnit } from './evidence-fixtures';
import { createTestEnv, type TestEnv } from './harness';
import { openStream, recordEvents, recordPdf } from './live-fixtures';

/**
 * Two server instances on one database. On PostgreSQL they are two service sets, each with its own
 * pool and LISTEN connection; on PGlite (one process by design) the embedded database has one.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let one: TestEnv;
let two: TestEnv;
beforeAll(async () => {
  one = await createTestEnv();
  if (onPostgres) {
    const url = one.database.url;
    if (!url) throw new Error('the PostgreSQL test database has no url');
    two = await createTestEnv({ database: await openDatabase({ kind: 'postgres', url, maxConnections: 4 }) });
  }
});
afterAll(async () => {
  if (onPostgres) await two.close();
  await one.close();
});

describe.runIf(onPostgres)('events across instances on PostgreSQL', () => {
  it('an event published on one instance reaches the listeners of every instance exactly once', async () => {
    const onOne = recordEvents(one.services.events);
    const onTwo = recordEvents(two.services.events);
    const admin = await (await one.signedIn('rto_admin')).caller();
    const unit = await admin.admin.units.create({ unitCode: 'MULTI01', title: 'Seen everywhere' });
    const last = new Promise<void>((resolve) => {
      two.services.events.subscribe((event) => {
        if (event.type === 'user.changed' && event.userId === 'last') resolve();
      });
    });
    await one.services.events.publish({ type: 'user.changed', userId: 'last' });
    await last;
    const expected = [
      { type: 'unit.changed', unitId: unit.id },
      { type: 'user.changed', userId: 'last' },
    ];
    expect(onOne.events).toEqual(expected);
    expect(onTwo.events).toEqual(expected);
    onOne.stop();
    onTwo.stop();
  });

  it("a student's evidence recorded on one instance arrives on an assessor's stream on the other", async () => {
    const assessor = await two.signedIn('assessor');
    const stream = await openStream(await assessor.caller());
    expect((await stream.next()).data).toEqual({ type: 'connected' });
    const { student, caller, task } = await studentWithUnit(one);
    const recorded = await recordPdf(one, caller, task.id);
    const heard = await stream.readUntil((m) => m.data.type === 'submission.created');
    expect(heard.at(-1)?.data).toEqual({
      type: 'submission.created',
      submissionId: recorded.submission.id,
      studentId: student.user.id,
      taskId: task.id,
      unitId: task.unitId,
    });
    await stream.close();
  });

  it('a bulk grading too large for one notification arrives whole, in parts', async () => {
    const heard: string[] = [];
    const done = new Promise<void>((resolve) => {
      two.services.events.subscribe((event) => {
        if (event.type === 'submission.graded') heard.push(...event.submissions.map((s) => s.submissionId));
        if (heard.length === 300) resolve();
      });
    });
    const submissions = Array.from({ length: 300 }, (_, i) => ({
      submissionId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      studentId: '00000000-0000-4000-8000-000000000001',
      taskId: '00000000-0000-4000-8000-000000000002',
      unitId: '00000000-0000-4000-8000-000000000003',
    }));
    await one.services.events.publish({ type: 'submission.graded', status: 'satisfactory', submissions });
    await done;
    expect(heard.sort()).toEqual(submissions.map((s) => s.submissionId).sort());
  });
});

describe.runIf(!onPostgres)('events on the embedded database', () => {
  it('stay in process: a listener hears each event once', async () => {
    const seen = recordEvents(one.services.events);
    const admin = await (await one.signedIn('rto_admin')).caller();
    const unit = await admin.admin.units.create({ unitCode: 'LOCAL01', title: 'Heard here' });
    seen.stop();
    expect(seen.events).toEqual([{ type: 'unit.changed', unitId: unit.id }]);
  });
});
