import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { crc32 } from 'node:zlib';
import { S3Failure } from './fake-s3-wire';

// AWS Signature Version 4 checked from first principles (canonical request, string to sign,
// derived key), written from the AWS documentation rather than by reusing the SDK's signer, so a
// wrongly built presigned URL fails here the way it would against S3.

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
export function parseQuery(raw: string): [string, string][] {
  if (!raw) return [];
  return raw.split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const key = eq === -1 ? pair : pair.slice(0, eq);
    const value = eq === -1 ? '' : pair.slice(eq + 1);
    return [decodeURIComponent(key), decodeURIComponent(value)];
  });
}

/** The bucket's keys and clock, against which a request's signature is checked. */
export type SigningSecrets = {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  clock: () => Date;
};

/** Throws the S3Failure S3 would answer a request whose signature, date, payload or checksum is off. */
export function verifySignature(
  req: IncomingMessage,
  rawPath: string,
  query: [string, string][],
  body: Buffer,
  { accessKeyId, secretAccessKey, region, clock }: SigningSecrets,
): void {
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
  if (!auth.signedHeaders.includes('host')) throw new S3Failure(400, 'InvalidRequest', 'host must be signed');

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
    (req.headers['x-amz-checksum-crc32'] as string | undefined) ?? new Map(query).get('x-amz-checksum-crc32');
  if (crc !== undefined) {
    const actual = Buffer.alloc(4);
    actual.writeUInt32BE(crc32(body) >>> 0);
    if (actual.toString('base64') !== crc) throw new S3Failure(400, 'BadDigest', 'CRC32 checksum mismatch');
  }
}
