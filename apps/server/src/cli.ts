import { createPasswordHasher } from '@evident/auth/password';
import { AppError } from '@evident/core/errors';
import { openDatabase } from '@evident/db/client';
import { queueUnprocessedVideos } from '@evident/db/queries/video-jobs';
import { ConfigError, loadConfig } from './config';
import { DataLockError, lockDataDir } from './data-lock';
import { seedDemoData } from './demo-data';
import { type AdminSpec, describeEnsureAdmin, ensureAdmin, parseCreateAdminArgs } from './initial-admin';
import { createPino, toLogger } from './logger';
import { createServices } from './services';

const usage = `Usage: pnpm cli <command>
  migrate                                   apply database migrations
  create-admin --email E --password P [--first-name F] [--last-name L]
  seed-demo                                 add demo people to an empty database
  queue-videos [--retry-failed]             queue videos recorded while video processing was off
                                            (and, with the flag, those whose processing failed)`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  // Bad arguments are answered before the database is opened or migrated.
  let adminSpec: AdminSpec | undefined;
  if (command === 'create-admin') {
    const parsed = parseCreateAdminArgs(rest);
    if (!parsed.ok) {
      console.error(`create-admin: ${parsed.message}\n${usage}`);
      return 2;
    }
    adminSpec = parsed.spec;
  }
  const config = loadConfig(process.env);
  // Every command writes; against a running server's embedded database the write would be lost.
  const lock = config.database.kind === 'pglite' ? lockDataDir(config.dataDir, 'cli') : null;
  const database = await openDatabase(config.database);
  try {
    await database.migrate();
    switch (command) {
      case 'migrate':
        console.log('migrations applied');
        return 0;
      case 'create-admin': {
        if (!adminSpec) return 2;
        const result = await ensureAdmin(database.db, createPasswordHasher(), adminSpec);
        if (result.outcome === 'not-admin') {
          console.error(describeEnsureAdmin(result));
          return 1;
        }
        console.log(describeEnsureAdmin(result));
        return 0;
      }
      case 'seed-demo': {
        const services = createServices(config, database, toLogger(createPino(config.logLevel)));
        const seeded = await seedDemoData(services);
        // Thumbnails the seed queued are the server's to make; finish any begun before closing.
        await services.jobs.stop();
        console.log(
          seeded.length
            ? `seeded ${seeded.length} demo people and their units`
            : 'database not empty; nothing seeded',
        );
        return 0;
      }
      case 'queue-videos': {
        if (rest.some((arg) => arg !== '--retry-failed')) {
          console.error(usage);
          return 2;
        }
        const queued = await queueUnprocessedVideos(database.db, {
          retryFailed: rest.includes('--retry-failed'),
        });
        console.log(
          `queued ${queued} video${queued === 1 ? '' : 's'}; a server with video processing on picks them up within a minute`,
        );
        return 0;
      }
      default:
        console.error(usage);
        return 2;
    }
  } finally {
    await database.close();
    lock?.release();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof ConfigError || error instanceof AppError || error instanceof DataLockError) {
    console.error(error.message);
    process.exitCode = 1;
  } else throw error;
}
