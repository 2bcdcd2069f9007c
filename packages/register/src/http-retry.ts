import { AppError } from '@evident/core/errors';

export type RetryOptions = {
  /** Per attempt, covering the response body too. */
  timeoutMs: number;
  maxAttempts: number;
  /** Backoff before attempt n+1 is baseDelayMs * 2^(n-1). */
  baseDelayMs: number;
  /** A server's Retry-After is honoured up to this long, so one slow upstream cannot hang a request. */
  maxRetryAfterMs: number;
  fetch: typeof fetch;
  sleep: (ms: number) => Promise<void>;
};

export type JsonResult = { found: true; body: unknown } | { found: false };

const UPSTREAM_MESSAGE = 'The national training register could not be reached';

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function isRetryableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

function retryAfterMs(header: string | null, cap: number): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
  if (Number.isNaN(ms)) return undefined;
  return Math.min(Math.max(ms, 0), cap);
}

class RetryableFailure extends Error {
  constructor(
    message: string,
    readonly retryAfter?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

async function attempt(url: string, options: RetryOptions): Promise<JsonResult> {
  let response: Response;
  try {
    response = await options.fetch(url, {
      headers: { accept: 'application/json', 'user-agent': 'Evident (training register client)' },
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    throw new RetryableFailure(describeNetworkError(error, options.timeoutMs), undefined, { cause: error });
  }
  if (response.status === 404 || response.status === 204) {
    await response.body?.cancel();
    return { found: false };
  }
  if (isRetryableStatus(response.status)) {
    await response.body?.cancel();
    const wait = retryAfterMs(response.headers.get('retry-after'), options.maxRetryAfterMs);
    throw new RetryableFailure(`${UPSTREAM_MESSAGE} (HTTP ${response.status})`, wait);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new AppError('UPSTREAM_FAILED', `${UPSTREAM_MESSAGE} (HTTP ${response.status})`);
  }
  let raw: string;
  try {
    raw = await response.text();
  } catch (error) {
    throw new RetryableFailure(describeNetworkError(error, options.timeoutMs), undefined, { cause: error });
  }
  if (raw.trim() === '' || raw.trim() === 'null') return { found: false };
  try {
    return { found: true, body: JSON.parse(raw) };
  } catch (error) {
    throw new AppError(
      'UPSTREAM_FAILED',
      'The national training register sent a response we could not read',
      {
        cause: error,
      },
    );
  }
}

function describeNetworkError(error: unknown, timeoutMs: number): string {
  if (error instanceof DOMException && error.name === 'TimeoutError') {
    return `The national training register did not answer within ${timeoutMs} ms`;
  }
  return UPSTREAM_MESSAGE;
}

/**
 * GET a JSON document. Retries 429, 5xx, timeouts and network errors with exponential backoff;
 * anything else (4xx, unreadable JSON) fails at once. A 404 is an answer, not a failure.
 */
export async function getJsonWithRetry(url: string, options: RetryOptions): Promise<JsonResult> {
  let lastFailure: RetryableFailure | undefined;
  for (let n = 1; n <= options.maxAttempts; n++) {
    try {
      return await attempt(url, options);
    } catch (error) {
      if (!(error instanceof RetryableFailure)) throw error;
      lastFailure = error;
      if (n < options.maxAttempts) {
        await options.sleep(error.retryAfter ?? options.baseDelayMs * 2 ** (n - 1));
      }
    }
  }
  throw new AppError('UPSTREAM_FAILED', lastFailure?.message ?? UPSTREAM_MESSAGE, { cause: lastFailure });
}
