import { randomUUID } from 'node:crypto';
import { z } from 'zod';

/**
 * Answers whose JSON text the database writes (the Evidence Matrix): over HTTP the text is sent as
 * it is, never parsed into objects and written again, which for a big class is most of the call's
 * time. (`JSON.rawJSON` would say this to `JSON.stringify`, but Node 20 lacks it, and it takes
 * primitives only.)
 *
 * The resolver answers `databaseJsonAnswer(ctx, text)`. Called in process (`createCaller`: the
 * server-rendered first screen, tests) that is the parsed object. Over HTTP the context holds a
 * place for such texts (`holdingDatabaseJson`), and the answer is a `DatabaseJson` standing in for
 * the text: REST sends its text; inside a tRPC answer `JSON.stringify` writes a placeholder, which
 * `spliceDatabaseJson` replaces with the text before the answer leaves (a batch too).
 */
export class DatabaseJson {
  constructor(
    readonly text: string,
    private readonly placeholder: string,
  ) {}

  toJSON(): string {
    return this.placeholder;
  }
}

/** A request's held texts, by placeholder. */
export type HeldDatabaseJson = Map<string, string>;

const held = Symbol('held database JSON');
type Holding = { [held]?: HeldDatabaseJson };

/**
 * The empty place for held texts, among a context's keys from the start (context.ts), so that
 * holding texts fills a key the context has rather than adding one (which changes its shape, on
 * every request).
 */
export const databaseJsonSlot: Holding = { [held]: undefined };

/** The context of an HTTP request: database JSON answers are held for it, not parsed. */
export function holdingDatabaseJson<C extends object>(ctx: C, texts: HeldDatabaseJson): C {
  // A symbol key survives the spreads by which middlewares extend the context.
  (ctx as Holding)[held] = texts;
  return ctx;
}

/** Typed as the answer the text spells, which is what every caller receives. */
export function databaseJsonAnswer<T>(ctx: object, text: string): T {
  const texts = (ctx as Holding)[held];
  if (!texts) return JSON.parse(text) as T;
  const placeholder = `evident-database-json:${randomUUID()}`;
  texts.set(placeholder, text);
  return new DatabaseJson(text, placeholder) as T;
}

/** A tRPC answer with each held text put where its placeholder was written. */
export function spliceDatabaseJson(body: string, texts: HeldDatabaseJson): string {
  let spliced = body;
  for (const [placeholder, text] of texts) {
    // split/join: a replacement string would read `$&` and the like in the text.
    spliced = spliced.split(JSON.stringify(placeholder)).join(text);
  }
  return spliced;
}

const described = new WeakMap<z.ZodType, z.ZodType>();

/**
 * The output schema of a database JSON answer: `schema` checks what an in-process caller receives,
 * and types the answer for the typed client; the text itself is the database's (its keys, in its
 * order) and is not checked again. `describedSchemaOf` gives `schema` to the OpenAPI document.
 */
export function databaseJsonOutput<S extends z.ZodType>(schema: S) {
  const output = z.custom<z.output<S>>(
    (value) => value instanceof DatabaseJson || schema.safeParse(value).success,
  );
  described.set(output, schema);
  return output;
}

export const describedSchemaOf = (schema: z.ZodType): z.ZodType | undefined => described.get(schema);

/**
 * The output schema of an answer its resolver shapes exactly (issue 31 §2): nothing is checked per
 * call, since zod's parse of a long list is a hot read's largest cost after the database; the answer
 * passes as the resolver built it. `schema` still types it and describes it in the OpenAPI document,
 * and `apps/server/test/unchecked-outputs.test.ts` holds each such procedure's answer to it: what
 * `schema.parse` would give, to the byte. Only for the hot reads that test names.
 */
export function shapeCheckedInTests<S extends z.ZodType>(schema: S) {
  const output = z.custom<z.output<S>>(() => true);
  described.set(output, schema);
  return output;
}
