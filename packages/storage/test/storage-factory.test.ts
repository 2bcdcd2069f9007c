import { describe, expect, it } from 'vitest';
import { createObjectStorage, deriveFilesSecret, s3ConfigFromEnv } from '../src/storage-factory';

const base = {
  localRootDir: '/tmp/evident-files',
  publicUrl: 'http://localhost:3000',
  filesSecret: 'x'.repeat(32),
};

describe('createObjectStorage', () => {
  it('uses local disk unless S3 is configured', () => {
    expect(createObjectStorage(base).kind).toBe('local');
    expect(createObjectStorage({ ...base, s3: s3ConfigFromEnv({}) }).kind).toBe('local');
    const s3 = createObjectStorage({
      ...base,
      s3: s3ConfigFromEnv({ S3_BUCKET: 'evidence', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' }),
    });
    expect(s3.kind).toBe('s3');
    if (s3.kind === 's3') s3.client.destroy();
  });

  it('reads the S3_* variables and names what is missing', () => {
    expect(
      s3ConfigFromEnv({
        S3_BUCKET: 'evidence',
        S3_ENDPOINT: 'http://minio:9000',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'TRUE',
      }),
    ).toEqual({
      bucket: 'evidence',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(() => s3ConfigFromEnv({ S3_BUCKET: 'evidence', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      'S3_BUCKET is set but S3_SECRET_ACCESS_KEY is not',
    );
  });

  it('derives a distinct 32-byte files key from the session secret', () => {
    const key = deriveFilesSecret('session-secret');
    expect(key).toHaveLength(32);
    expect(key.equals(deriveFilesSecret('session-secret'))).toBe(true);
    expect(key.equals(deriveFilesSecret('other-secret'))).toBe(false);
    expect(() => createObjectStorage({ ...base, filesSecret: 'short' })).toThrow('at least 32 bytes');
  });
});
