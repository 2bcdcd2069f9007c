import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MultipartUpload, StoredObject } from './fake-s3-server';
import {
  elements,
  md5Hex,
  metadataOf,
  refuseExisting,
  S3Failure,
  sendXml,
  xmlUnescape,
} from './fake-s3-wire';

/** The bucket as the multipart calls see it: its objects, the uploads under way, its limits. */
export type BucketState = {
  bucket: string;
  objects: Map<string, StoredObject>;
  uploads: Map<string, MultipartUpload>;
  clock: () => Date;
  /** S3 refuses to complete an upload whose parts but the last are smaller than this. */
  minPartSize: number;
  /** Parts per ListParts page (S3: 1000). */
  listPartsPageSize: number;
};

function openUpload(
  uploads: Map<string, MultipartUpload>,
  id: string | undefined,
  key: string,
): MultipartUpload {
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

/** CreateMultipartUpload, UploadPart, ListParts, AbortMultipartUpload and CompleteMultipartUpload on a key. */
export function handleMultipart(
  { bucket, objects, uploads, clock, minPartSize, listPartsPageSize }: BucketState,
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
  const upload = openUpload(uploads, params.get('uploadId'), key);
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
    const after = [...upload.parts.entries()].filter(([number]) => number > marker).sort(([a], [b]) => a - b);
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
    refuseExisting(req, key, objects);
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

/** ListMultipartUploads on the bucket, every upload under way whose key has the prefix. */
export function listMultipartUploads(
  { bucket, uploads }: Pick<BucketState, 'bucket' | 'uploads'>,
  res: ServerResponse,
  params: Map<string, string>,
): void {
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
