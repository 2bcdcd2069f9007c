import { openDatabase } from '@evident/db/client';
import { queuePhotosWithoutThumbnails } from '@evident/db/queries/thumbnail-jobs';
import type { DestinationStream } from 'pino';
import { buildApp } from './app';
import { demoSignIns } from './banner';
import type { Config } from './config';
import { lockDataDir } from './data-lock';
import { seedDemoData } from './demo-data';
import { listenEarly } from './early-listen';
import { ensureInitialAdmin } from './initial-admin';
import { createPino, toLogger } from './logger';
import { securityHeadersFor } from './security-headers';
import { createServices } from './services';
import { startUploadSweep } from './upload-sweep';

/**
 * Locks the data folder, binds the port, then opens and migrates the database, seeds when asked,
 * and serves. Used by main.ts and the tests. Returns the demo people seeded on this start.
 */
export async function startServer(config: Config, options: { logDestination?: DestinationStream } = {}) {
  const pino = createPino(config.logLevel, options.logDestination ?? (await terminalDestination()));
  const log = toLogger(pino);
  // The embedded database lives in DATA_DIR; a PostgreSQL server guards its own data.
  const lock = config.database.kind === 'pglite' ? lockDataDir(config.dataDir, 'server') : null;
  const early = await listenEarly(config.port, config.host, config.slowClients).catch((error: unknown) => {
    lock?.release();
    throw error;
  });
  const database = await openDatabase(config.database);
  await database.migrate();
  const services = createServices(config, database, log);
  await services.events.listening;

  // Demo people first: the seed only runs on an empty database, and the initial admin would make it non-empty.
  const seeded = config.seedDemo ? await seedDemoData(services) : [];
  if (config.initialAdmin) {
    await ensureInitialAdmin(database.db, services.passwords, config.initialAdmin, log);
  }

  const app = await buildApp({
    services,
    databaseKind: database.kind,
    webDistDir: config.webDistDir,
    trustProxy: config.trustProxy,
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

/** On a terminal, pino-pretty in this thread (no worker to start); elsewhere pino's JSON lines. */
async function terminalDestination(): Promise<DestinationStream | undefined> {
  if (!process.stdout.isTTY) return undefined;
  const { default: pretty } = await import('pino-pretty');
  return pretty({ colorize: true, sync: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' });
}
