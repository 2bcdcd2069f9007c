import { resolve } from 'node:path';
import { defaultEvidenceMaxBytes } from '@evident/core/evidence-types';
import { z } from 'zod';
import { flag, optionalText } from './config-fields';

/** Whole or fractional megabytes (MiB), up to the 5 GB a single S3 PUT can carry. */
const megabytes = z.coerce
  .number({ error: 'must be a number of megabytes' })
  .positive('must be more than 0')
  .max(5 * 1024, 'must be at most 5120 (5 GB)')
  .optional();
/** Minutes, at most the week a presigned S3 URL can live. */
const minutes = z.coerce
  .number({ error: 'must be a number of minutes' })
  .positive('must be more than 0')
  .max(7 * 24 * 60, 'must be at most 10080 (a week)');

/** An absolute path to a program; whether it is there is checked at start-up (video processing then stays off). */
const executablePath = optionalText.pipe(
  z.string().regex(/^\//, 'must be an absolute path such as /usr/bin/ffmpeg').optional(),
);

/** Evidence files: where they are kept, how big they may be, how long their links live, and video processing. */
export const filesEnv = z.object({
  FILES_SECRET: optionalText.pipe(
    z
      .string()
      .refine((v) => Buffer.byteLength(v) >= 32, 'must be at least 32 bytes (e.g. openssl rand -hex 32)')
      .optional(),
  ),
  S3_BUCKET: optionalText,
  S3_REGION: optionalText,
  S3_ENDPOINT: optionalText.pipe(
    z.url({ protocol: /^https?$/, error: 'must be a URL such as https://s3.example:9000' }).optional(),
  ),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: flag.optional(),
  MAX_IMAGE_MB: megabytes,
  MAX_AUDIO_MB: megabytes,
  MAX_VIDEO_MB: megabytes,
  MAX_DOCUMENT_MB: megabytes,
  UPLOAD_QUOTA_MB: z.coerce
    .number({ error: 'must be a number of megabytes' })
    .positive('must be more than 0')
    .max(1024 * 1024, 'must be at most 1048576 (1 TB)')
    .default(2048),
  UPLOAD_URL_TTL_MINUTES: minutes.default(60),
  VIDEO_UPLOAD_URL_TTL_MINUTES: minutes.default(240),
  DOWNLOAD_URL_TTL_MINUTES: minutes.default(15),
  UPLOAD_SWEEP_INTERVAL_MINUTES: minutes.default(5),
  VIDEO_PROCESSING: flag.default(true),
  FFMPEG_PATH: executablePath,
  FFPROBE_PATH: executablePath,
});
type FilesEnv = z.infer<typeof filesEnv>;

/** A bucket without its keys is a mistake to stop at start-up, not at the first upload. */
export function checkFilesEnv(env: FilesEnv, ctx: z.RefinementCtx): void {
  if (!env.S3_BUCKET) return;
  for (const name of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
    if (!env[name])
      ctx.addIssue({ code: 'custom', path: [name], message: `${name} is required with S3_BUCKET` });
  }
}

const mebibytes = (mb: number | undefined) => (mb === undefined ? undefined : Math.floor(mb * 1024 * 1024));

export function filesConfig(env: FilesEnv & { PUBLIC_URL?: string }, dataDir: string) {
  return {
    localRootDir: resolve(dataDir, 'files'),
    /**
     * Prefix of the local adapter's signed `/files/...` URLs. Without PUBLIC_URL they are relative
     * ('' here), so they work from whatever address the browser reached the app at (127.0.0.1, a
     * phone on the laptop's network address); an absolute default origin would make every upload
     * cross-origin there, and the browser blocks it.
     */
    linkBaseUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : '',
    /** Unset: generated once and kept in DATA_DIR/files-secret (see files-secret.ts). */
    secret: env.FILES_SECRET,
    secretFile: resolve(dataDir, 'files-secret'),
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION ?? 'us-east-1',
          endpoint: env.S3_ENDPOINT,
          accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
          secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
          forcePathStyle: env.S3_FORCE_PATH_STYLE ?? false,
        }
      : null,
    maxBytes: {
      image: mebibytes(env.MAX_IMAGE_MB) ?? defaultEvidenceMaxBytes.image,
      audio: mebibytes(env.MAX_AUDIO_MB) ?? defaultEvidenceMaxBytes.audio,
      video: mebibytes(env.MAX_VIDEO_MB) ?? defaultEvidenceMaxBytes.video,
      document: mebibytes(env.MAX_DOCUMENT_MB) ?? defaultEvidenceMaxBytes.document,
    },
    /** Bytes one person may hold in uploads not yet recorded as evidence (open grants included). */
    uploadQuotaBytes: Math.floor(env.UPLOAD_QUOTA_MB * 1024 * 1024),
    uploadUrlTtlMs: env.UPLOAD_URL_TTL_MINUTES * 60_000,
    videoUploadUrlTtlMs: env.VIDEO_UPLOAD_URL_TTL_MINUTES * 60_000,
    downloadUrlTtlMs: env.DOWNLOAD_URL_TTL_MINUTES * 60_000,
    sweepIntervalMs: env.UPLOAD_SWEEP_INTERVAL_MINUTES * 60_000,
  };
}

export const videoProcessingConfig = (env: FilesEnv) => ({
  enabled: env.VIDEO_PROCESSING,
  ffmpegPath: env.FFMPEG_PATH,
  ffprobePath: env.FFPROBE_PATH,
});
