import type { Context } from '../context';
import { asTrpcError, httpStatusOf, publicMessage } from '../errors';
import { createCaller } from '../root';
import { readOnlyTokenMessage } from '../trpc';
import type { RestDownload, RestRawJson, RestRequest, RestRoute } from './routes';

export type RestResponse =
  | { status: number; json: unknown }
  | { status: number; text: string }
  | ({ status: number } & RestDownload)
  | ({ status: number } & RestRawJson);

const isDownload = (data: unknown): data is RestDownload =>
  typeof data === 'object' && data !== null && 'download' in data;
const isRawJson = (data: unknown): data is RestRawJson =>
  typeof data === 'object' && data !== null && 'rawJson' in data && typeof data.rawJson === 'string';

/** Spec section 7: success is JSON; failure is a non-2xx status whose body is the message as text. */
export async function runRestRoute(
  route: RestRoute,
  ctx: Context,
  request: RestRequest,
): Promise<RestResponse> {
  if (ctx.authRefusal) return { status: 401, text: ctx.authRefusal };
  // A read-only token may only read: every REST call but GET is refused, whatever procedure it maps to.
  if (ctx.principal?.readOnly && route.method !== 'GET') return { status: 403, text: readOnlyTokenMessage };
  try {
    const data = await route.call(createCaller(ctx), request);
    if (isDownload(data)) return { status: 200, download: data.download };
    if (isRawJson(data)) return { status: 200, rawJson: data.rawJson };
    return { status: 200, json: data ?? null };
  } catch (thrown) {
    const error = asTrpcError(thrown);
    const status = httpStatusOf(error);
    if (status >= 500) ctx.log.error(error.cause ?? error, `${route.method} ${route.path} failed`);
    return { status, text: publicMessage(error) };
  }
}
