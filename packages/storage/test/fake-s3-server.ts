import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';

/**
 * A small S3 peer for tests: path-style PUT/GET/HEAD/DELETE on objects kept in memory, with
 * AWS Signature Version 4 checked from first principles (canonical request, string to sign,
 * derived key), written from the AWS documentation rather than by reusing the SDK's signer,
 * so a wrongly built presigned URL fails here the way it would against S3.
 */

export type StoredObject = { body: Buffer; contentType: string; metadata: Record<string, string> };

export type FakeS3 = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, StoredObject>;
  requests: { method: string; path: string; status: number }[];
  /** Moves the server's clock, to test expiry without waiting. */
  setClock(now: () => Date): void;
  close(): Promise<void>;
};

function rfc3986(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

function parseAmzDate(value: string): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!m) return null;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = m.slice(1).map(Number);
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second));
}

class S3Failure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

type Authorisation = {
  credential: string;
  signedHeaders: string[];
  signature: string;
  amzDate: string;
  payloadHash: string;
  presigned: boolean;
  expiresSeconds?: number;
};

function readAuthorisation(req: IncomingMessage, query: [string, string][]): Authorisation {
  const q = new Map(query);
  if (q.has('X-Amz-Algorithm')) {
    if (q.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256')
      throw new S3Failure(400, 'AuthorizationQueryParametersError', 'Bad algorithm');
    const required = (key: string): string => {
      const value = q.get(key);
      if (!value) throw new S3Failure(400, 'AuthorizationQueryParametersError', `Missing ${key}`);
      return value;
    };
    return {
      credential: required('X-Amz-Credential'),
      signedHeaders: required('X-Amz-SignedHeaders').split(';'),
      signature: required('X-Amz-Signature'),
      amzDate: required('X-Amz-Date'),
      payloadHash: 'UNSIGNED-PAYLOAD',
      presigned: true,
      expiresSeconds: Number(required('X-Amz-Expires')),
    };
  }
  const header = req.headers.authorization;
  if (!header) throw new S3Failure(403, 'AccessDenied', 'Anonymous access is not allowed');
  const m = /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]+)$/.exec(
    header,
  );
  if (!m) throw new S3Failure(400, 'InvalidArgument', 'Malformed Authorization header');
  const amzDate = req.headers['x-amz-date'];
  const payloadHash = req.headers['x-amz-content-sha256'];
  if (typeof amzDate !== 'string' || typeof payloadHash !== 'string') {
    throw new S3Failure(400, 'InvalidRequest', 'Missing x-amz-date or x-amz-content-sha256');
  }
  const [, credential = '', signedHeaders = '', signature = ''] = m;
  return {
    credential,
    signedHeaders: signedHeaders.split(';'),
    signature,
    amzDate,
    payloadHash,
    presigned: false,
  };
}

/** Raw query pairs, percent-decoded exactly once ('+' is a literal plus in SigV4). */
function parseQuery(raw: string): [string, string][] {
  if (!raw) return [];
  return raw.split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const key = eq === -1 ? pair : pair.slice(0, eq);
    const value = eq === -1 ? '' : pair.slice(eq + 1);
    return [decodeURIComponent(key), decodeURIComponent(value)];
  });
}

export async function startFakeS3(options: { bucket?: string; region?: string } = {}): Promise<FakeS3> {
  const bucket = options.bucket ?? 'evidence';
  const region = options.region ?? 'ap-southeast-2';
  const accessKeyId = 'AKIDEVIDENTTEST';
  const secretAccessKey = 'fake/secret+key/for-tests-only';
  const objects = new Map<string, StoredObject>();
  const requests: FakeS3['requests'] = [];
  let clock = () => new Date();

  function verify(req: IncomingMessage, rawPath: string, query: [string, string][], body: Buffer): void {
    const auth = readAuthorisation(req, query);
    const [keyId, date, scopeRegion, service, terminator] = auth.credential.split('/');
    if (keyId !== accessKeyId) throw new S3Failure(403, 'InvalidAccessKeyId', 'Unknown access key');
    if (scopeRegion !== region || service !== 's3' || terminator !== 'aws4_request') {
      throw new S3Failure(400, 'AuthorizationHeaderMalformed', 'Bad credential scope');
    }
    const signedAt = parseAmzDate(auth.amzDate);
    if (!signedAt || auth.amzDate.slice(0, 8) !== date) {
      throw new S3Failure(400, 'AuthorizationHeaderMalformed', 'Bad date');
    }
    if (!auth.signedHeaders.includes('host'))
      throw new S3Failure(400, 'InvalidRequest', 'host must be signed');

    const canonicalUri = rawPath
      .split('/')
      .map((segment) => rfc3986(decodeURIComponent(segment)))
      .join('/');
    const canonicalQuery = query
      .filter(([key]) => !(auth.presigned && key === 'X-Amz-Signature'))
      .map(([key, value]) => [rfc3986(key), rfc3986(value)] as const)
      .sort(([ka, va], [kb, vb]) => (ka === kb ? (va < vb ? -1 : 1) : ka < kb ? -1 : 1))
      .map(([key, value]) => `${key}=${value}`)
      .join('&');
    const canonicalHeaders = auth.signedHeaders
      .map((name) => {
        const value = req.headers[name];
        if (value === undefined)
          throw new S3Failure(403, 'SignatureDoesNotMatch', `Signed header ${name} missing`);
        const text = Array.isArray(value) ? value.join(',') : value;
        return `${name}:${text.trim().replace(/\s+/g, ' ')}\n`;
      })
      .join('');
    const canonicalRequest = [
      req.method,
      canonicalUri,
      canonicalQuery,
      canonicalHeaders,
      auth.signedHeaders.join(';'),
      auth.payloadHash,
    ].join('\n');
    const scope = `${date}/${region}/s3/aws4_request`;
    const stringToSign = ['AWS4-HMAC-SHA256', auth.amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
    const signingKey = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, date), region), 's3'), 'aws4_request');
    const expected = Buffer.from(hmac(signingKey, stringToSign).toString('hex'));
    const given = Buffer.from(auth.signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new S3Failure(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match');
    }

    const now = clock().getTime();
    if (auth.presigned) {
      const expires = auth.expiresSeconds ?? 0;
      if (!(expires >= 1 && expires <= 604_800))
        throw new S3Failure(400, 'AuthorizationQueryParametersError', 'Bad expiry');
      if (now > signedAt.getTime() + expires * 1000)
        throw new S3Failure(403, 'AccessDenied', 'Request has expired');
    } else if (Math.abs(now - signedAt.getTime()) > 15 * 60 * 1000) {
      throw new S3Failure(403, 'RequestTimeTooSkewed', 'Request time too skewed');
    }
    if (/^[0-9a-f]{64}$/.test(auth.payloadHash) && sha256Hex(body) !== auth.payloadHash) {
      throw new S3Failure(400, 'XAmzContentSHA256Mismatch', 'Payload hash mismatch');
    } else if (!/^[0-9a-f]{64}$/.test(auth.payloadHash) && auth.payloadHash !== 'UNSIGNED-PAYLOAD') {
      throw new S3Failure(400, 'NotImplemented', `Payload mode ${auth.payloadHash} not supported here`);
    }
    // Flexible checksums, from a header or hoisted into a presigned URL, must match the body.
    const crc =
      (req.headers['x-amz-checksum-crc32'] as string | undefined) ??
      new Map(query).get('x-amz-checksum-crc32');
    if (crc !== undefined) {
      const actual = Buffer.alloc(4);
      actual.writeUInt32BE(crc32(body) >>> 0);
      if (actual.toString('base64') !== crc) throw new S3Failure(400, 'BadDigest', 'CRC32 checksum mismatch');
    }
  }

  function xmlError(res: ServerResponse, status: number, code: string, message: string, head: boolean) {
    res.writeHead(status, { 'Content-Type': 'application/xml' });
    res.end(
      head
        ? undefined
        : `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`,
    );
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const rawUrl = req.url ?? '/';
    const q = rawUrl.indexOf('?');
    const rawPath = q === -1 ? rawUrl : rawUrl.slice(0, q);
    const query = parseQuery(q === -1 ? '' : rawUrl.slice(q + 1));
    const params = new Map(query);
    const method = req.method ?? 'GET';

    verify(req, rawPath, query, body);

    const path = decodeURIComponent(rawPath);
    const prefix = `/${bucket}/`;
    if (!path.startsWith(prefix)) throw new S3Failure(404, 'NoSuchBucket', 'No such bucket');
    const key = path.slice(prefix.length);

    if (method === 'PUT') {
      const metadata: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (name.startsWith('x-amz-meta-') && typeof value === 'string') metadata[name.slice(11)] = value;
      }
      for (const [name, value] of query) {
        if (name.toLowerCase().startsWith('x-amz-meta-')) metadata[name.slice(11).toLowerCase()] = value;
      }
      if (req.headers['if-none-match'] === '*' && objects.has(key)) {
        throw new S3Failure(
          412,
          'PreconditionFailed',
          'At least one of the pre-conditions you specified did not hold',
        );
      }
      const contentType = req.headers['content-type'] ?? 'binary/octet-stream';
      objects.set(key, { body, contentType, metadata });
      res.writeHead(200, { ETag: `"${createHash('md5').update(body).digest('hex')}"` });
      res.end();
      return;
    }
    if (method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204);
      res.end();
      return;
    }
    if (method === 'GET' || method === 'HEAD') {
      const object = objects.get(key);
      if (!object) throw new S3Failure(404, 'NoSuchKey', 'The specified key does not exist.');
      const headers: Record<string, string> = {
        'Content-Type': params.get('response-content-type') ?? object.contentType,
        ETag: `"${createHash('md5').update(object.body).digest('hex')}"`,
        'Accept-Ranges': 'bytes',
      };
      const disposition = params.get('response-content-disposition');
      if (disposition) headers['Content-Disposition'] = disposition;
      for (const [name, value] of Object.entries(object.metadata)) headers[`x-amz-meta-${name}`] = value;
      let bytes = object.body;
      let status = 200;
      const range = req.headers.range && /^bytes=(\d+)-(\d*)$/.exec(req.headers.range);
      if (range) {
        const start = Number(range[1]);
        if (start >= object.body.length)
          throw new S3Failure(416, 'InvalidRange', 'The requested range is not satisfiable');
        const end = Math.min(range[2] ? Number(range[2]) : object.body.length - 1, object.body.length - 1);
        bytes = object.body.subarray(start, end + 1);
        headers['Content-Range'] = `bytes ${start}-${end}/${object.body.length}`;
        status = 206;
      }
      headers['Content-Length'] = String(bytes.length);
      res.writeHead(status, headers);
      res.end(method === 'HEAD' ? undefined : bytes);
      return;
    }
    throw new S3Failure(405, 'MethodNotAllowed', 'Method not allowed');
  }

  const server = createServer((req, res) => {
    handle(req, res).then(
      () => requests.push({ method: req.method ?? '', path: req.url ?? '', status: res.statusCode }),
      (error: unknown) => {
        const failure =
          error instanceof S3Failure ? error : new S3Failure(500, 'InternalError', String(error));
        xmlError(res, failure.status, failure.code, failure.message, req.method === 'HEAD');
        requests.push({ method: req.method ?? '', path: req.url ?? '', status: failure.status });
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    objects,
    requests,
    setClock(now) {
      clock = now;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
