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
