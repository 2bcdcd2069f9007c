import { createPasswordHasher } from '@evident/auth/password';
import { AppError } from '@evident/core/errors';
import { openDatabase } from '@evident/db/client';
import { upsertLtiPlatform } from '@evident/db/queries/lti-platforms';
import { addToolKey } from '@evident/db/queries/lti-tool-keys';
import { queueUnprocessedVideos } from '@evident/db/queries/video-jobs';
import { generateToolKey } from '@evident/lti/keys';
import { runVerifyPack } from './audit-pack/verify-pack';
import { ConfigError, loadConfig } from './config';
import { DataLockError, lockDataDir } from './data-lock';
import { seedDemoData } from './demo-data';
import { type AdminSpec, describeEnsureAdmin, ensureAdmin, parseCreateAdminArgs } from './initial-admin';
import { createPino, toLogger } from './logger';
import { queueKeyCleanups } from './lti/lti-key-cleanup-job';
import { keyOverlapMs } from './lti/lti-tool';
import { type LtiPlatformInput, parsePlatformArgs } from './lti/platform-schema';
import { createServices, createStorage } from './services';
import { formatVerifyReport, parseVerifyArgs, verifyEvidence, verifyExitCode } from './verify-evidence';

const usage = `Usage: pnpm cli <command>
  migrate                                   apply database migrations
  create-admin --email E --password P [--first-name F] [--last-name L]
  seed-demo                                 add demo people to an empty database
  queue-videos [--retry-failed]             queue videos recorded while video processing was off
                                            (and, with the flag, those whose processing failed)
  lti-add-platform --issuer I --client-id C --deployment-id D [--deployment-id D2 ...]
                   --auth-url U --token-url U --jwks-url U [--trust-teaching-roles]
                                            register (or update) an LTI 1.3 platform; with the
                                            flag, teachers it launches start approved
  lti-rotate-key                            a new LTI signing key; the old one stays published a day,
                                            then is deleted a day later
  verify-evidence [--record-missing]        re-read every evidence file and check its SHA-256; lists
                                            files changed or missing (exit 1 when any), and those
                                            recorded before hashing; with the flag, records their
                                            hash now, marked as recorded later
  verify-pack FILE.zip                      check every file of an audit pack against the SHA-256
                                            its manifest lists (exit 1 on any mismatch); needs no
                                            database`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  // Reads only the zip: an auditor can check a pack without the server's data.
  if (command === 'verify-pack') return runVerifyPack(rest);
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
  let platform: LtiPlatformInput | undefined;
  if (command === 'lti-add-platform') {
    const parsed = parsePlatformArgs(rest);
    if (!parsed.ok) {
      console.error(`lti-add-platform: ${parsed.message}\n${usage}`);
      return 2;
    }
    platform = parsed.platform;
  }
  let recordMissing = false;
  if (command === 'verify-evidence') {
    const parsed = parseVerifyArgs(rest);
    if (!parsed.ok) {
      console.error(`verify-evidence: ${parsed.message}\n${usage}`);
      return 2;
    }
    recordMissing = parsed.recordMissing;
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
      case 'lti-add-platform': {
        if (!platform) return 2;
        const row = await upsertLtiPlatform(database.db, platform);
        console.log(
          `LTI platform ${row.issuer} (client ${row.clientId}) registered with deployments ${row.deploymentIds.join(', ') || '(none)'}`,
        );
        return 0;
      }
      case 'lti-rotate-key': {
        if (!config.lti.secret) {
          console.error('lti-rotate-key: set LTI_PRIVATE_KEY (the key that seals the tool keys) first');
          return 1;
        }
        const key = await generateToolKey(config.lti.secret);
        await addToolKey(database.db, key, new Date(Date.now() + keyOverlapMs));
        // A running server's worker deletes the old key once it has been retired a day.
        await queueKeyCleanups(database.db);
        console.log(`new LTI signing key ${key.kid}; the previous one stays published for a day`);
        return 0;
      }
      case 'verify-evidence': {
        // Silent: its only message is about signing links for other instances, which reading needs not.
        const storage = createStorage(config, toLogger(createPino('silent')));
        const report = await verifyEvidence({ db: database.db, storage }, { recordMissing });
        console.log(formatVerifyReport(report));
        return verifyExitCode(report);
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
