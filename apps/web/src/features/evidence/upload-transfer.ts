import {
  partsToSend,
  planUploadParts,
  shouldUploadInParts,
  type UploadPart,
} from '@evident/core/upload-parts';
import type { UploadParts } from './evidence-outputs';

/**
 * Sending a file's bytes to the upload URL the server granted: one PUT, or resumable parts for big
 * files when the store takes them: on our own upload URL (local disk, protocol in
 * packages/storage/src/local-disk.ts) or to presigned part URLs that the bucket keeps (S3, listed
 * and joined through the server; see `UploadUrlResponse` in packages/api). XMLHttpRequest, not
 * fetch, because only XHR reports upload progress.
 */

/** What `student.evidence.requestUploadUrl` answered; only the fields the transfer needs. */
export type UploadTarget = {
  uploadUrl: string;
  headers: Record<string, string>;
  parts: UploadParts | null;
};

/** Parts received so far, or `complete` when they were already joined into the file. */
export type PartsListing = { parts: { part: number; size: number }[]; complete: boolean };

/** The server's half of an upload in parts that the bucket keeps (protocol `s3`). */
export type BucketParts = {
  list(uploadId: string, signal: AbortSignal): Promise<PartsListing>;
  complete(uploadId: string, partCount: number, signal: AbortSignal): Promise<void>;
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
  /** Lists and joins parts the bucket keeps; without it an `s3` upload goes as one PUT. */
  bucketParts?: BucketParts;
};

export async function sendFile(target: UploadTarget, blob: Blob, options: SendFileOptions): Promise<void> {
  const total = blob.size;
  const { parts } = target;
  if (parts?.protocol === 'local' && shouldUploadInParts(total, parts)) {
    await sendParts(parts.partSize, localChannel(target.uploadUrl, target.headers), blob, options);
    return;
  }
  // The server planned the parts for the size it was told; a blob of another size goes whole.
  if (
    parts?.protocol === 's3' &&
    options.bucketParts &&
    planUploadParts(total, parts.partSize).length === parts.partUrls.length
  ) {
    await sendParts(parts.partSize, bucketChannel(parts, options.bucketParts), blob, options);
    return;
  }
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
}

/** Where the parts of one upload go, and how to learn what arrived and have them joined. */
type PartsChannel = {
  list(signal: AbortSignal): Promise<PartsListing>;
  partRequest(part: UploadPart): { url: string; headers?: Record<string, string> };
  join(partCount: number, signal: AbortSignal): Promise<unknown>;
};

/** Local disk: everything goes to our own upload URL (packages/storage/src/local-disk.ts). */
function localChannel(uploadUrl: string, headers: Record<string, string>): PartsChannel {
  return {
    list: async (signal) =>
      JSON.parse(await request({ method: 'GET', url: uploadUrl, signal })) as PartsListing,
    partRequest: (part) => ({ url: withQuery(uploadUrl, `part=${part.part}`), headers }),
    join: (partCount, signal) =>
      request({ method: 'POST', url: withQuery(uploadUrl, `parts=${partCount}`), signal }),
  };
}

/** S3: parts go to the bucket; the server lists and joins them, since it holds the ETags. */
function bucketChannel(parts: { uploadId: string; partUrls: string[] }, bucket: BucketParts): PartsChannel {
  return {
    list: (signal) => bucket.list(parts.uploadId, signal),
    // Presigned for exactly this part number and length; no headers, so no ETag to read back either.
    partRequest: (part) => ({ url: parts.partUrls[part.part - 1] ?? '' }),
    join: (partCount, signal) => bucket.complete(parts.uploadId, partCount, signal),
  };
}

/**
 * Sends the parts the server lacks (on a resume it is asked first), one after another with progress
 * over the whole file, then has them joined.
 */
async function sendParts(
  partSize: number,
  channel: PartsChannel,
  blob: Blob,
  { onProgress, signal, resume }: SendFileOptions,
): Promise<void> {
  const total = blob.size;
  const plan = planUploadParts(total, partSize);
  let todo = plan;
  if (resume) {
    const listing = await channel.list(signal);
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
      ...channel.partRequest(part),
      body: blob.slice(part.start, part.end),
      signal,
      onProgress: (loaded) => onProgress(sent + Math.min(loaded, size), total),
    });
    sent += size;
    onProgress(sent, total);
  }
  await channel.join(plan.length, signal);
}

/** Throws away the parts of an abandoned upload; best effort, the server sweeps leftovers anyway. */
export function discardParts(uploadUrl: string): void {
  request({ method: 'DELETE', url: uploadUrl, signal: new AbortController().signal }).catch(() => {});
}
