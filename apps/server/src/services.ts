import { createTaskGenerator } from '@evident/ai/generator-factory';
import type { Services } from '@evident/api/context';
import { createVideoQueue, type VideoQueue } from '@evident/api/evidence/video-queue';
import { createRateLimits, type RateLimitConfig } from '@evident/api/rate-limits';
import { createPasswordHasher } from '@evident/auth/password';
import { createSessionStore } from '@evident/auth/sessions';
import type { Logger } from '@evident/core/logger';
import type { VideoConverter } from '@evident/core/ports/video';
import type { DatabaseHandle } from '@evident/db/client';
import { createMailer } from '@evident/mail/mailer';
import { createTrainingRegister } from '@evident/register/register-factory';
import { checkUploadedObject } from '@evident/storage/check-upload';
import { createLocalDiskStorage, type LocalDiskStorage, maxUploadParts } from '@evident/storage/local-disk';
import { newObjectPath, playablePathFor, thumbnailPathFor } from '@evident/storage/object-path';
import { createS3Storage, type S3Storage } from '@evident/storage/s3';
import { createThumbnail, thumbnailContentType } from '@evident/storage/thumbnail';
import { createFfmpegConverter, findVideoTools, playableMaxSide } from '@evident/storage/video';
import type { Config } from './config';
import { createInProcessEventBus } from './events/in-process-bus';
import { resolveFilesSecret } from './files-secret';

/** Services as the server holds them: the concrete store, so /files routes can reach the local adapter. */
export type ServerServices = Services & { storage: LocalDiskStorage | S3Storage };

/** Resumable parts of 8 MiB: a dropped connection costs at most that much on a phone. */
const localPartSize = 8 * 1024 * 1024;

function createStorage(config: Config, log: Logger): LocalDiskStorage | S3Storage {
  if (config.files.s3) return createS3Storage(config.files.s3);
  const secret = resolveFilesSecret(
    {
      secret: config.files.secret,
      secretFile: config.files.secretFile,
      sharedDatabase: config.database.kind === 'postgres',
    },
    log,
  );
  return createLocalDiskStorage({ rootDir: config.files.localRootDir, publicUrl: config.publicUrl, secret });
}

/**
 * Video processing runs when ffmpeg and ffprobe are found; either way one line says so, since
 * without them iPhone (HEVC) videos may not play in assessors' browsers.
 */
function createVideoProcessing(
  config: Config,
  deps: { db: DatabaseHandle['db']; storage: LocalDiskStorage | S3Storage; log: Logger },
  converter?: VideoConverter | null,
): VideoQueue | null {
  const off = (reason: string) => {
    deps.log.info(`video processing is off (${reason}); videos are stored and played as uploaded`);
    return null;
  };
  if (converter === null) return off('disabled for this server');
  if (!config.videoProcessing.enabled) return off('VIDEO_PROCESSING=0');
  let chosen = converter;
  if (!chosen) {
    const tools = findVideoTools(config.videoProcessing);
    if (!tools.ok) return off(tools.reason);
    chosen = createFfmpegConverter(tools);
  }
  deps.log.info(
    `video processing is on (${chosen.description}): posters and H.264 copies up to ${playableMaxSide} px, one at a time`,
  );
  return createVideoQueue({
    ...deps,
    converter: chosen,
    createThumbnail,
    thumbnailPathFor,
    thumbnailContentType,
    playablePathFor,
  });
}

/** The one place concrete adapters are chosen and wired together. */
export function createServices(
  config: Config,
  database: DatabaseHandle,
  log: Logger,
  overrides: {
    rateLimits?: RateLimitConfig;
    /** Tests: a stand-in for ffmpeg, or null for none; by default ffmpeg is looked for. */
    videoConverter?: VideoConverter | null;
  } = {},
): ServerServices {
  const storage = createStorage(config, log);
  const videos = createVideoProcessing(config, { db: database.db, storage, log }, overrides.videoConverter);
  return {
    db: database.db,
    sessions: createSessionStore(database.db, { secureCookies: config.publicUrl.startsWith('https://') }),
    passwords: createPasswordHasher(),
    mailer: createMailer({ ...config.mail, log: (line) => log.info(line) }),
    rateLimits: createRateLimits(overrides.rateLimits),
    register: createTrainingRegister(config.register),
    taskGenerator: createTaskGenerator(config.taskGeneration),
    storage,
    evidence: {
      maxBytes: config.files.maxBytes,
      uploadUrlTtlMs: config.files.uploadUrlTtlMs,
      videoUploadUrlTtlMs: config.files.videoUploadUrlTtlMs,
      downloadUrlTtlMs: config.files.downloadUrlTtlMs,
      partSize: storage.kind === 'local' ? localPartSize : null,
      maxParts: storage.kind === 'local' ? maxUploadParts : 1,
      newObjectPath,
      thumbnailPathFor,
      checkUploadedObject: (input) => checkUploadedObject(storage, input),
      createThumbnail,
      thumbnailContentType,
      videos,
    },
    log,
    events: createInProcessEventBus(log),
    assessorSignup: config.assessorSignup,
    publicUrl: config.publicUrl,
  };
}
