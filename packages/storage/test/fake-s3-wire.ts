import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StoredObject } from './fake-s3-server';

// What every part of the fake S3 answers with: S3's errors and its XML, and what an object's
// writes share (metadata, the conditional write).

export class S3Failure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export function xmlEscape(value: string): string {
  return value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function xmlUnescape(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)))
    .replace(/&amp;/g, '&');
}

export function md5Hex(data: Buffer): string {
  return createHash('md5').update(data).digest('hex');
}

const s3Namespace = 'http://s3.amazonaws.com/doc/2006-03-01/';

export function sendXml(res: ServerResponse, root: string, inner: string): void {
  res.writeHead(200, { 'Content-Type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="${s3Namespace}">${inner}</${root}>`);
}

/** `<Name>value</Name>` for each pair, values escaped. */
export function elements(pairs: [string, string | number | boolean][]): string {
  return pairs.map(([name, value]) => `<${name}>${xmlEscape(String(value))}</${name}>`).join('');
}

export function xmlError(res: ServerResponse, status: number, code: string, message: string, head: boolean) {
  res.writeHead(status, { 'Content-Type': 'application/xml' });
  res.end(
    head
      ? undefined
      : `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`,
  );
}

export function metadataOf(req: IncomingMessage, query: [string, string][]): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (name.startsWith('x-amz-meta-') && typeof value === 'string') metadata[name.slice(11)] = value;
  }
  for (const [name, value] of query) {
    if (name.toLowerCase().startsWith('x-amz-meta-')) metadata[name.slice(11).toLowerCase()] = value;
  }
  return metadata;
}

/** A conditional write (`If-None-Match: *`) fails when the key already holds an object. */
export function refuseExisting(req: IncomingMessage, key: string, objects: Map<string, StoredObject>): void {
  if (req.headers['if-none-match'] === '*' && objects.has(key)) {
    throw new S3Failure(
      412,
      'PreconditionFailed',
      'At least one of the pre-conditions you specified did not hold',
    );
  }
}
