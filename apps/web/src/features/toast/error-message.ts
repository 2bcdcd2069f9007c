import { TRPCClientError } from '@trpc/client';

/**
 * The text to show for a failed call: the server's own message when the server answered, else the
 * screen's fallback (network failures and proxies' HTML error pages carry nothing a user can act on).
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof TRPCClientError)) return fallback;
  const message: unknown = error.shape?.message;
  if (typeof message !== 'string' || message.trim() === '') return fallback;
  return firstZodIssue(message) ?? message;
}

/** tRPC's default formatter sends input-validation failures as a JSON array of zod issues. */
function firstZodIssue(message: string): string | undefined {
  if (!message.startsWith('[')) return undefined;
  try {
    const issues: unknown = JSON.parse(message);
    if (!Array.isArray(issues)) return undefined;
    const first: unknown = issues[0];
    if (first && typeof first === 'object' && 'message' in first && typeof first.message === 'string') {
      return first.message;
    }
  } catch {
    // Not JSON after all: show it as it is.
  }
  return undefined;
}
