import { join } from 'node:path';
import { createTaskGenerator } from '@evident/ai/generator-factory';
import { contextSlots, type Services } from '@evident/api/context';
import {
  createEventJob,
  createGradedMailJob,
  createJobWorker,
  createMailJob,
  createQueuedMailer,
  createThumbnailJob,
  createVideoJob,
  createWaitingWorkDigestJob,
  eventJob,
  type JobHandlers,
  type JobWorkerOptions,
} from '@evident/api/jobs';
import { createRateLimits, type RateLimitConfig } from '@evident/api/rate-limits';
import { createAuthenticator } from '@evident/auth/authenticate';
import { createOidcSignOn } from '@evident/auth/oidc';
import { createPasswordHasher } from '@evident/auth/password';
import { createSessionStore } from '@evident/auth/sessions';
import type { Logger } from '@evident/core/logger';
import type { EventBus } from '@evident/core/ports/events';
import type { ImageProcessor } from '@evident/core/ports/images';
import type { JobQueue } from '@evident/core/ports/jobs';
import type { VideoConverter } from '@evident/core/ports/video';
import type { DatabaseHandle } from '@evident/db/client';
import { createPrincipalRecords } from '@evident/db/principal-records';
import { enqueueJob } from '@evident/db/queries/jobs';
import { createSessionRecords } from '@evident/db/session-records';
import { createMailer } from '@evident/mail/mailer';
import { createTrainingRegister } from '@evident/register/register-factory';
import { createLocalDiskStorage, type LocalDiskStorage, maxUploadParts } from '@evident/storage/local-disk';
import { createS3Storage, type S3Storage } from '@evident/storage/s3';
import { sharpImages } from '@evident/storage/thumbnail';
import { createFfmpegConverter, playableMaxSide } from '@evident/storage/video';
import { findVideoTools } from '@evident/storage/video-tools';
import { createAuditPackJob } from './audit-pack/audit-pack-job';
import type { Config } from './config';
import { guardEventBus } from './events/guarded-bus';
import { createInProcessEventBus } from './events/in-process-bus';
import { createPostgresEventBus } from './events/postgres-bus';
import { resolveFilesSecret } from './files-secret';
import { createKeyCleanupJob } from './lti/lti-key-cleanup-job';
import { createLtiKeys } from './lti/lti-keys';
import { createLtiRosterSource } from './lti/lti-roster-source';
import { createLtiScoreJob } from './lti/lti-score-job';
import { createLtiTool, type LtiTool } from './lti/lti-tool';
import { defaultMailOrigin, type MailOrigins } from './mail-origin';
import { assessmentRecordPdf } from './reports/assessment-record-pdf';
import { validationReportPdf } from './reports/validation-report-pdf';

/** Services as the server holds them: the concrete store, so /files routes can reach the local adapter. */
export type ServerServices = Services & {
  storage: LocalDiskStorage | S3Storage;
  /** `listening` settles once events from other instances can arrive (at once on the embedded database). */
  events: EventBus & { listening: Promise<void> };
  /** The LTI tool (keys, platforms), ready once its start-up writes are done; null with LTI off. */
  lti: Promise<LtiTool> | null;
  /** Where links in mail point: each request's context takes the address its person reached. */
  mailOrigins: MailOrigins;
};

/** Across instances through PostgreSQL's LISTEN/NOTIFY; in process on the embedded database. */
function createEventBus(database: DatabaseHandle, log: Logger, override?: EventBus) {
  return override
    ? { ...override, listening: Promise.resolve() }
    : database.notifications
      ? createPostgresEventBus(database.notifications, log)
      : { ...createInProcessEventBus(log), listening: Promise.resolve() };
}

/** Resumable parts of 8 MiB: a dropped connection costs at most that much on a phone. */
const localPartSize = 8 * 1024 * 1024;

/** Also what `pnpm cli verify-evidence` reads the files through. */
export function createStorage(config: Config, log: Logger): LocalDiskStorage | S3Storage {
  if (config.files.s3) return createS3Storage(config.files.s3);
  const secret = resolveFilesSecret(
    {
      secret: config.files.secret,
      secretFile: config.files.secretFile,
      sharedDatabase: config.database.kind === 'postgres',
    },
    log,
  );
  return createLocalDiskStorage({
    rootDir: config.files.localRootDir,
    publicUrl: config.files.linkBaseUrl,
    secret,
  });
}

/**
 * Video processing runs when ffmpeg and ffprobe are found; either way one line says so, since
 * without them iPhone (HEVC) videos may not play in assessors' browsers. Without it this server
 * runs no `video` jobs (another server sharing the database may).
 */
function createVideoHandler(
  config: Config,
  deps: {
    db: DatabaseHandle['db'];
    storage: LocalDiskStorage | S3Storage;
    images: ImageProcessor;
    log: Logger;
    events: EventBus;
  },
  converter?: VideoConverter | null,
): ReturnType<typeof createVideoJob> | null {
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
    // Its own temp folder per data folder: a start clears what a killed conversion left there.
    chosen = createFfmpegConverter({ ...tools, workDir: join(config.dataDir, 'tmp', 'video') });
  }
  deps.log.info(
    `video processing is on (${chosen.description}): posters and H.264 copies up to ${playableMaxSide} px, one at a time`,
  );
  return createVideoJob({ ...deps, converter: chosen });
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
    /** Tests: a bus standing in for the configured one (it is still guarded). */
    events?: EventBus;
    /** Tests: the job worker's lock, retry and poll timing. */
    jobs?: JobWorkerOptions;
    /** Tests: how soon a platform's key set may be fetched again for an unknown kid. */
    lti?: { jwksCooldownMs?: number };
  } = {},
): ServerServices {
  const storage = createStorage(config, log);
  const images = sharpImages;
  const bus = createEventBus(database, log, overrides.events);
  let jobs: JobQueue | null = null;
  // An event that fails to publish becomes an `event` job, published again by the worker.
  const events = guardEventBus(bus, log, async (event) => {
    await enqueueJob(database.db, eventJob(event));
    jobs?.wake();
  });
  const deps = { db: database.db, storage, images, log, events };
  const video = createVideoHandler(config, deps, overrides.videoConverter);
  const lti = config.lti.enabled ? createLtiTool(database.db, config, log, overrides.lti) : null;
  // Awaited by buildApp; this only keeps an early failure from counting as unhandled meanwhile.
  lti?.catch(() => {});
  const mailer = createMailer({ ...config.mail, log: (line) => log.info(line) });
  const mailOrigins: MailOrigins = {
    configured: config.publicUrlIsDefault ? null : config.publicUrl,
    port: config.port,
  };
  // The worker is made from the handlers, so the pack's 'ready' mail reaches the queue it feeds lazily.
  let queuedMailer: ReturnType<typeof createQueuedMailer> | null = null;
  const handlers: JobHandlers = {
    thumbnail: createThumbnailJob(deps),
    'audit-pack': createAuditPackJob({
      db: database.db,
      storage,
      recordPdf: assessmentRecordPdf,
      validationReportPdf,
      mailer: { send: (message) => (queuedMailer as NonNullable<typeof queuedMailer>).send(message) },
      log,
      publicUrl: defaultMailOrigin(mailOrigins),
    }),
    mail: createMailJob(mailer),
    'graded-mail': createGradedMailJob({
      db: database.db,
      mailer,
      publicUrl: defaultMailOrigin(mailOrigins),
    }),
    event: createEventJob(bus),
    'waiting-work-digest': createWaitingWorkDigestJob({
      db: database.db,
      publicUrl: defaultMailOrigin(mailOrigins),
    }),
    ...(video ? { video } : {}),
    ...(lti
      ? {
          'lti.score': createLtiScoreJob({ db: database.db, tool: lti, log }),
          'lti.key-cleanup': createKeyCleanupJob({ db: database.db, log }),
        }
      : {}),
  };
  const worker = createJobWorker({ db: database.db, log }, handlers, overrides.jobs);
  jobs = worker;
  queuedMailer = createQueuedMailer({ db: database.db, jobs: worker });
  const sessions = createSessionStore(createSessionRecords(database.db), {
    secureCookies: config.publicUrl.startsWith('https://'),
  });
  return {
    // Each request's context is a copy of these services with its own keys set (context.ts).
    ...contextSlots,
    db: database.db,
    sessions,
    authenticator: createAuthenticator({ sessions, records: createPrincipalRecords(database.db) }),
    passwords: createPasswordHasher(),
    mailer: queuedMailer,
    rateLimits: createRateLimits(overrides.rateLimits),
    register: createTrainingRegister(config.register),
    taskGenerator: createTaskGenerator(config.taskGeneration),
    storage,
    images,
    jobs: worker,
    videoProcessing: video !== null,
    evidenceLimits: {
      maxBytes: config.files.maxBytes,
      uploadUrlTtlMs: config.files.uploadUrlTtlMs,
      videoUploadUrlTtlMs: config.files.videoUploadUrlTtlMs,
      downloadUrlTtlMs: config.files.downloadUrlTtlMs,
      partSize: storage.kind === 'local' ? localPartSize : null,
      maxParts: storage.kind === 'local' ? maxUploadParts : 1,
      uploadQuotaBytes: config.files.uploadQuotaBytes,
    },
    log,
    events,
    assessorSignup: config.assessorSignup,
    selfEnrol: config.selfEnrol,
    thirdPartyLinkDays: config.thirdPartyLinkDays,
    singleSignOn: config.oidc ? createOidcSignOn(config.oidc) : null,
    publicUrl: defaultMailOrigin(mailOrigins),
    mailOrigins,
    lti,
    ltiRoster: lti ? createLtiRosterSource(database.db, lti) : null,
    ltiKeys: lti ? createLtiKeys(lti) : null,
    recordPdf: assessmentRecordPdf,
    validationReportPdf,
  };
}
