import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type BucketParts, type PartsListing, sendFile, type UploadTarget } from './upload-transfer';

type Sent = { method: string; url: string; headers: Record<string, string>; body: string | null };

/** Just enough of XMLHttpRequest for `request()`: records what was sent and answers 200. */
class RecordingXhr {
  static sent: Sent[] = [];
  status = 0;
  responseText = '';
  withCredentials = true;
  upload: { onprogress: ((event: { loaded: number }) => void) | null; onload: (() => void) | null } = {
    onprogress: null,
    onload: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private request: Sent = { method: '', url: '', headers: {}, body: null };

  open(method: string, url: string) {
    this.request = { method, url, headers: {}, body: null };
  }
  setRequestHeader(name: string, value: string) {
    this.request.headers[name] = value;
  }
  getResponseHeader() {
    return null;
  }
  abort() {
    this.onabort?.();
  }
  send(body: Blob | null) {
    void (async () => {
      this.request.body = body ? await body.text() : null;
      RecordingXhr.sent.push(this.request);
      this.upload.onprogress?.({ loaded: body?.size ?? 0 });
      this.status = 200;
      this.onload?.();
    })();
  }
}

beforeEach(() => {
  RecordingXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', RecordingXhr);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** 25 bytes in parts of 10: "0123456789" "abcdefghij" "KLMNO". */
const file = new Blob(['0123456789abcdefghijKLMNO'], { type: 'video/mp4' });

const bucketTarget: UploadTarget = {
  uploadUrl: 'https://bucket.example/evidence/a.mp4?X-Amz-Signature=whole',
  headers: { 'Content-Type': 'video/mp4', 'If-None-Match': '*' },
  parts: {
    protocol: 's3',
    partSize: 10,
    uploadId: 'upload-1',
    partUrls: [1, 2, 3].map((n) => `https://bucket.example/evidence/a.mp4?partNumber=${n}&sig=${n}`),
  },
};

function bucketParts(listing: PartsListing = { parts: [], complete: false }) {
  const calls: string[] = [];
  const parts: BucketParts = {
    async list(uploadId) {
      calls.push(`list ${uploadId}`);
      return listing;
    },
    async complete(uploadId, partCount) {
      calls.push(`complete ${uploadId} ${partCount}`);
    },
  };
  return { parts, calls };
}

function send(target: UploadTarget, resume: boolean, parts?: BucketParts) {
  const progress: number[] = [];
  const done = sendFile(target, file, {
    resume,
    signal: new AbortController().signal,
    bucketParts: parts,
    onProgress: (sent) => progress.push(sent),
  });
  return { done, progress };
}

describe('sendFile to a bucket that keeps the parts (s3)', () => {
  it('PUTs each part to its own URL without headers, then asks the server to join them', async () => {
    const bucket = bucketParts();
    const { done, progress } = send(bucketTarget, false, bucket.parts);
    await done;
    expect(RecordingXhr.sent).toEqual([
      { method: 'PUT', url: expect.stringContaining('partNumber=1'), headers: {}, body: '0123456789' },
      { method: 'PUT', url: expect.stringContaining('partNumber=2'), headers: {}, body: 'abcdefghij' },
      { method: 'PUT', url: expect.stringContaining('partNumber=3'), headers: {}, body: 'KLMNO' },
    ]);
    expect(bucket.calls).toEqual(['complete upload-1 3']);
    expect(progress.at(-1)).toBe(25);
  });

  it('on resume lists the parts that arrived and sends only the rest', async () => {
    const bucket = bucketParts({
      parts: [
        { part: 1, size: 10 },
        { part: 3, size: 5 },
      ],
      complete: false,
    });
    const { done, progress } = send(bucketTarget, true, bucket.parts);
    await done;
    expect(RecordingXhr.sent.map((r) => [r.url, r.body])).toEqual([
      [expect.stringContaining('partNumber=2'), 'abcdefghij'],
    ]);
    expect(bucket.calls).toEqual(['list upload-1', 'complete upload-1 3']);
    expect(progress[0]).toBe(15);
    expect(progress.at(-1)).toBe(25);
  });

  it('on resume of an upload already joined sends nothing more', async () => {
    const bucket = bucketParts({ parts: [], complete: true });
    await send(bucketTarget, true, bucket.parts).done;
    expect(RecordingXhr.sent).toEqual([]);
    expect(bucket.calls).toEqual(['list upload-1']);
  });

  it('falls back to the whole-file PUT when the parts were planned for another size', async () => {
    const bucket = bucketParts();
    const planned = bucketTarget.parts?.protocol === 's3' ? bucketTarget.parts : null;
    const target: UploadTarget = {
      ...bucketTarget,
      parts: planned && { ...planned, partUrls: planned.partUrls.slice(0, 2) },
    };
    await send(target, false, bucket.parts).done;
    expect(RecordingXhr.sent).toEqual([
      {
        method: 'PUT',
        url: bucketTarget.uploadUrl,
        headers: bucketTarget.headers,
        body: '0123456789abcdefghijKLMNO',
      },
    ]);
    expect(bucket.calls).toEqual([]);
  });
});
