import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { resolveFilesSecret } from '../src/files-secret';

const MB = 1024 * 1024;
const quiet = { info() {}, warn() {}, error() {} };

describe('evidence configuration', () => {
  it('has the issue’s limits and lifetimes by default, on local disk', () => {
    const { files } = loadConfig({ DATA_DIR: '/srv/evident' });
    expect(files).toMatchObject({
      localRootDir: '/srv/evident/files',
      secretFile: '/srv/evident/files-secret',
      s3: null,
      maxBytes: { image: 25 * MB, audio: 100 * MB, video: 1024 * MB, document: 50 * MB },
      uploadUrlTtlMs: 60 * 60_000,
      videoUploadUrlTtlMs: 240 * 60_000,
      downloadUrlTtlMs: 15 * 60_000,
      uploadQuotaBytes: 2048 * MB,
    });
    expect(loadConfig({ UPLOAD_QUOTA_MB: '512' }).files.uploadQuotaBytes).toBe(512 * MB);
  });

  it('processes videos when ffmpeg is found, unless told not to; tool paths are optional', () => {
    expect(loadConfig({}).videoProcessing).toEqual({
      enabled: true,
      ffmpegPath: undefined,
      ffprobePath: undefined,
    });
    expect(
      loadConfig({ VIDEO_PROCESSING: '0', FFMPEG_PATH: '/opt/ffmpeg/bin/ffmpeg', FFPROBE_PATH: ' ' })
        .videoProcessing,
    ).toEqual({ enabled: false, ffmpegPath: '/opt/ffmpeg/bin/ffmpeg', ffprobePath: undefined });
  });

  it('reads limits in megabytes and the S3 settings', () => {
    const { files } = loadConfig({
      MAX_IMAGE_MB: '10',
      MAX_VIDEO_MB: '2048',
      S3_BUCKET: 'evidence',
      S3_ENDPOINT: 'https://minio.internal:9000',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(files.maxBytes).toMatchObject({ image: 10 * MB, video: 2048 * MB });
    expect(files.s3).toEqual({
      bucket: 'evidence',
      region: 'us-east-1',
      endpoint: 'https://minio.internal:9000',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
  });

  it.each([
    [{ S3_BUCKET: 'evidence', S3_SECRET_ACCESS_KEY: 'x' }, 'S3_ACCESS_KEY_ID'],
    [{ S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT'],
    [{ MAX_IMAGE_MB: 'lots' }, 'MAX_IMAGE_MB'],
    [{ MAX_AUDIO_MB: '0' }, 'MAX_AUDIO_MB'],
    [{ UPLOAD_URL_TTL_MINUTES: '-5' }, 'UPLOAD_URL_TTL_MINUTES'],
    [{ UPLOAD_QUOTA_MB: 'plenty' }, 'UPLOAD_QUOTA_MB'],
    [{ UPLOAD_QUOTA_MB: '0' }, 'UPLOAD_QUOTA_MB'],
    [{ FILES_SECRET: 'too short' }, 'FILES_SECRET'],
    [{ FFMPEG_PATH: 'bin/ffmpeg' }, 'FFMPEG_PATH'],
    [{ FFPROBE_PATH: 'ffprobe' }, 'FFPROBE_PATH'],
    [{ VIDEO_PROCESSING: 'maybe' }, 'VIDEO_PROCESSING'],
  ])('a wrong value stops start-up naming the variable (%o)', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});

describe('the files signing secret', () => {
  it('is made once, kept private in DATA_DIR, and the same after a restart', () => {
    const dir = mkdtempSync(join(tmpdir(), 'evident-secret-'));
    const secretFile = join(dir, 'files-secret');
    const first = resolveFilesSecret({ secret: undefined, secretFile, sharedDatabase: false }, quiet);
    expect(first.length).toBe(32);
    expect(statSync(secretFile).mode & 0o777).toBe(0o600);
    const again = resolveFilesSecret({ secret: undefined, secretFile, sharedDatabase: false }, quiet);
    expect(again).toEqual(first);
  });

  it('FILES_SECRET wins, and a shared database without it gets a warning', () => {
    const dir = mkdtempSync(join(tmpdir(), 'evident-secret-'));
    const secretFile = join(dir, 'files-secret');
    const given = 'x'.repeat(40);
    expect(resolveFilesSecret({ secret: given, secretFile, sharedDatabase: true }, quiet)).toEqual(
      Buffer.from(given),
    );
    const warnings: string[] = [];
    resolveFilesSecret(
      { secret: undefined, secretFile, sharedDatabase: true },
      { ...quiet, warn: (m) => warnings.push(m) },
    );
    expect(warnings.join()).toContain('FILES_SECRET');
  });
});
