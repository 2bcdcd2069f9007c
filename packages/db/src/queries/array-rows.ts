import type { PGlite } from '@electric-sql/pglite';
import { fillPlaceholders } from 'drizzle-orm';
import type { Sql } from 'postgres';
import { type Database, isEmbedded } from '../client';

/** What drizzle's `toSQL()` gives: the statement's text and its parameters (placeholders among them). */
type Written = { sql: string; params: unknown[] };

/**
 * A hot read whose rows the caller decodes itself, by position (issue 31 §2). drizzle writes the
 * statement once per database handle, exactly as its own prepared query would send it, and the rows
 * come back from the driver as arrays of column values, as drizzle's prepared query receives them.
 * What is skipped is drizzle's row mapping: it looks up each column's decoder (`is()` up the class
 * chain) for every field of every row, which on a list of 40 tasks cost more than the statement.
 * Timestamps therefore arrive as PostgreSQL writes them (drizzle's parsers, on either engine) and
 * `timestampOf` reads them as drizzle would. Only for root handles (not a transaction's).
 */
export function arrayRowsStatement<Values extends Record<string, unknown>>(
  write: (db: Database) => { toSQL(): Written },
): (db: Database, values: Values) => Promise<unknown[][]> {
  const written = new WeakMap<Database, Written>();
  return async (db, values) => {
    let statement = written.get(db);
    if (!statement) {
      statement = write(db).toSQL();
      written.set(db, statement);
    }
    const params = fillPlaceholders(statement.params, values);
    const client = (db as unknown as { $client: unknown }).$client;
    if (isEmbedded(db)) {
      const result = await (client as PGlite).query<unknown[]>(statement.sql, params, { rowMode: 'array' });
      return result.rows;
    }
    // Named and prepared on each connection, as drizzle's prepared query is (postgres.js `prepare`).
    return (client as Sql).unsafe(statement.sql, params as never[], { prepare: true }).values();
  };
}

/** A timestamptz column as drizzle reads it (PostgreSQL's text, through the parsers drizzle lays over). */
export const timestampOf = (value: unknown): Date =>
  value instanceof Date ? value : new Date(value as string);

export const nullableTimestampOf = (value: unknown): Date | null =>
  value === null ? null : timestampOf(value);
