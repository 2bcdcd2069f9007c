import type { RegisterFailure } from './register-errors';

export type RetryOptions = {
  /** Per request, covering the response body too. */
  timeoutMs: number;
  /** Tries of one request while the register answers 429 or 5xx; nothing else is tried again. */
  maxAttempts: number;
  /** Backoff before attempt n+1 is baseDelayMs * 2^(n-1). */
  baseDelayMs: number;
  /** A server's Retry-After is honoured up to this long, so one slow upstream cannot hang a request. */
  maxRetryAfterMs: number;
  fetch: typeof fetch;
  sleep: (ms: number) => Promise<void>;
};

export type JsonResult = { found: true; body: unknown } | { found: false };

/** The register gave no usable answer; `failure` says why, for the message the person reads. */
export class RegisterUnavailable extends Error {
  constructor(
    readonly failure: RegisterFailure,
    options?: { cause?: unknown },
  ) {
    super(`training register unavailable: ${JSON.stringify(failure)}`, options);
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function isBusyStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

function retryAfterMs(header: string | null, cap: number): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
  if (Number.isNaN(ms)) return undefined;
  return Math.min(Math.max(ms, 0), cap);
}

class BusyAnswer extends Error {
  constructor(
    readonly status: number,
    readonly retryAfter?: number,
  ) {
    super(`HTTP ${status}`);
  }
}

function networkFailure(error: unknown): RegisterUnavailable {
  const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
  return new RegisterUnavailable({ kind: timedOut ? 'timeout' : 'unreachable' }, { cause: error });
}

async function attempt(url: string, options: RetryOptions): Promise<JsonResult> {
  let response: Response;
  try {
    response = await options.fetch(url, {
      headers: { accept: 'application/json', 'user-agent': 'Evident (training register client)' },
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    throw networkFailure(error);
  }
  if (response.status === 404 || response.status === 204) {
    await response.body?.cancel();
    return { found: false };
  }
  if (!response.ok) {
    await response.body?.cancel();
    if (isBusyStatus(response.status)) {
      const wait = retryAfterMs(response.headers.get('retry-after'), options.maxRetryAfterMs);
      throw new BusyAnswer(response.status, wait);
    }
    throw new RegisterUnavailable({ kind: 'status', status: response.status });
  }
  let raw: string;
  try {
    raw = await response.text();
  } catch (error) {
    throw networkFailure(error);
  }
  if (raw.trim() === '' || raw.trim() === 'null') return { found: false };
  try {
    return { found: true, body: JSON.parse(raw) };
  } catch (error) {
    throw new RegisterUnavailable({ kind: 'unreadable' }, { cause: error });
  }
}

/**
 * GET a JSON document. A 404 is an answer, not a failure. Only a busy register (429, 5xx) is asked
 * again, briefly: a network error or a timeout means the register is out of reach, and trying again
 * at once would only keep the person waiting for the same news.
 */
export async function getJsonWithRetry(url: string, options: RetryOptions): Promise<JsonResult> {
  for (let n = 1; ; n++) {
    try {
      return await attempt(url, options);
    } catch (error) {
      if (!(error instanceof BusyAnswer)) throw error;
      if (n >= options.maxAttempts) {
        throw new RegisterUnavailable({ kind: 'status', status: error.status }, { cause: error });
      }
      await options.sleep(error.retryAfter ?? options.baseDelayMs * 2 ** (n - 1));
    }
  }
}
