import { z } from 'zod';
import { appRouter } from '../root';
import { rawJsonSchemaOf } from './raw-json';
import { type RestRoute, restRoutes } from './routes';

/**
 * `GET /api/openapi.json`: an OpenAPI 3.1 document of the REST table, built from the very zod schemas
 * the procedures check (zod 4's own JSON Schema output, which is OpenAPI 3.1's dialect). Which
 * procedure a route calls, and which input fields its path fills, is learnt by running the route
 * against a recording caller, so a route added to the table is documented without a second list.
 */

type JsonSchema = Record<string, unknown>;
type ProcedureDef = { type: 'query' | 'mutation' | 'subscription'; inputs: z.ZodType[]; output?: z.ZodType };

const PARAM_MARK = '\u0000param:';

/**
 * The procedure path a route calls, and the input it passes, with path parameters marked. `query`
 * stands for a query string, for a GET route whose parameters pick another procedure.
 */
async function traceRoute(
  route: RestRoute,
  query: Record<string, string> = {},
): Promise<{ procedure: string | null; input: unknown }> {
  const params = Object.fromEntries(
    [...route.path.matchAll(/:(\w+)/g)].map(([, name]) => [name, `${PARAM_MARK}${name}`]),
  ) as Record<string, string>;
  let traced: { procedure: string | null; input: unknown } = { procedure: null, input: undefined };
  const recorder = (path: string[]): unknown =>
    new Proxy(() => {}, {
      get: (_target, key) => (typeof key === 'string' ? recorder([...path, key]) : undefined),
      apply: (_target, _this, args) => {
        traced = { procedure: path.join('.'), input: args[0] };
        return Promise.resolve({});
      },
    });
  try {
    await route.call(recorder([]) as Parameters<RestRoute['call']>[0], { body: {}, params, query });
  } catch {
    // A route that checks the answer (an empty one here) has still named its procedure.
  }
  return traced;
}

function procedureDef(path: string): ProcedureDef | null {
  const procedure = (
    appRouter._def.procedures as unknown as Record<string, { _def: ProcedureDef } | undefined>
  )[path];
  return procedure?._def ?? null;
}

function toSchema(schema: z.ZodType | undefined, io: 'input' | 'output'): JsonSchema | null {
  if (!schema) return null;
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    // A `Date` an answer holds reaches the caller as JSON's ISO text.
    override: ({ zodSchema, jsonSchema }) => {
      if (zodSchema._zod.def.type === 'date')
        Object.assign(jsonSchema, { type: 'string', format: 'date-time' });
    },
  }) as JsonSchema;
  return json;
}

/** An optional object input reads as the object: REST callers simply leave fields out. */
function objectProperties(
  schema: JsonSchema | null,
): { properties: Record<string, JsonSchema>; required: string[] } | null {
  if (!schema) return null;
  if (schema.type === 'object' && schema.properties) {
    return {
      properties: schema.properties as Record<string, JsonSchema>,
      required: (schema.required as string[] | undefined) ?? [],
    };
  }
  const options = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  const object = options?.find((option) => option.type === 'object');
  return object ? objectProperties(object) : null;
}

const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

const errorResponse = {
  description:
    'Refused: the reason, as plain text (401 not signed in or a refused token, 403, 404, 409, 400)',
  content: { 'text/plain': { schema: { type: 'string' } } },
};

async function operationFor(route: RestRoute) {
  const plain = await traceRoute(route);
  // `GET /api/admin/users`: the spec's plain list without parameters, a page of a search with them.
  const queried = route.method === 'GET' ? await traceRoute(route, { [PARAM_MARK]: '' }) : null;
  const searched = queried?.procedure && queried.procedure !== plain.procedure ? queried : null;
  const { procedure, input } = searched ?? plain;
  const def = procedure ? procedureDef(procedure) : null;
  const plainDef = searched && plain.procedure ? procedureDef(plain.procedure) : null;
  const inputSchema = toSchema(def?.inputs[0], 'input');
  // Input fields the path fills (`{ userId: <:id> }`) are documented as path parameters, not body fields.
  const fromPath = new Set(
    Object.entries((input ?? {}) as Record<string, unknown>)
      .filter(([, value]) => typeof value === 'string' && value.startsWith(PARAM_MARK))
      .map(([field]) => field),
  );
  const pathParameters = [...route.path.matchAll(/:(\w+)/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const fields = objectProperties(inputSchema);
  const remaining = fields
    ? Object.fromEntries(Object.entries(fields.properties).filter(([name]) => !fromPath.has(name)))
    : null;
  const required = fields?.required.filter((name) => !fromPath.has(name)) ?? [];

  const operation: Record<string, unknown> = {
    operationId: `${route.method.toLowerCase()}${route.path.replace(/[^a-zA-Z0-9]+(\w)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
    tags: [route.path.split('/')[2] ?? 'api'],
    ...(searched
      ? {
          description: `Without query parameters calls the \`${plain.procedure}\` procedure; with any, \`${procedure}\` (also at \`/trpc/<procedure>\`).`,
        }
      : procedure
        ? { description: `Calls the \`${procedure}\` procedure (also at \`/trpc/${procedure}\`).` }
        : {}),
    security: [{ bearerToken: [] }, { sessionCookie: [] }],
  };
  const queryParameters =
    route.method === 'GET' && remaining
      ? Object.entries(remaining).map(([name, schema]) => ({
          name,
          in: 'query',
          // Where the parameters pick the procedure, none of them is needed.
          required: !searched && required.includes(name),
          schema,
        }))
      : [];
  if (pathParameters.length + queryParameters.length > 0)
    operation.parameters = [...pathParameters, ...queryParameters];
  if (route.method !== 'GET' && remaining && Object.keys(remaining).length > 0) {
    operation.requestBody = {
      required: required.length > 0,
      content: { 'application/json': { schema: { type: 'object', properties: remaining, required } } },
    };
  }
  const answer = (found: ProcedureDef | null) =>
    toSchema(found?.output && (rawJsonSchemaOf(found.output) ?? found.output), 'output');
  const output = searched ? { oneOf: [answer(plainDef), answer(def)].map((one) => one ?? {}) } : answer(def);
  operation.responses = {
    '200': {
      description: 'Success',
      content: route.path.endsWith('.csv')
        ? { 'text/csv': { schema: { type: 'string' } } }
        : { 'application/json': { schema: output ?? {} } },
    },
    default: errorResponse,
  };
  return operation;
}

export async function buildOpenApiDocument(options: { serverUrl: string; version?: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of restRoutes) {
    const path = openApiPath(route.path);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = await operationFor(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Evident API',
      version: options.version ?? '1',
      description:
        'The REST paths of the product spec (section 7). Scripts authenticate with a personal API token: ' +
        '`Authorization: Bearer evd_…` (read-only tokens may only GET). Failures answer a non-2xx status ' +
        'with the reason as plain text. A typed client for Node is `@evident/client`.',
    },
    servers: [{ url: options.serverUrl }],
    components: {
      securitySchemes: {
        bearerToken: { type: 'http', scheme: 'bearer', description: 'A personal API token (evd_…)' },
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'evident_session' },
      },
    },
    paths,
  };
}
