import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { S3StorageConfig } from '../src/s3';
import { type BucketState, handleMultipart, listMultipartUploads } from './fake-s3-multipart';
import { parseQuery, verifySignature } from './fake-s3-signature';
import { md5Hex, metadataOf, refuseExisting, S3Failure, xmlError } from './fake-s3-wire';

/**
 * A small S3 peer for tests: path-style PUT/GET/HEAD/DELETE on objects kept in memory, multipart
 * uploads (create, upload part, list parts, complete, abort, list uploads) in S3's XML
 * (fake-s3-multipart.ts), with AWS Signature Version 4 checked from first principles
 * (fake-s3-signature.ts), so a wrongly built presigned URL fails here the way it would against S3.
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
  // The bucket as its parts see it; setClock moves its clock.
  const state: BucketState = {
    bucket,
    objects,
    uploads,
    clock: () => new Date(),
    minPartSize,
    listPartsPageSize,
  };

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

    verifySignature(req, rawPath, query, body, {
      accessKeyId,
      secretAccessKey,
      region,
      clock: state.clock,
    });

    const path = decodeURIComponent(rawPath);
    if (path === `/${bucket}` || path === `/${bucket}/`) {
      if (method === 'GET' && params.has('uploads')) {
        listMultipartUploads(state, res, params);
        return;
      }
      throw new S3Failure(501, 'NotImplemented', 'Only ListMultipartUploads is implemented on the bucket');
    }
    const prefix = `/${bucket}/`;
    if (!path.startsWith(prefix)) throw new S3Failure(404, 'NoSuchBucket', 'No such bucket');
    const key = path.slice(prefix.length);

    if (params.has('uploads') || params.has('uploadId')) {
      handleMultipart(state, req, res, key, query, body);
      return;
    }
    if (method === 'PUT') {
      refuseExisting(req, key, objects);
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
      state.clock = now;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
