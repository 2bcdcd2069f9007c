import { TRPCClientError } from '@trpc/client';
import type { AnyTRPCRouter } from '@trpc/server';
import { errorMessage } from '../toast/error-message';
import { UploadCancelledError, UploadHttpError } from './upload-transfer';

/** How an upload attempt ended badly, and what a retry has to do about it. */
export type UploadFailure = {
  /** What went wrong, in words a student can act on; null when there is nothing to add (cancelled). */
  reason: string | null;
  /** Whether trying again with the same file can succeed (network, server trouble, an expired URL). */
  retryable: boolean;
  /** The student cancelled; no error toast. */
  cancelled: boolean;
  /** The upload URL is no longer good (expired, or the server forgot the grant): ask for a new one. */
  needsNewUrl: boolean;
  /**
   * Nothing answered at all: the connection, or (until `explainNoAnswer` looked closer) a browser
   * that blocked the request. Only then does the card tell the student to wait for the connection.
   */
  noAnswer: boolean;
};

export const connectionLostText = 'The connection was lost. Check your connection';

const failure = (reason: string | null, retryable: boolean, extra: Partial<UploadFailure> = {}) => ({
  reason,
  retryable,
  cancelled: false,
  needsNewUrl: false,
  noAnswer: false,
  ...extra,
});

const noAnswer = () => failure(connectionLostText, true, { noAnswer: true });

function serverTrouble(status: number): UploadFailure {
  return failure(`The server could not take the file just now (error ${status}). Retry in a moment`, true);
}

/** What an answered upload URL's status means, when the answer's own text says nothing (S3's XML). */
function statusReason(status: number): string {
  if (status === 413) return 'The file is larger than this server accepts';
  if (status === 415) return 'The server does not accept this type of file';
  return `The server refused the file (error ${status})`;
}

/** Sorts a failure into "try again" and "this file will never go", with the real reason for either. */
export function describeUploadFailure(error: unknown): UploadFailure {
  if (error instanceof UploadCancelledError) {
    return { ...failure(null, true), cancelled: true };
  }
  if (error instanceof UploadHttpError) return describeHttpFailure(error);
  if (error instanceof TRPCClientError) return describeCallFailure(error);
  // Not a request at all: the photo could not be read or re-encoded on this device.
  const detail = error instanceof Error && error.message ? `: ${error.message}` : '';
  return failure(`The file could not be prepared on this device${detail}`, true);
}

function describeHttpFailure(error: UploadHttpError): UploadFailure {
  const { status, serverMessage } = error;
  if (status === 0) return noAnswer();
  // 403: the signature expired (or the grant changed); 404: no such upload route any more.
  if (status === 403 || status === 404) {
    return failure('The upload link expired; retrying asks for a new one', true, { needsNewUrl: true });
  }
  // 409: the parts on the server do not line up with ours; listing them again sorts it out.
  if (status === 409) return failure('The upload was interrupted', true);
  if (status === 408) return failure('The server gave up waiting for the file', true);
  if (status === 429) return failure('Too many uploads at once. Wait a moment, then retry', true);
  if (status >= 500) return serverTrouble(status);
  return failure(serverMessage || statusReason(status), false);
}

function describeCallFailure(error: TRPCClientError<AnyTRPCRouter>): UploadFailure {
  const status: unknown = error.data?.httpStatus;
  // The call never got an answer (fetch failed): that is the connection.
  if (typeof status !== 'number') return noAnswer();
  if (status >= 500) return serverTrouble(status);
  if (status === 408 || status === 429) return failure(errorMessage(error, statusReason(status)), true);
  // Signed out in the meantime: signing in again (in another tab) makes a retry work.
  if (status === 401) return failure(errorMessage(error, 'Please sign in again'), true);
  // The grant was swept (it expired before the evidence was recorded): upload again to a new URL.
  if (status === 404 && /upload it again/i.test(error.message)) {
    return failure(errorMessage(error, ''), true, { needsNewUrl: true });
  }
  // Joining parts the bucket has not all got yet: a retry lists them and sends the missing ones.
  if (status === 409 && /parts have not arrived|parts beyond/i.test(error.message)) {
    return failure('The upload was interrupted', true);
  }
  return failure(errorMessage(error, statusReason(status)), false);
}

/**
 * A request that got no answer is a lost connection, or a browser blocking a request to another
 * origin (a bucket without a CORS rule for this address, or a server whose PUBLIC_URL names another
 * address than the one the app was opened at). Asking our own server tells the two apart.
 */
export async function explainNoAnswer(
  failed: UploadFailure,
  uploadUrl: string | undefined,
  reachServer: () => Promise<boolean>,
  pageOrigin: string,
): Promise<UploadFailure> {
  if (!failed.noAnswer || !(await reachServer())) return failed;
  const target = uploadUrl ? new URL(uploadUrl, pageOrigin) : null;
  if (target && target.origin !== pageOrigin) {
    return failure(
      `The browser blocked the upload to ${target.host}. Open Evident at that address, or ask whoever runs it to allow uploads from ${new URL(pageOrigin).host}`,
      false,
    );
  }
  return failure('The upload was interrupted', true);
}

/** Whether our own server answers now; a few seconds at most. */
export async function serverAnswers(): Promise<boolean> {
  try {
    const response = await fetch('/healthz', { cache: 'no-store', signal: AbortSignal.timeout(5000) });
    return response.ok;
  } catch {
    return false;
  }
}

/** Spec section 8's text, with the real reason after it. */
export function uploadFailureText(failed: UploadFailure): string {
  const base = 'Failed to upload evidence. Please try again';
  return failed.reason ? `${base}. ${failed.reason}` : base;
}
