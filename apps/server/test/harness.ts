import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createContext } from '@evident/api/context';
import type { JobWorkerOptions } from '@evident/api/jobs';
import { defaultRateLimits, type RateLimitConfig } from '@evident/api/rate-limits';
import { createCaller } from '@evident/api/root';
import type { EventBus } from '@evident/core/ports/events';
import type { VideoConverter } from '@evident/core/ports/video';
import type { Role } from '@evident/core/roles';
import { type DatabaseHandle, openDatabase } from '@evident/db/client';
import { buildUser } from '@evident/db/testing/factories';
import type { DestinationStream } from 'pino';
import postgres from 'postgres';
import { type AppOptions, buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createPino, toLogger } from '../src/logger';
import { securityHeadersFor } from '../src/security-headers';
import { createServices, type ServerServices } from '../src/services';
import { pgliteTemplate, postgresTemplate } from './database-template';

/**
 * A database with no migrations run (for tests that migrate step by step, as an upgrade would), on
 * PGlite or, with TEST_DATABASE_URL, a fresh database on that server, dropped when closed.
 */
export async function openEmptyDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({ kind: 'pglite' });
  const name = `evident_test_empty_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), maxConnections: 2 });
  return {
    ...handle,
    async close() {
      await handle.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/**
 * A fresh, migrated database per test file: in-memory PGlite, or a new database on the PostgreSQL
 * server named by TEST_DATABASE_URL (the test command starts one), dropped again afterwards. Both are
 * copies of a migrated template (database-template.ts); `migrate()` then has nothing left to do.
 */
export async function openTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ kind: 'pglite', loadDataDir: await pgliteTemplate() });
    await handle.migrate();
    return handle;
  }
  const name = `evident_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  const template = await postgresTemplate(admin, serverUrl);
  await admin.unsafe(`create database ${name} template ${template}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), maxConnections: 4 });
  await handle.migrate();
  return {
    ...handle,
    url: url.toString(),
    async close() {
      await handle.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

const generous: RateLimitConfig = Object.fromEntries(
  Object.keys(defaultRateLimits).map((name) => [name, { points: 10_000, durationSeconds: 60 }]),
) as RateLimitConfig;

export type TestEnv = Awaited<ReturnType<typeof createTestEnv>>;

export async function createTestEnv(
  options: {
    rateLimits?: RateLimitConfig;
    env?: Record<string, string>;
    /** Receives the server's log lines (at info and up) instead of silence. */
    logDestination?: DestinationStream;
    /** A stand-in for ffmpeg, or null for no video processing; by default ffmpeg is looked for on PATH. */
    videoConverter?: VideoConverter | null;
    /** A bus standing in for the configured one (a failing one, say). */
    events?: EventBus;
    /** Another server instance on this database (PostgreSQL), instead of a fresh database. */
    database?: DatabaseHandle;
    /** The job worker's lock, retry and poll timing. */
    jobs?: JobWorkerOptions;
    /** LTI: how soon a platform's key set may be fetched again for an unknown kid. */
    lti?: { jwksCooldownMs?: number };
  } = {},
) {
  const dataDir = mkdtempSync(join(tmpdir(), 'evident-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://evident.test',
    LOG_LEVEL: 'silent',
    // No test reaches training.gov.au; one that wants a register passes a local one's address.
    TGA_BASE_URL: 'off',
    ...options.env,
  });
  const database: DatabaseHandle & { url?: string } = options.database ?? (await openTestDatabase());
  const pino = options.logDestination ? createPino('info', options.logDestination) : createPino('silent');
  const services: ServerServices = createServices(config, database, toLogger(pino), {
    rateLimits: options.rateLimits ?? generous,
    videoConverter: options.videoConverter,
    events: options.events,
    jobs: options.jobs,
    lti: options.lti,
  });
  await services.events.listening;

  /** A signed-in (or not) client that keeps its session cookie between calls, like a browser. */
  function browser(ip = '127.0.0.1', initialSessionId: string | null = null) {
    let sessionId: string | null = initialSessionId;
    const cookies: string[] = [];
    const client = {
      cookies,
      get sessionId() {
        return sessionId;
      },
      async caller() {
        // The headers a browser would send: the context gets its principal from the seam, as a request does.
        const cookie = sessionId ? `${services.sessions.cookieName}=${sessionId}` : undefined;
        const ctx = await createContext(services, {
          ip,
          authentication: services.authenticator.authenticate({ cookie }),
          setCookie(value) {
            cookies.push(value);
            const match = value.match(new RegExp(`^${services.sessions.cookieName}=([^;]*)`));
            sessionId = match?.[1] ? match[1] : null;
          },
        });
        return createCaller(ctx);
      },
    };
    return client;
  }

  let counter = 0;
  /** Creates a person directly in the database and returns a browser signed in as them. */
  /** Assessors come approved unless `approved: false` (a self-registered one still waiting). */
  async function signedIn(
    role: Role,
    overrides: { email?: string; firstName?: string; lastName?: string; approved?: boolean } = {},
  ) {
    counter += 1;
    const email = overrides.email ?? `${role}${counter}@example.com`;
    const password = 'correct horse battery';
    const user = await buildUser(database.db, {
      firstName: overrides.firstName ?? `${role[0]?.toUpperCase()}${role.slice(1)}`,
      lastName: overrides.lastName ?? `Person${counter}`,
      email,
      role,
      // As self-registration leaves them: an administrator has not approved the assessor yet.
      approved: false,
      passwordHash: await services.passwords.hash(password),
      approvedAt: role === 'assessor' && overrides.approved !== false ? new Date() : null,
    });
    const client = browser();
    await (await client.caller()).auth.session.login({ email, password });
    return Object.assign(client, { user, password });
  }

  /** A browser holding a brand-new session for this user, without spending a password hash. */
  async function sessionFor(userId: string) {
    const { session } = await services.sessions.create(userId);
    return browser('127.0.0.1', session.sessionId);
  }

  async function app(extra: Partial<Omit<AppOptions, 'services' | 'databaseKind' | 'logger'>> = {}) {
    return buildApp({
      services,
      databaseKind: database.kind,
      logger: pino,
      trustProxy: config.trustProxy,
      securityHeaders: securityHeadersFor(config),
      slowClients: config.slowClients,
      ...extra,
    });
  }

  return {
    config,
    dataDir,
    database,
    db: database.db,
    services,
    browser,
    signedIn,
    sessionFor,
    app,
    async close() {
      await services.jobs.stop();
      await database.close();
    },
  };
}
