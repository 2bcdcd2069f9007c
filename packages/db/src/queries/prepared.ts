import { type Column, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../client';
import type { StudentScope } from './class-scope';

/**
 * A hot query prepared once per database handle (issue 31 §2): drizzle builds its text once instead
 * of on every call (on either database), and on PostgreSQL postgres.js runs it as a named statement,
 * parsed and planned once per connection, in one round trip (an unnamed statement with parameters
 * costs two: describe, then execute). Only for the few reads every screen makes: each prepared
 * statement is kept by every connection for as long as it lives. Values go in through
 * `sql.placeholder(name)`; a transaction's handle gets statements of its own.
 */
export function preparedPerDatabase<T>(prepare: (db: Database) => T): (db: Database) => T {
  const only = preparedVariants((db: Database, _variant: 'only') => prepare(db));
  return (db) => only(db, 'only');
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

/**
 * The shape of a reader's scope (class-scope.ts): which of its conditions a query has. A prepared
 * query takes one statement per shape, written over placeholders, and the scope's values at execution.
 */
export type ScopeShape = `${'reader' | 'anyone'}:${'class' | 'assessor' | 'everyone'}`;

export function scopeShapeOf(scope: StudentScope): ScopeShape {
  const kind = scope.classId ? 'class' : scope.assessorId ? 'assessor' : 'everyone';
  return `${scope.readerId ? 'reader' : 'anyone'}:${kind}`;
}

/** `studentInScope` writes a value wherever a scope holds one: here the placeholder it is filled from. */
const placeholder = (name: string) => sql.placeholder(name) as unknown as string;

/** A scope of this shape whose values are placeholders: `scopeValues` fills them. */
export function placeholderScope(shape: ScopeShape): StudentScope {
  const [reader, kind] = shape.split(':');
  return {
    readerId: reader === 'reader' ? placeholder('readerId') : null,
    classId: kind === 'class' ? placeholder('classId') : null,
    assessorId: kind === 'assessor' ? placeholder('assessorId') : null,
  };
}

export const scopeValues = (scope: StudentScope) => ({
  readerId: scope.readerId ?? null,
  classId: scope.classId ?? null,
  assessorId: scope.assessorId ?? null,
});
