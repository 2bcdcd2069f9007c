import { z } from 'zod';
import { describedSchemaOf } from '../database-json';
import { type RestProcedure, type RestRoute, restRoutes } from './rest-routes';

/**
 * `GET /api/openapi.json`: an OpenAPI 3.1 document of the generated REST routes, from the very zod
 * schemas the procedures check (zod 4's own JSON Schema output, which is OpenAPI 3.1's dialect) and
 * what their meta says of the path and the answer.
 */

type JsonSchema = Record<string, unknown>;

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

/** What REST sends of a procedure's answer, as the meta shapes it. */
function answerSchema(procedure: RestProcedure): JsonSchema {
  const { output, rest } = procedure;
  let schema = output && (describedSchemaOf(output) ?? output);
  // A null answer is refused (`whenNull`), so a success is never null.
  if (schema && rest.whenNull && schema instanceof z.ZodNullable) schema = schema.unwrap() as z.ZodType;
  if (schema && rest.field && schema instanceof z.ZodObject) schema = schema.shape[rest.field] as z.ZodType;
  return toSchema(schema, 'output') ?? {};
}

function successResponses(route: RestRoute): Record<string, unknown> {
  const { rest } = route.procedure;
  if (rest.status === 204) return { '204': { description: 'Done; nothing is sent back' } };
  const content = rest.download
    ? {
        [rest.download.mediaType]: {
          schema:
            rest.download.encoding === 'base64' ? { type: 'string', format: 'binary' } : { type: 'string' },
        },
      }
    : {
        'application/json': {
          schema: route.withQuery
            ? { oneOf: [answerSchema(route.procedure), answerSchema(route.withQuery)] }
            : answerSchema(route.procedure),
        },
      };
  return {
    [String(rest.status ?? 200)]: {
      description: rest.download ? 'The file, as an attachment' : 'Success',
      content,
    },
  };
}

const errorResponse = {
  description:
    'Refused: the reason, as plain text (401 not signed in or a refused token, 403, 404, 409, 400)',
  content: { 'text/plain': { schema: { type: 'string' } } },
};

function describe(route: RestRoute): string {
  const { procedure, withQuery } = route;
  if (withQuery) {
    return `Without query parameters calls the \`${procedure.name}\` procedure; with any, \`${withQuery.name}\` (also at \`/trpc/<procedure>\`).`;
  }
  return `Calls the \`${procedure.name}\` procedure (also at \`/trpc/${procedure.name}\`).`;
}

function operationFor(route: RestRoute) {
  // Where query parameters pick the procedure, they are the other one's input.
  const { input } = route.withQuery ?? route.procedure;
  const fromPath = new Set(Object.values(route.procedure.fields));
  const fields = objectProperties(toSchema(input, 'input'));
  const remaining = fields
    ? Object.fromEntries(Object.entries(fields.properties).filter(([name]) => !fromPath.has(name)))
    : null;
  const required = fields?.required.filter((name) => !fromPath.has(name)) ?? [];

  const operation: Record<string, unknown> = {
    operationId: `${route.method.toLowerCase()}${route.template.replace(/[^a-zA-Z0-9]+(\w)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
    tags: [route.template.split('/')[2] ?? 'api'],
    description: describe(route),
    security: [{ bearerToken: [] }, { sessionCookie: [] }],
  };
  const pathParameters = Object.keys(route.procedure.fields).map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const queryParameters =
    route.method === 'GET' && remaining
      ? Object.entries(remaining).map(([name, schema]) => ({
          name,
          in: 'query',
          // Where the parameters pick the procedure, none of them is needed.
          required: !route.withQuery && required.includes(name),
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
  operation.responses = { ...successResponses(route), default: errorResponse };
  return operation;
}

export async function buildOpenApiDocument(options: { serverUrl: string; version?: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of restRoutes) {
    paths[route.template] = { ...paths[route.template], [route.method.toLowerCase()]: operationFor(route) };
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
