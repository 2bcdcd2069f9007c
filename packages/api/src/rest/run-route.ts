import type { Context } from '../context';
import { DatabaseJson, holdingDatabaseJson } from '../database-json';
import { asTrpcError, httpStatusOf, publicMessage } from '../errors';
import { readOnlyTokenMessage } from '../trpc';
import type { RestMeta } from './rest-meta';
import type { RestProcedure, RestRoute } from './rest-routes';

export type RestRequest = {
  body: unknown;
  params: Record<string, string>;
  /** Query-string parameters; a repeated one keeps its first value. */
  query: Record<string, string>;
};

/** A file to send as an attachment. */
export type RestFile = {
  fileName: string;
  contentType: string;
  content: string | Uint8Array;
  cacheControl: string;
};

export type RestResponse =
  | { status: number; json: unknown }
  | { status: number; text: string }
  /** JSON text the database wrote, sent as it is. */
  | { status: number; rawJson: string }
  | { status: number; download: RestFile }
  | { status: 204 };

/**
 * The query string (GET) or body, with the path's parameters laid over it, so that a body cannot
 * point `PUT /api/admin/units/{id}` at another unit.
 */
function inputOf(route: RestRoute, procedure: RestProcedure, request: RestRequest): unknown {
  const given = route.method === 'GET' ? request.query : request.body;
  const fromPath = Object.entries(procedure.fields).map(([param, field]) => [field, request.params[param]]);
  if (fromPath.length === 0) return given;
  return { ...(typeof given === 'object' && given !== null ? given : {}), ...Object.fromEntries(fromPath) };
}

function answerOf(rest: RestMeta, data: unknown): RestResponse {
  if (data instanceof DatabaseJson) return { status: 200, rawJson: data.text };
  if (data === null && rest.whenNull) return rest.whenNull;
  if (rest.status === 204) return { status: 204 };
  if (rest.download) {
    const file = data as { fileName: string; contentType: string; content: string };
    const content = rest.download.encoding === 'base64' ? Buffer.from(file.content, 'base64') : file.content;
    const cacheControl = rest.download.cacheControl ?? 'no-store';
    return { status: 200, download: { ...file, content, cacheControl } };
  }
  const answer = rest.field ? (data as Record<string, unknown>)[rest.field] : data;
  return { status: rest.status ?? 200, json: answer ?? null };
}

/** Spec section 7: success is JSON (or a file); failure is a non-2xx status whose body is the message as text. */
export async function runRestRoute(
  route: RestRoute,
  ctx: Context,
  request: RestRequest,
): Promise<RestResponse> {
  if (ctx.authRefusal) return { status: 401, text: ctx.authRefusal };
  // A read-only token may only read: every REST call but GET is refused, whatever procedure it maps to.
  if (ctx.principal?.readOnly && route.method !== 'GET') return { status: 403, text: readOnlyTokenMessage };
  const procedure =
    route.withQuery && Object.keys(request.query).length > 0 ? route.withQuery : route.procedure;
  try {
    const input = inputOf(route, procedure, request);
    const data = await procedure.call({
      ctx: holdingDatabaseJson(ctx, new Map()),
      path: procedure.name,
      type: procedure.type,
      getRawInput: async () => input,
      signal: undefined,
      batchIndex: 0,
    });
    return answerOf(procedure.rest, data);
  } catch (thrown) {
    const error = asTrpcError(thrown);
    const status = httpStatusOf(error);
    if (status >= 500) ctx.log.error(error.cause ?? error, `${route.method} ${route.path} failed`);
    return { status, text: publicMessage(error) };
  }
}
