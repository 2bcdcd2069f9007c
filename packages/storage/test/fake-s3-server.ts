import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';
import type { S3StorageConfig } from '../src/s3';

/**
 * A small S3 peer for tests: path-style PUT/GET/HEAD/DELETE on objects kept in memory, multipart
 * uploads (create, upload part, list parts, complete, abort, list uploads) in S3's XML, with
 * AWS Signature Version 4 checked from first principles (canonical request, string to sign,
 * derived key), written from the AWS documentation rather than by reusing the SDK's signer,
 * so a wrongly built presigned URL fails here the way it would against S3.
 */

export type StoredObject = { body: Buffer; contentType: string; metadata: Record<string, string> };

export type MultipartUpload = {
  key: string;
  contentType: string;
  metadata: Record<string, string>;
  initiated: Date;
  parts: Map<number, { body: Buffer; etag: string; lastModified: Date }>;
};

export type FakeS3 = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, StoredObject>;
  /** Multipart uploads neither completed nor aborted, by UploadId. */
  uploads: Map<string, MultipartUpload>;
  requests: { method: string; path: string; status: number }[];
  /** How the server's environment names this bucket, for `createTestEnv({ env })`. */
  env: Record<string, string>;
  /** The adapter's configuration for this bucket. */
  storageConfig: S3StorageConfig;
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

function xmlEscape(value: string): string {
  return value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function xmlUnescape(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)))
    .replace(/&amp;/g, '&');
}

function md5Hex(data: Buffer): string {
  return createHash('md5').update(data).digest('hex');
}

const s3Namespace = 'http://s3.amazonaws.com/doc/2006-03-01/';

function sendXml(res: ServerResponse, root: string, inner: string): void {
  res.writeHead(200, { 'Content-Type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="${s3Namespace}">${inner}</${root}>`);
}

/** `<Name>value</Name>` for each pair, values escaped. */
function elements(pairs: [string, string | number | boolean][]): string {
  return pairs.map(([name, value]) => `<${name}>${xmlEscape(String(value))}</${name}>`).join('');
}

export async function startFakeS3(
  options: {
    bucket?: string;
    region?: string;
    /** S3 refuses to complete an upload whose parts but the last are smaller than this. */
    minPartSize?: number;
    /** Parts per ListParts page (S3: 1000), small in tests to exercise the paging. */
    listPartsPageSize?: number;
  } = {},
): Promise<FakeS3> {
  const bucket = options.bucket ?? 'evidence';
  const region = options.region ?? 'ap-southeast-2';
  const minPartSize = options.minPartSize ?? 5 * 1024 * 1024;
  const listPartsPageSize = options.listPartsPageSize ?? 1000;
  const uploads = new Map<string, MultipartUpload>();
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

  function metadataOf(req: IncomingMessage, query: [string, string][]): Record<string, string> {
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
  function refuseExisting(req: IncomingMessage, key: string): void {
    if (req.headers['if-none-match'] === '*' && objects.has(key)) {
      throw new S3Failure(
        412,
        'PreconditionFailed',
        'At least one of the pre-conditions you specified did not hold',
      );
    }
  }

  function openUpload(id: string | undefined, key: string): MultipartUpload {
    const upload = id === undefined ? undefined : uploads.get(id);
    if (!upload || upload.key !== key) {
      throw new S3Failure(
        404,
        'NoSuchUpload',
        'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.',
      );
    }
    return upload;
  }

  function handleMultipart(
    req: IncomingMessage,
    res: ServerResponse,
    key: string,
    query: [string, string][],
    body: Buffer,
  ): void {
    const params = new Map(query);
    const method = req.method ?? 'GET';
    if (method === 'POST' && params.has('uploads')) {
      const uploadId = randomBytes(24).toString('base64url');
      uploads.set(uploadId, {
        key,
        contentType: req.headers['content-type'] ?? 'binary/octet-stream',
        metadata: metadataOf(req, query),
        initiated: clock(),
        parts: new Map(),
      });
      sendXml(
        res,
        'InitiateMultipartUploadResult',
        elements([
          ['Bucket', bucket],
          ['Key', key],
          ['UploadId', uploadId],
        ]),
      );
      return;
    }
    const upload = openUpload(params.get('uploadId'), key);
    if (method === 'PUT') {
      const partNumber = Number(params.get('partNumber'));
      if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10_000) {
        throw new S3Failure(400, 'InvalidArgument', 'Part number must be an integer between 1 and 10000');
      }
      const etag = `"${md5Hex(body)}"`;
      upload.parts.set(partNumber, { body, etag, lastModified: clock() });
      res.writeHead(200, { ETag: etag });
      res.end();
      return;
    }
    if (method === 'GET') {
      const marker = Number(params.get('part-number-marker') ?? 0);
      const pageSize = Math.min(listPartsPageSize, Number(params.get('max-parts') ?? 1000));
      const after = [...upload.parts.entries()]
        .filter(([number]) => number > marker)
        .sort(([a], [b]) => a - b);
      const page = after.slice(0, pageSize);
      const truncated = after.length > page.length;
      const next = page.at(-1)?.[0] ?? marker;
      const partsXml = page
        .map(
          ([number, part]) =>
            `<Part>${elements([
              ['PartNumber', number],
              ['LastModified', part.lastModified.toISOString()],
              ['ETag', part.etag],
              ['Size', part.body.length],
            ])}</Part>`,
        )
        .join('');
      sendXml(
        res,
        'ListPartsResult',
        elements([
          ['Bucket', bucket],
          ['Key', key],
          ['UploadId', params.get('uploadId') ?? ''],
          ['PartNumberMarker', marker],
          ['NextPartNumberMarker', next],
          ['MaxParts', pageSize],
          ['IsTruncated', truncated],
        ]) + partsXml,
      );
      return;
    }
    if (method === 'DELETE') {
      uploads.delete(params.get('uploadId') ?? '');
      res.writeHead(204);
      res.end();
      return;
    }
    if (method === 'POST') {
      const text = body.toString('utf8');
      const chosen = [...text.matchAll(/<Part>([\s\S]*?)<\/Part>/g)].map(([, inner = '']) => ({
        number: Number(/<PartNumber>(\d+)<\/PartNumber>/.exec(inner)?.[1]),
        etag: xmlUnescape(/<ETag>([\s\S]*?)<\/ETag>/.exec(inner)?.[1] ?? ''),
      }));
      if (chosen.length === 0)
        throw new S3Failure(400, 'MalformedXML', 'The XML you provided was not well-formed');
      chosen.forEach((entry, index) => {
        const previous = chosen[index - 1];
        if (previous && entry.number <= previous.number) {
          throw new S3Failure(400, 'InvalidPartOrder', 'The list of parts was not in ascending order');
        }
        const part = upload.parts.get(entry.number);
        if (!part || part.etag !== entry.etag) {
          throw new S3Failure(400, 'InvalidPart', 'One or more of the specified parts could not be found');
        }
        if (index < chosen.length - 1 && part.body.length < minPartSize) {
          throw new S3Failure(
            400,
            'EntityTooSmall',
            'Your proposed upload is smaller than the minimum allowed',
          );
        }
      });
      refuseExisting(req, key);
      const bodies = chosen.map((entry) => upload.parts.get(entry.number)?.body ?? Buffer.alloc(0));
      objects.set(key, {
        body: Buffer.concat(bodies),
        contentType: upload.contentType,
        metadata: upload.metadata,
      });
      uploads.delete(params.get('uploadId') ?? '');
      const etag = `"${md5Hex(Buffer.concat(bodies.map((b) => createHash('md5').update(b).digest())))}-${bodies.length}"`;
      sendXml(
        res,
        'CompleteMultipartUploadResult',
        elements([
          ['Location', `/${bucket}/${key}`],
          ['Bucket', bucket],
          ['Key', key],
          ['ETag', etag],
        ]),
      );
      return;
    }
    throw new S3Failure(405, 'MethodNotAllowed', 'Method not allowed');
  }

  function listMultipartUploads(res: ServerResponse, params: Map<string, string>): void {
    const prefix = params.get('prefix') ?? '';
    const listed = [...uploads.entries()]
      .filter(([, upload]) => upload.key.startsWith(prefix))
      .sort(([ia, a], [ib, b]) => (a.key === b.key ? (ia < ib ? -1 : 1) : a.key < b.key ? -1 : 1));
    const uploadsXml = listed
      .map(
        ([id, upload]) =>
          `<Upload>${elements([
            ['Key', upload.key],
            ['UploadId', id],
            ['Initiated', upload.initiated.toISOString()],
          ])}</Upload>`,
      )
      .join('');
    sendXml(
      res,
      'ListMultipartUploadsResult',
      elements([
        ['Bucket', bucket],
        ['KeyMarker', ''],
        ['UploadIdMarker', ''],
        ['Prefix', prefix],
        ['MaxUploads', 1000],
        ['IsTruncated', false],
      ]) + uploadsXml,
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
    if (path === `/${bucket}` || path === `/${bucket}/`) {
      if (method === 'GET' && params.has('uploads')) {
        listMultipartUploads(res, params);
        return;
      }
      throw new S3Failure(501, 'NotImplemented', 'Only ListMultipartUploads is implemented on the bucket');
    }
    const prefix = `/${bucket}/`;
    if (!path.startsWith(prefix)) throw new S3Failure(404, 'NoSuchBucket', 'No such bucket');
    const key = path.slice(prefix.length);

    if (params.has('uploads') || params.has('uploadId')) {
      handleMultipart(req, res, key, query, body);
      return;
    }
    if (method === 'PUT') {
      refuseExisting(req, key);
      const contentType = req.headers['content-type'] ?? 'binary/octet-stream';
      objects.set(key, { body, contentType, metadata: metadataOf(req, query) });
      res.writeHead(200, { ETag: `"${md5Hex(body)}"` });
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
        ETag: `"${md5Hex(object.body)}"`,
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

  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    env: {
      S3_BUCKET: bucket,
      S3_REGION: region,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    storageConfig: { bucket, endpoint, region, accessKeyId, secretAccessKey, forcePathStyle: true },
    objects,
    uploads,
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
