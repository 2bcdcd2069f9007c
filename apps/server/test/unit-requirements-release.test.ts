import type { RequirementItem } from '@evident/core/requirements';
import {
  addRequirementItems,
  listCurrentRequirements,
  listRequirements,
  mapTaskRequirements,
  saveRequirementRelease,
} from '@evident/db/queries/unit-requirements';
import { findUnit } from '@evident/db/queries/units';
import { taskRequirements } from '@evident/db/schema';
import { buildRequirement, buildTask, buildUnit } from '@evident/db/testing/factories';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from './harness';

const pe = (key: string, text: string, parentKey: string | null = null): RequirementItem => ({
  section: 'pe',
  key,
  parentKey,
  text,
});

describe("a unit's requirements by release", () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('saves a first release as the current one, in order, with parents', async () => {
    const { db } = database;
    const unit = await buildUnit(db);
    await db.transaction((tx) =>
      saveRequirementRelease(tx, {
        unitId: unit.id,
        release: '1',
        items: [pe('PE 1', 'plan'), pe('PE 1.1', 'read documents', 'PE 1'), pe('PE 2', 'do')],
      }),
    );
    const current = await listCurrentRequirements(db, unit.id);
    expect(current.release).toBe('1');
    expect(current.items.map((row) => [row.key, row.parentKey, row.text])).toEqual([
      ['PE 1', null, 'plan'],
      ['PE 1.1', 'PE 1', 'read documents'],
      ['PE 2', null, 'do'],
    ]);
  });

  it('moves mappings to a new release only where key and words are unchanged, and keeps the old rows', async () => {
    const { db } = database;
    const unit = await buildUnit(db, { release: '1' });
    const task = await buildTask(db, { unitId: unit.id });
    const kept = await buildRequirement(db, {
      unitId: unit.id,
      key: 'PE 1',
      text: 'plan',
      taskIds: [task.id],
    });
    const reworded = await buildRequirement(db, {
      unitId: unit.id,
      key: 'PE 2',
      text: 'do',
      taskIds: [task.id],
    });
    const removed = await buildRequirement(db, {
      unitId: unit.id,
      key: 'PE 3',
      text: 'tidy',
      taskIds: [task.id],
    });

    const result = await db.transaction((tx) =>
      saveRequirementRelease(tx, {
        unitId: unit.id,
        release: '2',
        items: [pe('PE 1', 'plan'), pe('PE 2', 'do the job'), pe('PE 4', 'report')],
      }),
    );
    expect(result).toEqual({ inserted: 3, moved: 1 });
    expect((await findUnit(db, unit.id))?.release).toBe('2');

    const newRows = await listRequirements(db, unit.id, '2');
    const mapped = await db.select().from(taskRequirements).where(eq(taskRequirements.taskId, task.id));
    const mappedIds = mapped.map((row) => row.requirementId).sort();
    const newPe1 = newRows.find((row) => row.key === 'PE 1')?.id;
    expect(mappedIds).toEqual([newPe1, reworded.id, removed.id].sort());
    expect(mappedIds).not.toContain(kept.id);
    // Release 1 stays whole: its rows are the record of what tasks were mapped to.
    expect((await listRequirements(db, unit.id, '1')).map((row) => row.key)).toEqual([
      'PE 1',
      'PE 2',
      'PE 3',
    ]);
  });

  it('saving the same release twice, or a task already mapping the new item, duplicates nothing', async () => {
    const { db } = database;
    const unit = await buildUnit(db, { release: '1' });
    const task = await buildTask(db, { unitId: unit.id });
    await buildRequirement(db, { unitId: unit.id, key: 'PE 1', text: 'plan', taskIds: [task.id] });
    const items = [pe('PE 1', 'plan')];
    await db.transaction((tx) => saveRequirementRelease(tx, { unitId: unit.id, release: '2', items }));
    const again = await db.transaction((tx) =>
      saveRequirementRelease(tx, { unitId: unit.id, release: '2', items }),
    );
    expect(again).toEqual({ inserted: 0, moved: 0 });
    const [row] = await listRequirements(db, unit.id, '2');
    if (!row) throw new Error('no release 2 row');
    await mapTaskRequirements(db, task.id, [row.id, row.id]);
    const mapped = await db.select().from(taskRequirements).where(eq(taskRequirements.taskId, task.id));
    expect(mapped.map((m) => m.requirementId)).toEqual([row.id]);
  });

  it('adds a pasted section to the current release after its items, keeping existing keys', async () => {
    const { db } = database;
    const unit = await buildUnit(db, { release: '1' });
    await buildRequirement(db, { unitId: unit.id, key: 'PE 1', text: 'plan', position: 0 });
    const added = await addRequirementItems(db, {
      unitId: unit.id,
      release: '1',
      items: [pe('PE 1', 'other words'), { section: 'ke', key: 'KE 1', parentKey: null, text: 'hazards' }],
    });
    expect(added).toBe(1);
    const rows = await listRequirements(db, unit.id, '1');
    expect(rows.map((row) => [row.key, row.text])).toEqual([
      ['PE 1', 'plan'],
      ['KE 1', 'hazards'],
    ]);
  });
});
