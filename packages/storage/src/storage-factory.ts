import { createHmac } from 'node:crypto';
import { createLocalDiskStorage, type LocalDiskStorage } from './local-disk';
import { createS3Storage, type S3Storage, type S3StorageConfig } from './s3';

/**
 * Picks the evidence store. Environment the server reads (all optional):
 *
 *   S3_BUCKET              turns S3 on; without it files go to local disk (DATA_DIR/files)
 *   S3_REGION              default `us-east-1` (what MinIO and most compatible servers expect)
 *   S3_ENDPOINT            e.g. `https://minio.internal:9000`; omit for AWS
 *   S3_ACCESS_KEY_ID       required with S3_BUCKET
 *   S3_SECRET_ACCESS_KEY   required with S3_BUCKET
 *   S3_FORCE_PATH_STYLE    `true`/`1` for path-style URLs (MinIO, Ceph); default false
 *   FILES_SECRET           HMAC key for local signed URLs (>= 32 bytes); when unset the server
 *                          generates one and keeps it in DATA_DIR/files-secret
 *
 * With S3 the bucket needs CORS allowing PUT and GET from the app's origin with the Content-Type
 * and If-None-Match headers, since browsers upload to it directly (large files as multipart parts,
 * see s3-multipart.ts), and preferably a lifecycle rule AbortIncompleteMultipartUpload.
 */

export type StorageConfig = {
  /** Root of the local store, normally `${DATA_DIR}/files`. */
  localRootDir: string;
  /** Where browsers reach this server (local signed URLs point here). */
  publicUrl: string;
  /** HMAC key for local signed URLs. */
  filesSecret: string | Buffer;
  s3?: S3StorageConfig | null;
};

export function createObjectStorage(config: StorageConfig): LocalDiskStorage | S3Storage {
  if (config.s3) return createS3Storage(config.s3);
  return createLocalDiskStorage({
    rootDir: config.localRootDir,
    publicUrl: config.publicUrl,
    secret: config.filesSecret,
  });
}

/** A key of its own for file URLs, so a leaked file URL key says nothing about session signing and vice versa. */
export function deriveFilesSecret(sessionSecret: string): Buffer {
  return createHmac('sha256', sessionSecret).update('evident/files-url-signing/v1').digest();
}

/** Reads the S3_* variables; null when S3_BUCKET is unset. Throws naming what is missing. */
export function s3ConfigFromEnv(env: Record<string, string | undefined>): S3StorageConfig | null {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return null;
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim();
  const missing = [
    accessKeyId ? null : 'S3_ACCESS_KEY_ID',
    secretAccessKey ? null : 'S3_SECRET_ACCESS_KEY',
  ].filter((name) => name !== null);
  if (!accessKeyId || !secretAccessKey)
    throw new Error(`S3_BUCKET is set but ${missing.join(' and ')} is not`);
  const forcePathStyle = env.S3_FORCE_PATH_STYLE?.trim().toLowerCase();
  return {
    bucket,
    region: env.S3_REGION?.trim() || 'us-east-1',
    endpoint: env.S3_ENDPOINT?.trim() || undefined,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: forcePathStyle === 'true' || forcePathStyle === '1',
  };
}
