import { evidenceTypes } from '@evident/core/curriculum';
import type { DatabaseHandle } from '@evident/db/client';
import { tasks } from '@evident/db/schema';
import { buildTask } from '@evident/db/testing/factories';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmptyDatabase } from './harness';
import { migrationsBefore, type OlderMigrations, rowsOf } from './older-migrations';

const videoMigration = '0010_video_evidence_type';

let database: DatabaseHandle;
/** The migrations folder as the build before video shipped it: the journal ends at 0009. */
let older: OlderMigrations | undefined;

beforeAll(async () => {
  older = migrationsBefore(videoMigration);
  database = await openEmptyDatabase();
});
afterAll(async () => {
  await database?.close();
  older?.remove();
});

async function migrateAsOlderServer() {
  if (!older) throw new Error('no older migrations');
  await older.migrate(database);
}

async function enumValues(): Promise<string[]> {
  const result = (await database.db.execute(
    sql`select unnest(enum_range(null::evidence_type))::text as value`,
  )) as unknown as { value: string }[] | { rows: { value: string }[] };
  return (Array.isArray(result) ? result : result.rows).map((row) => row.value);
}

describe(`migration ${videoMigration}`, () => {
  it('upgrades a database in place: existing tasks keep their evidence types, and a task may ask for video', async () => {
    await migrateAsOlderServer();
    expect(await enumValues()).toEqual(['photo', 'audio', 'pdf', 'document']);
    const { db } = database;
    // Raw SQL: the factories write today's columns, which the older schema does not have yet.
    const [unit] = rowsOf<{ id: string }>(
      await db.execute(
        sql`insert into units (unit_code, title) values ('OLD0001', 'Older unit') returning id`,
      ),
    );
    if (!unit) throw new Error('no unit written');
    const written = [['photo'], ['audio', 'document'], ['pdf'], ['photo', 'audio', 'pdf', 'document']];
    for (const [position, types] of written.entries())
      await db.execute(
        sql`insert into tasks (unit_id, position, title, evidence_types)
            values (${unit.id}, ${position}, ${`Old task ${position}`}, ${`{${types.join(',')}}`}::evidence_type[])`,
      );
    // A task written without evidence types takes the column's default, before and after.
    await db.execute(sql`insert into tasks (unit_id, position, title) values (${unit.id}, 9, 'Defaulted')`);
    await expect(
      db.execute(sql`select '{video}'::evidence_type[]`),
      'video is no value before the migration',
    ).rejects.toThrow(/video/);

    // The newer server's start-up: the same migrate() every start runs.
    await database.migrate();

    expect(await enumValues()).toEqual([...evidenceTypes]);
    const kept = await db
      .select({ title: tasks.title, evidenceTypes: tasks.evidenceTypes })
      .from(tasks)
      .orderBy(asc(tasks.position));
    expect(kept).toEqual([
      ...written.map((types, position) => ({ title: `Old task ${position}`, evidenceTypes: types })),
      { title: 'Defaulted', evidenceTypes: ['photo'] },
    ]);
    const filmed = await buildTask(db, { unitId: unit.id, evidenceTypes: ['video', 'photo'] });
    expect(filmed.evidenceTypes).toEqual(['video', 'photo']);
    // Running it again (another instance's start) finds nothing to do.
    await database.migrate();
    expect(await enumValues()).toEqual([...evidenceTypes]);
  });
});
