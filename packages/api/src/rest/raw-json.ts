import { z } from 'zod';

/**
 * A procedure whose answer is JSON text the database built (`{ rawJson }`), which the REST path sends
 * on untouched: the schema of that text is kept here, so the OpenAPI document describes what a caller
 * receives rather than the wrapper.
 */
const rawJsonSchemas = new WeakMap<z.ZodType, z.ZodType>();

export function rawJsonOutput(schema: z.ZodType) {
  const wrapper = z.object({ rawJson: z.string() });
  rawJsonSchemas.set(wrapper, schema);
  return wrapper;
}

/** The schema of the JSON text behind a `rawJsonOutput`, if this is one. */
export const rawJsonSchemaOf = (schema: z.ZodType) => rawJsonSchemas.get(schema);
