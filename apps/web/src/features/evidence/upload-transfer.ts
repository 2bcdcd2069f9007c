import { partsToSend, planUploadParts, shouldUploadInParts } from '@evident/core/upload-parts';

/**
 * Sending a file's bytes to the upload URL the server granted: one PUT, or resumable parts for big
 * files when the store takes them (protocol: packages/storage/src/local-disk.ts). XMLHttpRequest,
 * not fetch, because only XHR reports upload progress.
 */

/** What `student.uploadUrl` answered; only the fields the transfer needs. */
export type UploadTarget = {
  uploadUrl: string;
  headers: Record<string, string>;
  parts: { partSize: number; maxParts: number } | null;
};

/** The upload URL answered with an error status, or (status 0) the connection failed. */
export class UploadHttpError extends Error {
  constructor(
    readonly status: number,
    /** The server's plain-text reason; empty for network failures. */
    readonly serverMessage: string,
  ) {
    super(status === 0 ? 'The connection was lost' : serverMessage || `Upload answered ${status}`);
    this.name = 'UploadHttpError';
  }
}

export class UploadCancelledError extends Error {
  constructor() {
    super('Upload cancelled');
    this.name = 'UploadCancelledError';
  }
}

/** With no byte moving for this long the connection is taken as dead; phones on a lift shaft wait forever. */
const stallTimeoutMs = 60_000;

type RequestOptions = {
  method: 'PUT' | 'GET' | 'POST' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  body?: Blob;
  signal: AbortSignal;
  onProgress?: (loaded: number) => void;
};

function request({ method, url, headers = {}, body, signal, onProgress }: RequestOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new UploadCancelledError());
      return;
    }
    const xhr = new XMLHttpRequest();
    let stallTimer: ReturnType<typeof setTimeout> | undefined;
    const watchStall = () => {
      clearTimeout(stallTimer);
      stallTimer = setTimeout(() => xhr.abort(), stallTimeoutMs);
    };
    let cancelled = false;
    const cancel = () => {
      cancelled = true;
      xhr.abort();
    };
    const finish = () => {
      clearTimeout(stallTimer);
      signal.removeEventListener('abort', cancel);
    };

    xhr.open(method, url);
    // The signature in the URL is the credential: no cookies, so a bucket on another origin gets none.
    xhr.withCredentials = false;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    if (body) {
      xhr.upload.onprogress = (event) => {
        watchStall();
        onProgress?.(event.loaded);
      };
      xhr.upload.onload = () => clearTimeout(stallTimer);
      watchStall();
    }
    xhr.onload = () => {
      finish();
      if (xhr.status >= 200 && xhr.status < 300) resolve(xhr.responseText);
      else reject(new UploadHttpError(xhr.status, plainText(xhr)));
    };
    xhr.onerror = () => {
      finish();
      reject(new UploadHttpError(0, ''));
    };
    xhr.onabort = () => {
      finish();
      reject(cancelled ? new UploadCancelledError() : new UploadHttpError(0, ''));
    };
    signal.addEventListener('abort', cancel, { once: true });
    xhr.send(body ?? null);
  });
}

/** Error bodies are plain text on our server; a bucket's XML or a proxy's HTML page says nothing to a user. */
function plainText(xhr: XMLHttpRequest): string {
  const type = xhr.getResponseHeader('Content-Type') ?? '';
  if (!type.startsWith('text/plain')) return '';
  return xhr.responseText.trim().slice(0, 300);
}

/** Query parameters go after the signed ones unchanged: re-serialising the URL could alter what was signed. */
function withQuery(url: string, query: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

export type SendFileOptions = {
  /** Bytes of `blob` that have reached the server so far (parts already there count from the start). */
  onProgress: (sent: number, total: number) => void;
  signal: AbortSignal;
  /**
   * True when bytes were sent to this URL before: a parted upload first asks which parts arrived.
   * A whole-file PUT starts again: a half-written file was never kept, and a file that did arrive
   * (only the answer was lost) is written once, so the server refuses the repeat (409 here, 412
   * from S3), which then means the file is already there.
   */
  resume: boolean;
};

export async function sendFile(target: UploadTarget, blob: Blob, options: SendFileOptions): Promise<void> {
  const total = blob.size;
  if (!target.parts || !shouldUploadInParts(total, target.parts)) {
    options.onProgress(0, total);
    try {
      await request({
        method: 'PUT',
        url: target.uploadUrl,
        headers: target.headers,
        body: blob,
        signal: options.signal,
        onProgress: (loaded) => options.onProgress(Math.min(loaded, total), total),
      });
    } catch (error) {
      const alreadyThere = error instanceof UploadHttpError && (error.status === 409 || error.status === 412);
      if (!(options.resume && alreadyThere)) throw error;
    }
    options.onProgress(total, total);
    return;
  }
  await sendParts(target.uploadUrl, target.headers, target.parts.partSize, blob, options);
}

type PartsListing = { parts: { part: number; size: number }[]; complete: boolean };

async function sendParts(
  uploadUrl: string,
  headers: Record<string, string>,
  partSize: number,
  blob: Blob,
  { onProgress, signal, resume }: SendFileOptions,
): Promise<void> {
  const total = blob.size;
  const plan = planUploadParts(total, partSize);
  let todo = plan;
  if (resume) {
    const listing = JSON.parse(await request({ method: 'GET', url: uploadUrl, signal })) as PartsListing;
    if (listing.complete) {
      onProgress(total, total);
      return;
    }
    todo = partsToSend(plan, listing.parts);
  }
  let sent = total - todo.reduce((sum, part) => sum + (part.end - part.start), 0);
  onProgress(sent, total);
  for (const part of todo) {
    const size = part.end - part.start;
    await request({
      method: 'PUT',
      url: withQuery(uploadUrl, `part=${part.part}`),
      headers,
      body: blob.slice(part.start, part.end),
      signal,
      onProgress: (loaded) => onProgress(sent + Math.min(loaded, size), total),
    });
    sent += size;
    onProgress(sent, total);
  }
  await request({ method: 'POST', url: withQuery(uploadUrl, `parts=${plan.length}`), signal });
}

/** Throws away the parts of an abandoned upload; best effort, the server sweeps leftovers anyway. */
export function discardParts(uploadUrl: string): void {
  request({ method: 'DELETE', url: uploadUrl, signal: new AbortController().signal }).catch(() => {});
}
