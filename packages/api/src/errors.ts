import { AppError, type AppErrorCode } from '@evident/core/errors';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { ZodError } from 'zod';

type TrpcCode = TRPCError['code'];

const trpcCodes: Record<AppErrorCode, TrpcCode> = {
  BAD_REQUEST: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNPROCESSABLE: 'UNPROCESSABLE_CONTENT',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  UPSTREAM_FAILED: 'BAD_GATEWAY',
};

export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';

export function toTrpcError(error: AppError): TRPCError {
  return new TRPCError({ code: trpcCodes[error.code], message: error.message, cause: error });
}

const words = (name: string) => name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

/** One line a person can act on: "Email must be a valid email address", "phase: Invalid option". */
export function describeZodError(error: ZodError): string {
  return error.issues
    .map((issue) => {
      const field = issue.path.map(String).join('.');
      const last = issue.path.at(-1);
      const named = typeof last === 'string' && issue.message.toLowerCase().includes(words(last));
      return field && !named ? `${field}: ${issue.message}` : issue.message;
    })
    .join('; ');
}

/** The message a client may see; internals of unexpected failures never leave the server. */
export function publicMessage(error: TRPCError): string {
  if (error.cause instanceof ZodError) return describeZodError(error.cause);
  if (error.code === 'INTERNAL_SERVER_ERROR') return INTERNAL_ERROR_MESSAGE;
  return error.message;
}

export function httpStatusOf(error: TRPCError): number {
  return getHTTPStatusCodeFromError(error);
}

export function asTrpcError(error: unknown): TRPCError {
  if (error instanceof TRPCError) {
    return error.cause instanceof AppError ? toTrpcError(error.cause) : error;
  }
  if (error instanceof AppError) return toTrpcError(error);
  return new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: error });
}
