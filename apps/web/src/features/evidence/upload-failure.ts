import { TRPCClientError } from '@trpc/client';
import { errorMessage } from '../toast/error-message';
import { UploadCancelledError, UploadHttpError } from './upload-transfer';

/** How an upload attempt ended badly, and what a retry has to do about it. */
export type UploadFailure = {
  /** A reason worth showing (a clear refusal such as a wrong type or a file too large); null for "try again" failures. */
  reason: string | null;
  /** Whether trying again with the same file can succeed (network, server trouble, an expired URL). */
  retryable: boolean;
  /** The student cancelled; no error toast. */
  cancelled: boolean;
  /** The upload URL is no longer good (expired, or the server forgot the grant): ask for a new one. */
  needsNewUrl: boolean;
};

const transient = (needsNewUrl = false): UploadFailure => ({
  reason: null,
  retryable: true,
  cancelled: false,
  needsNewUrl,
});

const refused = (reason: string | null): UploadFailure => ({
  reason,
  retryable: false,
  cancelled: false,
  needsNewUrl: false,
});

/** Sorts a failure into "try again" and "this file will never go" (spec 8: the toast carries the reason). */
export function describeUploadFailure(error: unknown): UploadFailure {
  if (error instanceof UploadCancelledError) {
    return { reason: null, retryable: true, cancelled: true, needsNewUrl: false };
  }
  if (error instanceof UploadHttpError) {
    // 403: the signature expired (or the grant changed); 404: no such upload route any more.
    if (error.status === 403 || error.status === 404) return transient(true);
    // 409: the parts on the server do not line up with ours; listing them again sorts it out.
    if (error.status === 0 || error.status === 409 || error.status === 408 || error.status === 429) {
      return transient();
    }
    if (error.status >= 500) return transient();
    return refused(error.serverMessage || null);
  }
  if (error instanceof TRPCClientError) {
    const status: unknown = error.data?.httpStatus;
    if (typeof status !== 'number' || status >= 500 || status === 408 || status === 429) return transient();
    // Signed out in the meantime: signing in again (in another tab) makes a retry work.
    if (status === 401) return { ...transient(), reason: errorMessage(error, 'Please sign in again') };
    // The grant was swept (it expired before the evidence was recorded): upload again to a new URL.
    if (status === 404 && /upload it again/i.test(error.message)) return transient(true);
    // Joining parts the bucket has not all got yet: a retry lists them and sends the missing ones.
    if (status === 409 && /parts have not arrived|parts beyond/i.test(error.message)) return transient();
    return refused(errorMessage(error, '') || null);
  }
  return transient();
}

/** Spec section 8's text, with the server's reason after it when there is one. */
export function uploadFailureText(failure: UploadFailure): string {
  const base = 'Failed to upload evidence. Please try again';
  return failure.reason ? `${base}. ${failure.reason}` : base;
}
