import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { expect, it } from 'vitest';
import { parseOnceForDrizzle } from '../src/pglite-parsers';

// The embedded database's parsers are laid over once instead of with every query (issue 31 §2):
// drizzle must read every kind of value exactly as it did with its per-query parsers.
const things = pgTable('things', {
  id: uuid('id').primaryKey(),
  at: timestamp('at', { withTimezone: true }),
});

async function readAll(client: PGlite) {
  await client.exec(`create table things (id uuid primary key, at timestamptz);
    insert into things values ('00000000-0000-0000-0000-000000000001', '2026-01-02 03:04:05.678+00')`);
  const db = drizzle(client);
  return [
    await db.select().from(things),
    await db.execute(sql`select at, array[at] as ats, interval '1 day' as i, 1.5::numeric as n,
      array[1.5::numeric] as ns, '2026-01-02'::date as d, array['2026-01-02'::date] as ds,
      '{"a":1}'::jsonb as j, array[1,2] as ints, array['a','b'] as texts, true as b from things`),
    await db.transaction((tx) => tx.select().from(things)),
  ];
}

it('drizzle reads the same rows with the parsers laid over once', async () => {
  const fast = await PGlite.create();
  await parseOnceForDrizzle(fast);
  const [expected, actual] = [await readAll(await PGlite.create()), await readAll(fast)];
  expect(actual).toEqual(expected);
  expect(actual[0]).toEqual([
    { id: '00000000-0000-0000-0000-000000000001', at: new Date('2026-01-02T03:04:05.678Z') },
  ]);
}, 120_000);
