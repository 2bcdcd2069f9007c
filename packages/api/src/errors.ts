import { earliestYear, latestYear } from '@evident/core/date-fields';
import { AppError, appErrorTransport, httpStatusOfAppError } from '@evident/core/errors';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { ZodError, z } from 'zod';

export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';

/** A value the database refused that no input schema caught (trpc.ts): the request's fault, a 400. */
export const UNSTORABLE_VALUE_MESSAGE = `A value sent cannot be stored: take out any unusual characters, and keep dates from ${earliestYear} to ${latestYear}.`;

export function toTrpcError(error: AppError): TRPCError {
  const code: TRPCError['code'] = appErrorTransport[error.code].trpcCode;
  return new TRPCError({ code, message: error.message, cause: error });
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

/** Field-level messages of a refused input, for forms to show beside each field; null for other failures. */
export function fieldErrorsOf(error: TRPCError): Record<string, string[]> | null {
  if (!(error.cause instanceof ZodError)) return null;
  return z.flattenError(error.cause).fieldErrors as Record<string, string[]>;
}

export function httpStatusOf(error: TRPCError): number {
  if (error.cause instanceof AppError) return httpStatusOfAppError(error.cause);
  return getHTTPStatusCodeFromError(error);
}

export function asTrpcError(error: unknown): TRPCError {
  if (error instanceof TRPCError) {
    return error.cause instanceof AppError ? toTrpcError(error.cause) : error;
  }
  if (error instanceof AppError) return toTrpcError(error);
  return new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: error });
}
