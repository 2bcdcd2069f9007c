/**
 * Domain failures. Each code maps once, in `appErrorTransport` below, to an HTTP status and a tRPC
 * code, so the REST adapter, the /files routes and the tRPC client tell a user the same thing.
 */
export const appErrorCodes = [
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'GONE',
  'PAYLOAD_TOO_LARGE',
  'UNPROCESSABLE',
  'TOO_MANY_REQUESTS',
  'UPSTREAM_FAILED',
] as const;
export type AppErrorCode = (typeof appErrorCodes)[number];

/** The one map from a domain failure to what a client sees: HTTP status, and the tRPC code carrying it. */
export const appErrorTransport = {
  BAD_REQUEST: { status: 400, trpcCode: 'BAD_REQUEST' },
  UNAUTHORIZED: { status: 401, trpcCode: 'UNAUTHORIZED' },
  FORBIDDEN: { status: 403, trpcCode: 'FORBIDDEN' },
  NOT_FOUND: { status: 404, trpcCode: 'NOT_FOUND' },
  CONFLICT: { status: 409, trpcCode: 'CONFLICT' },
  // tRPC has no 410: over /trpc it travels as PRECONDITION_FAILED (412); REST answers 410 Gone.
  GONE: { status: 410, trpcCode: 'PRECONDITION_FAILED' },
  PAYLOAD_TOO_LARGE: { status: 413, trpcCode: 'PAYLOAD_TOO_LARGE' },
  UNPROCESSABLE: { status: 422, trpcCode: 'UNPROCESSABLE_CONTENT' },
  TOO_MANY_REQUESTS: { status: 429, trpcCode: 'TOO_MANY_REQUESTS' },
  UPSTREAM_FAILED: { status: 502, trpcCode: 'BAD_GATEWAY' },
} as const satisfies Record<AppErrorCode, { status: number; trpcCode: string }>;

export function httpStatusOfAppError(error: AppError): number {
  return appErrorTransport[error.code].status;
}

export class AppError extends Error {
  readonly code: AppErrorCode;

  constructor(code: AppErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AppError';
    this.code = code;
  }
}
