/**
 * The REST face, generated: every procedure whose meta declares `rest` (rest-meta.ts) becomes a
 * route here, which apps/server registers on Fastify, `run-route.ts` runs and `openapi.ts` documents.
 * Nothing else lists the spec's `/api` paths.
 *
 * Why not trpc-to-openapi (3.3, on zod-openapi 5), which does this from the same kind of meta: its
 * failures are JSON (`{ message, code, issues }`) where the spec's client reads the reason as plain
 * text; a success is always the procedure's answer as JSON, so no CSV or PDF download, no JSON the
 * database wrote sent as it is, no single field of an answer, no 401 for `auth.session.get`'s null and
 * no 201 or 204; a method and path name one procedure, where `GET /api/admin/users` is two; and it
 * serves `/api` from one catch-all route, so Fastify's table no longer shows what `/api` serves (the
 * test holding every `/api` route to a procedure reads that table). Bending it to each of these would
 * take more code than the little generator here, which reads the same zod schemas.
 */
import type { z } from 'zod';
import { appRouter } from '../root';
import type { ProcedureMeta, RestMeta, RestMethod } from './rest-meta';

/**
 * A procedure as tRPC's own caller runs it (createCaller's proxy ends in this call): looked up once
 * here rather than through a proxy built for every request.
 */
export type CallProcedure = (options: {
  ctx: unknown;
  path: string;
  type: 'query' | 'mutation';
  getRawInput: () => Promise<unknown>;
  signal: undefined;
  batchIndex: number;
}) => Promise<unknown>;

export type RestProcedure = {
  /** `admin.units.get` */
  name: string;
  type: 'query' | 'mutation';
  call: CallProcedure;
  rest: RestMeta;
  input: z.ZodType | undefined;
  output: z.ZodType | undefined;
  /** Path parameter to the input field it fills. */
  fields: Record<string, string>;
};

export type RestRoute = {
  method: RestMethod;
  /** Fastify's form of the path: `/api/admin/units/:id`. */
  path: string;
  /** As declared, which is OpenAPI's form: `/api/admin/units/{id}`. */
  template: string;
  procedure: RestProcedure;
  /** Answers instead when the query string has any parameter. */
  withQuery: RestProcedure | null;
};

type ProcedureDef = {
  type: 'query' | 'mutation' | 'subscription';
  inputs: z.ZodType[];
  output?: z.ZodType;
  meta?: ProcedureMeta;
};

/** The fields of an object input (through optional, default, transforms), or null when it is none. */
export function inputShapeOf(schema: z.ZodType | undefined): Record<string, unknown> | null {
  const def = schema?._zod.def as
    | { type: string; shape?: Record<string, unknown>; innerType?: z.ZodType; in?: z.ZodType }
    | undefined;
  if (!def) return null;
  if (def.type === 'object') return def.shape ?? null;
  if (def.innerType) return inputShapeOf(def.innerType);
  if (def.type === 'pipe') return inputShapeOf(def.in);
  return null;
}

function restProcedure(name: string, call: CallProcedure, def: ProcedureDef, rest: RestMeta): RestProcedure {
  const refuse = (why: string) => new Error(`${name} (${rest.method} ${rest.path}): ${why}`);
  if (def.type === 'subscription') throw refuse('a subscription has no REST path');
  // A read-only token may GET and calls no mutation: the two rules must agree.
  if ((rest.method === 'GET') !== (def.type === 'query')) throw refuse('GET is for queries, and only GET');
  const input = def.inputs[0];
  const shape = inputShapeOf(input);
  const fields = Object.fromEntries(
    [...rest.path.matchAll(/\{(\w+)\}/g)].map(([, param = '']) => [param, rest.pathFields?.[param] ?? param]),
  );
  for (const field of Object.values(fields)) {
    if (!shape || !(field in shape)) throw refuse(`the path fills \`${field}\`, which the input lacks`);
  }
  return { name, type: def.type, call, rest, input, output: def.output, fields };
}

function restRoute(served: RestProcedure[]): RestRoute {
  const [first] = served;
  if (!first) throw new Error('a route without a procedure');
  const { method, path } = first.rest;
  const plain = served.filter((procedure) => !procedure.rest.withQuery);
  const queried = served.filter((procedure) => procedure.rest.withQuery);
  const [procedure] = plain;
  if (!procedure || plain.length > 1 || queried.length > 1 || (queried.length > 0 && method !== 'GET')) {
    throw new Error(
      `${method} ${path} is declared by ${served.map((p) => p.name).join(', ')}: one procedure a path, ` +
        'or two on a GET path of which one is `withQuery`',
    );
  }
  return {
    method,
    path: path.replace(/\{(\w+)\}/g, ':$1'),
    template: path,
    procedure,
    withQuery: queried[0] ?? null,
  };
}

/** One route for each method and path the procedures declare, in the routers' order. */
export function restRoutesOf(procedures: Record<string, unknown>): RestRoute[] {
  const byPath = new Map<string, RestProcedure[]>();
  for (const [name, procedure] of Object.entries(procedures)) {
    const def = (procedure as { _def: ProcedureDef })._def;
    const rest = def.meta?.rest;
    if (!rest) continue;
    const key = `${rest.method} ${rest.path}`;
    byPath.set(key, [...(byPath.get(key) ?? []), restProcedure(name, procedure as CallProcedure, def, rest)]);
  }
  return [...byPath.values()].map(restRoute);
}

/** The spec's `/api` paths (section 7) and the rest of the REST face, from the procedures' meta. */
export const restRoutes: RestRoute[] = restRoutesOf(appRouter._def.procedures);
