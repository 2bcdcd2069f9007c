import { openDatabase } from '@evident/db/client';
import { buildApp } from './app';
import type { Config } from './config';
import { seedDemoData } from './demo-data';
import { ensureInitialAdmin } from './initial-admin';
import { createPino, toLogger } from './logger';
import { createServices } from './services';
import { startUploadSweep } from './upload-sweep';

/** Opens the database, migrates, seeds when asked, and listens. Used by main.ts and the e2e/bench harness. */
export async function startServer(config: Config) {
  const pino = createPino(config.logLevel);
  const log = toLogger(pino);
  const database = await openDatabase(config.database);
  await database.migrate();
  const services = createServices(config, database, log);
  await services.events.listening;

  if (config.initialAdmin) {
    await ensureInitialAdmin(database.db, services.passwords, config.initialAdmin, log);
  }
  if (config.seedDemo) {
    const seeded = await seedDemoData(services);
    if (seeded.length > 0) {
      log.info(
        `seeded demo data; sign in with any of (password "${seeded[0]?.password}"):\n${seeded.map((s) => `  ${s.role.padEnd(9)} ${s.email}`).join('\n')}`,
      );
    }
  }

  const app = await buildApp({
    services,
    databaseKind: database.kind,
    webDistDir: config.webDistDir,
    trustProxy: config.trustProxy,
    logger: pino,
  });
  const sweep = startUploadSweep(services, {
    intervalMs: config.files.sweepIntervalMs,
    staleUploadAgeMs:
      Math.max(config.files.uploadUrlTtlMs, config.files.videoUploadUrlTtlMs) + 60 * 60 * 1000,
  });
  app.addHook('preClose', () => sweep.stop());
  // Videos queued before a restart (or by a server that stopped) are picked up now.
  services.evidence.videos?.wake();
  app.addHook('preClose', async () => {
    await services.evidence.videos?.stop();
  });
  app.addHook('onClose', () => database.close());
  await app.listen({ port: config.port, host: config.host });
  return { app, database, services };
}
