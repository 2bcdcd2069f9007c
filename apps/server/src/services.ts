import { createTaskGenerator } from '@evident/ai/generator-factory';
import type { Logger, Services } from '@evident/api/context';
import { createRateLimits, type RateLimitConfig } from '@evident/api/rate-limits';
import { createPasswordHasher } from '@evident/auth/password';
import { createSessionStore } from '@evident/auth/sessions';
import type { DatabaseHandle } from '@evident/db/client';
import { createMailer } from '@evident/mail/mailer';
import { createTrainingRegister } from '@evident/register/register-factory';
import type { Config } from './config';

/** The one place concrete adapters are chosen and wired together. */
export function createServices(
  config: Config,
  database: DatabaseHandle,
  log: Logger,
  overrides: { rateLimits?: RateLimitConfig } = {},
): Services {
  return {
    db: database.db,
    sessions: createSessionStore(database.db, { secureCookies: config.publicUrl.startsWith('https://') }),
    passwords: createPasswordHasher(),
    mailer: createMailer({ ...config.mail, log: (line) => log.info(line) }),
    rateLimits: createRateLimits(overrides.rateLimits),
    register: createTrainingRegister(config.register),
    taskGenerator: createTaskGenerator(config.taskGeneration),
    log,
    publicUrl: config.publicUrl,
  };
}
