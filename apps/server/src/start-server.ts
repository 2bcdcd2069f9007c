import { scheduleWaitingWorkDigest } from '@evident/api/jobs';
import { openDatabase } from '@evident/db/client';
import { queuePhotosWithoutThumbnails } from '@evident/db/queries/thumbnail-jobs';
import type { DestinationStream } from 'pino';
import { buildApp } from './app';
import { demoSignIns } from './banner';
import type { Config } from './config';
import { lockDataDir } from './data-lock';
import { isNewEmbeddedDatabase, setUpData, setUpInChildProcess } from './database-setup';
import { listenEarly } from './early-listen';
import { createPino, terminalDestination, toLogger } from './logger';
import { upgradeLegacyRequirements } from './requirements-upgrade';
import { securityHeadersFor } from './security-headers';
import { createServices } from './services';
import { startUploadSweep } from './upload-sweep';

/**
 * Locks the data folder, binds the port, then opens and migrates the database, seeds when asked,
 * and serves. Used by main.ts and the tests. Returns the demo people seeded on this start (none when
 * a child process did the seeding).
 */
export async function startServer(
  config: Config,
  options: {
    logDestination?: DestinationStream;
    /** main.ts: a new embedded database is created, migrated and seeded by a child process (database-setup.ts). */
    setUpNewDatabaseInChild?: boolean;
  } = {},
) {
  const pino = createPino(config.logLevel, options.logDestination ?? (await terminalDestination()));
  const log = toLogger(pino);
  // The embedded database lives in DATA_DIR; a PostgreSQL server guards its own data.
  const lock = config.database.kind === 'pglite' ? lockDataDir(config.dataDir, 'server') : null;
  const early = await listenEarly(config.port, config.host, config.slowClients).catch((error: unknown) => {
    lock?.release();
    throw error;
  });
  const setUpInChild = options.setUpNewDatabaseInChild === true && isNewEmbeddedDatabase(config);
  if (setUpInChild) {
    await setUpInChildProcess().catch((error: unknown) => {
      early.server.close();
      lock?.release();
      throw error;
    });
  }
  const database = await openDatabase(config.database);
  await database.migrate();
  // Units from before issue 29 get their Performance Evidence items and task mappings, once.
  await upgradeLegacyRequirements(database.db, log);
  const services = createServices(config, database, log);
  await services.events.listening;
  const seeded = setUpInChild ? [] : await setUpData(config, services, log);

  const app = await buildApp({
    services,
    databaseKind: database.kind,
    webDistDir: config.webDistDir,
    trustProxy: config.trustProxy,
    publicUrlFromRequest: config.publicUrlIsDefault,
    logger: pino,
    securityHeaders: securityHeadersFor(config),
    slowClients: config.slowClients,
    serverFactory: early.factory,
  });
  const sweep = startUploadSweep(services, {
    intervalMs: config.files.sweepIntervalMs,
    staleUploadAgeMs:
      Math.max(config.files.uploadUrlTtlMs, config.files.videoUploadUrlTtlMs) + 60 * 60 * 1000,
  });
  app.addHook('preClose', () => sweep.stop());
  // Jobs queued before a restart (or left by a server that stopped) are picked up now, and photos
  // recorded before thumbnails were made in the background get their turn.
  const olderPhotos = await queuePhotosWithoutThumbnails(database.db);
  if (olderPhotos > 0) log.info(`queued ${olderPhotos} photos recorded without a thumbnail`);
  // The first morning's digest of waiting evidence; each day's run queues the next. Every server
  // asks, and one queues it (scheduleWaitingWorkDigest).
  await scheduleWaitingWorkDigest(database.db, { now: new Date() });
  services.jobs.wake();
  app.addHook('preClose', () => services.jobs.stop());
  app.addHook('onClose', async () => {
    // Fastify closes only servers it listened on itself.
    const closed = new Promise<void>((resolve) => early.server.close(() => resolve()));
    early.server.closeIdleConnections();
    setTimeout(() => early.server.closeAllConnections(), 2000).unref();
    await closed;
    await database.close();
    lock?.release();
  });
  await app.ready();
  early.open();
  const demo = config.seedDemo ? await demoSignIns(database.db) : [];
  return { app, database, services, seeded, demo };
}
