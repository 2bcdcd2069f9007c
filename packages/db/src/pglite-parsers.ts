import { type PGlite, types } from '@electric-sql/pglite';

const asWritten = (value: string) => value;

/**
 * What drizzle's PGlite driver asks of every query (drizzle-orm/pglite/session.js): dates,
 * timestamps and intervals, and arrays of them, as PostgreSQL writes them (drizzle maps them itself).
 */
const drizzleParsers = {
  [types.TIMESTAMP]: asWritten,
  [types.TIMESTAMPTZ]: asWritten,
  [types.INTERVAL]: asWritten,
  [types.DATE]: asWritten,
  1231: asWritten, // numeric[]
  1115: asWritten, // timestamp[]
  1185: asWritten, // timestamptz[]
  1187: asWritten, // interval[]
  1182: asWritten, // date[]
};

/**
 * drizzle passes those parsers with every query, and PGlite then copies its whole table of parsers
 * (one for every array type, some hundreds) to lay them over it: about 9 % of a hot read's CPU on
 * the embedded database (issue 31 §2). Laid over PGlite's own table once here, after PGlite has
 * filled it, the per-query copy is skipped and every row reads as before: the per-query parsers
 * were exactly these, and they won over PGlite's.
 */
export async function parseOnceForDrizzle(client: PGlite): Promise<void> {
  // PGlite fills in its array types' parsers on its first query; make sure that has happened.
  await client.query('select 1');
  Object.assign(client.parsers, drizzleParsers);
  const query = client.query.bind(client);
  client.query = ((text: string, params?: unknown[], options?: Parameters<PGlite['query']>[2]) =>
    query(text, params, options?.parsers ? { ...options, parsers: undefined } : options)) as PGlite['query'];
}
