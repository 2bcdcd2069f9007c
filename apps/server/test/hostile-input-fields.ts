import { randomUUID } from 'node:crypto';
import type { RestRoute } from '@evident/api/rest';
import { appRouter } from '@evident/api/root';
import type { Role } from '@evident/core/roles';
import { z } from 'zod';

/**
 * What hostile-inputs.test.ts sends: every string and date field of every procedure's input, found
 * from its zod schema (as JSON Schema, the input side), each in turn given a value the database
 * cannot store, with the other fields plausible so the call gets as far as it can.
 */

type Json = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Json>;
  required?: string[];
  items?: Json;
  minItems?: number;
  anyOf?: Json[];
  oneOf?: Json[];
  minimum?: number;
};

/** A step into an object's field, an array's first item, or one option of a union. */
type Step = string | { item: true } | { option: number };
export type Target = { path: Step[]; label: string; isDate: boolean };

/** Broken at its middle: a plausible value (a URL, an address) with the character in it still looks like one. */
const within = (insert: string) => (plain: string) =>
  `${plain.slice(0, plain.length >> 1)}${insert}${plain.slice(plain.length >> 1)}`;

export const hostileValues = (target: Target) => [
  { kind: 'NUL', value: within('\u0000') },
  { kind: 'lone surrogate', value: within('\uD800') },
  { kind: '1 MB', value: (plain: string) => plain + 'x'.repeat(1_000_000) },
  ...(target.isDate ? [{ kind: 'year 0000', value: () => '0000-01-01' }] : []),
  ...(target.isDate ? [{ kind: 'year 0000 time', value: () => '0000-01-01T00:00:00Z' }] : []),
];
export type Hostile = (plain: string) => string;

const isFreeString = (schema: Json) =>
  schema.type === 'string' && schema.enum === undefined && schema.const === undefined;
const looksLikeDate = (schema: Json, name: string) =>
  schema.format === 'date' || schema.format === 'date-time' || /^(from|to|startsOn|endsOn)$|At$/.test(name);

/** Every free-text leaf (not an enum or a constant) under a schema. */
function targetsOf(schema: Json, path: Step[] = [], name = ''): Target[] {
  const options = schema.anyOf ?? schema.oneOf;
  if (options)
    return options.flatMap((option, index) => targetsOf(option, [...path, { option: index }], name));
  if (schema.type === 'object')
    return Object.entries(schema.properties ?? {}).flatMap(([key, field]) =>
      targetsOf(field, [...path, key], key),
    );
  if (schema.type === 'array' && schema.items)
    return targetsOf(schema.items, [...path, { item: true }], name);
  if (!isFreeString(schema)) return [];
  const label = path
    .map((step) => (typeof step === 'string' ? `.${step}` : 'item' in step ? '[0]' : ''))
    .join('')
    .slice(1);
  return [{ path, label, isDate: looksLikeDate(schema, name) }];
}

const plausibleByName: Record<string, string> = {
  email: 'someone@example.com',
  unitCode: 'BSBWHS211',
  fileName: 'photo.jpg',
  fileType: 'image/jpeg',
  clientKey: 'client-key-0001',
  password: 'correct horse battery',
  kind: 'sign-in.success',
  objectPath: 'evidence/sample/photo.jpg',
};

/** Values the test env made (a unit's id, a class's), by field name, for a call to get further. */
export type Known = Record<string, string>;

function plausibleString(schema: Json, name: string, known: Known): string {
  if (known[name]) return known[name];
  if (schema.format === 'uuid' || /(^id|Id)$/.test(name)) return randomUUID();
  if (schema.format === 'date') return '2026-03-01';
  if (schema.format === 'date-time') return '2026-03-01T10:00:00Z';
  if (schema.format === 'email') return 'someone@example.com';
  if (schema.format === 'uri') return 'https://platform.example/path';
  return plausibleByName[name] ?? 'Sample text';
}

/** A plausible value for the schema: required fields only, one item an array, a union's first non-null. */
function plausible(schema: Json, name: string, known: Known): unknown {
  const options = schema.anyOf ?? schema.oneOf;
  if (options) {
    const chosen = options.find((option) => option.type !== 'null') ?? options[0];
    return chosen ? plausible(chosen, name, known) : null;
  }
  if (schema.type === 'object')
    return Object.fromEntries(
      Object.entries(schema.properties ?? {})
        .filter(([key]) => schema.required?.includes(key))
        .map(([key, field]) => [key, plausible(field, key, known)]),
    );
  if (schema.type === 'array')
    return Array.from({ length: Math.max(1, schema.minItems ?? 0) }, () =>
      plausible(schema.items ?? {}, name, known),
    );
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.type === 'integer' || schema.type === 'number') return Math.max(1, schema.minimum ?? 1);
  if (schema.type === 'boolean') return true;
  if (schema.type === 'string') return plausibleString(schema, name, known);
  return null;
}

/** The input with `hostile` in the target field and plausible values elsewhere. */
export function inputWith(schema: Json, path: Step[], hostile: Hostile, known: Known, name = ''): unknown {
  const [step, ...rest] = path;
  if (step === undefined) return hostile(String(plausible(schema, name, known)));
  if (typeof step === 'string') {
    const object = plausible(schema, name, known) as Record<string, unknown>;
    return { ...object, [step]: inputWith(schema.properties?.[step] ?? {}, rest, hostile, known, step) };
  }
  if ('item' in step) {
    const [, ...others] = plausible(schema, name, known) as unknown[];
    return [inputWith(schema.items ?? {}, rest, hostile, known, name), ...others];
  }
  const option = (schema.anyOf ?? schema.oneOf ?? [])[step.option] ?? {};
  return inputWith(option, rest, hostile, known, name);
}

/** Who may call a router's procedures: signed out (null) or signed in as a role. */
const audiences: Record<string, (Role | null)[]> = {
  auth: [null],
  invitation: [null, 'student'],
  student: ['student'],
  assessor: ['assessor'],
  staff: ['assessor', 'rto_admin'],
  admin: ['rto_admin'],
  account: ['student', 'assessor', 'rto_admin'],
};

/** Routers whose procedures differ in who may call them: third-party reports (issue 30 §1). */
const audiencesByProcedure: Record<string, (Role | null)[]> = {
  'thirdParty.requests.create': ['student', 'assessor', 'rto_admin'],
  'thirdParty.requests.list': ['student', 'assessor', 'rto_admin'],
  'thirdParty.requests.revoke': ['student', 'assessor', 'rto_admin'],
  'thirdParty.requests.resend': ['student', 'assessor', 'rto_admin'],
  // The supervisor's link is their credential: no one signs in.
  'thirdParty.supervisorReports.get': [null],
  'thirdParty.supervisorReports.record': [null],
  'thirdParty.reports.list': ['assessor', 'rto_admin'],
  'thirdParty.reports.listOwn': ['student'],
  'thirdParty.verifications.record': ['assessor'],
};

type RestMeta = RestRoute['procedure']['rest'];
type ProcedureDef = { type: string; inputs: z.ZodType[]; meta?: { rest?: RestMeta } };

export type HostileProcedure = {
  name: string;
  type: 'query' | 'mutation';
  rest: RestMeta | undefined;
  schema: Json;
  targets: Target[];
  audience: (Role | null)[];
};

/** Every query and mutation with an input that has a string field (subscriptions left out). */
export function hostileProcedures(): HostileProcedure[] {
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: ProcedureDef }>;
  return Object.entries(procedures).flatMap(([name, { _def }]) => {
    const input = _def.inputs[0];
    if (!input || _def.type === 'subscription') return [];
    const schema = z.toJSONSchema(input, { io: 'input', unrepresentable: 'any' }) as Json;
    const targets = targetsOf(schema);
    const audience = audiencesByProcedure[name] ?? audiences[name.split('.')[0] ?? ''];
    if (!audience) throw new Error(`${name}: no audience known for its router`);
    if (targets.length === 0) return [];
    return [
      { name, type: _def.type as 'query' | 'mutation', rest: _def.meta?.rest, schema, targets, audience },
    ];
  });
}
