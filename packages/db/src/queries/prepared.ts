import { type Column, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../client';

/**
 * A hot query prepared once per database handle (issue 31 §2): drizzle builds its text once instead
 * of on every call (on either database), and on PostgreSQL postgres.js runs it as a named statement,
 * parsed and planned once per connection, in one round trip (an unnamed statement with parameters
 * costs two: describe, then execute). Only for the few reads every screen makes: each prepared
 * statement is kept by every connection for as long as it lives. Values go in through
 * `sql.placeholder(name)`; a transaction's handle gets statements of its own.
 */
export function preparedPerDatabase<T>(prepare: (db: Database) => T): (db: Database) => T {
  const prepared = new WeakMap<Database, T>();
  return (db) => {
    let query = prepared.get(db);
    if (!query) {
      query = prepare(db);
      prepared.set(db, query);
    }
    return query;
  };
}

/** As `preparedPerDatabase`, for a query of a few shapes (which conditions it has): one statement each. */
export function preparedVariants<K extends string, T>(
  prepare: (db: Database, variant: K) => T,
): (db: Database, variant: K) => T {
  const prepared = new WeakMap<Database, Map<K, T>>();
  return (db, variant) => {
    let variants = prepared.get(db);
    if (!variants) {
      variants = new Map();
      prepared.set(db, variants);
    }
    let query = variants.get(variant);
    if (!query) {
      query = prepare(db, variant);
      variants.set(variant, query);
    }
    return query;
  };
}

/**
 * `column = any($name::uuid[])`: one statement text whatever the number of ids (`inArray` writes a
 * parameter per id, a new statement for every count).
 */
export const isAnyUuidOf = (column: Column, name: string): SQL =>
  sql`${column} = any(${sql.placeholder(name)}::uuid[])`;
