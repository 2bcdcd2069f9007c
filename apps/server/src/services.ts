import { createTaskGenerator } from '@evident/ai/generator-factory';
import type { Logger, Services } from '@evident/api/context';
import { createRateLimits, type RateLimitConfig } from '@evident/api/rate-limits';
import { createPasswordHasher } from '@evident/auth/password';
import { createSessionStore } from '@evident/auth/sessions';
import type { DatabaseHandle } from '@evident/db/client';
import { createMailer } from '@evident/mail/mailer';
import { createTrainingRegister } from '@evident/register/register-factory';
import { checkUploadedObject } from '@evident/storage/check-upload';
import { createLocalDiskStorage, type LocalDiskStorage, maxUploadParts } from '@evident/storage/local-disk';
import { newObjectPath, thumbnailPathFor } from '@evident/storage/object-path';
import { createS3Storage, type S3Storage } from '@evident/storage/s3';
import { createThumbnail, thumbnailContentType } from '@evident/storage/thumbnail';
import type { Config } from './config';
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

/** The one place concrete adapters are chosen and wired together. */
export function createServices(
  config: Config,
  database: DatabaseHandle,
  log: Logger,
  overrides: { rateLimits?: RateLimitConfig } = {},
): ServerServices {
  const storage = createStorage(config, log);
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
    },
    log,
    publicUrl: config.publicUrl,
  };
}
