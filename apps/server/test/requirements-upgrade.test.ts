import type { DatabaseHandle } from '@evident/db/client';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upgradeLegacyRequirements } from '../src/requirements-upgrade';
import { openEmptyDatabase } from './harness';
import { migrationsBefore, type OlderMigrations, rowsOf } from './older-migrations';

const requirementsMigration = '0013_requirements_and_judgement';

let database: DatabaseHandle;
/** The migrations folder as the build before issue 29 shipped it: the journal ends at 0012. */
let older: OlderMigrations | undefined;

beforeAll(async () => {
  older = migrationsBefore(requirementsMigration);
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

// As the register adapter handed PE over, and as the generator quoted its items in task mappings.
const performanceEvidence = [
  'The candidate must demonstrate the ability to:',
  'plan a job at heights, including:',
  '  read the safe work method statement',
  '  check the rescue plan',
  'inspect a harness before use',
  'report a hazard',
].join('\n');

describe('the upgrade to per-item requirements (issue 29)', () => {
  it('gives units written by the previous build PE items and task mappings, once, losing nothing', async () => {
    await migrateAsOlderServer();
    const { db } = database;
    // Raw SQL: the factories write today's columns, which the older schema does not have.
    const [unit] = rowsOf<{ id: string }>(
      await db.execute(
        sql`insert into units (unit_code, title, performance_evidence)
            values ('OLD0029', 'Older unit', ${performanceEvidence}) returning id`,
      ),
    );
    const [bare] = rowsOf<{ id: string }>(
      await db.execute(sql`insert into units (unit_code, title) values ('BARE029', 'No PE') returning id`),
    );
    if (!unit || !bare) throw new Error('no unit written');
    const mappings: [string, string[]][] = [
      ['Plan', ['read the safe work method statement', 'check the rescue plan']],
      ['Inspect', ['inspect a harness before use']],
      ['Gone', ['words no item has']],
      ['Unmapped', []],
    ];
    for (const [position, [title, mapping]] of mappings.entries())
      await db.execute(
        sql`insert into tasks (unit_id, position, title, performance_evidence_mapping)
            values (${unit.id}, ${position}, ${title}, ${`{${mapping.map((m) => `"${m}"`).join(',')}}`}::text[])`,
      );

    // The new build starts: every migration, then the upgrade; on PostgreSQL two servers start at
    // once and one of them does it. A later start finds nothing left to do.
    await database.migrate();
    const first =
      database.kind === 'postgres'
        ? await Promise.all([upgradeLegacyRequirements(db), upgradeLegacyRequirements(db)])
        : [await upgradeLegacyRequirements(db)];
    expect(first.reduce((sum, n) => sum + n, 0)).toBe(1);
    await database.migrate();
    expect(await upgradeLegacyRequirements(db)).toBe(0);

    const items = rowsOf<{ key: string; parent_key: string | null; text: string; release: string }>(
      await db.execute(
        sql`select key, parent_key, text, release from unit_requirements where unit_id = ${unit.id} order by position`,
      ),
    );
    expect(items).toEqual([
      { key: 'PE 1', parent_key: null, text: 'plan a job at heights, including:', release: 'unknown' },
      { key: 'PE 1.1', parent_key: 'PE 1', text: 'read the safe work method statement', release: 'unknown' },
      { key: 'PE 1.2', parent_key: 'PE 1', text: 'check the rescue plan', release: 'unknown' },
      { key: 'PE 2', parent_key: null, text: 'inspect a harness before use', release: 'unknown' },
      { key: 'PE 3', parent_key: null, text: 'report a hazard', release: 'unknown' },
    ]);
    const unitsNow = rowsOf<{
      unit_code: string;
      release: string | null;
      performance_evidence: string | null;
    }>(await db.execute(sql`select unit_code, release, performance_evidence from units order by unit_code`));
    expect(unitsNow).toEqual([
      { unit_code: 'BARE029', release: null, performance_evidence: null },
      { unit_code: 'OLD0029', release: 'unknown', performance_evidence: performanceEvidence },
    ]);
    const mapped = rowsOf<{ title: string; key: string }>(
      await db.execute(
        sql`select t.title, r.key from task_requirements tr join tasks t on t.id = tr.task_id
            join unit_requirements r on r.id = tr.requirement_id order by t.position, r.position`,
      ),
    );
    expect(mapped).toEqual([
      { title: 'Plan', key: 'PE 1.1' },
      { title: 'Plan', key: 'PE 1.2' },
      { title: 'Inspect', key: 'PE 2' },
    ]);
    // The old column stays as it was: nothing a task said is lost, even words no item has.
    const old = rowsOf<{ title: string; performance_evidence_mapping: string[] }>(
      await db.execute(sql`select title, performance_evidence_mapping from tasks order by position`),
    );
    expect(old.map((row) => row.performance_evidence_mapping)).toEqual(mappings.map(([, m]) => m));
  });
});
