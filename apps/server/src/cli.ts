import { parseArgs } from 'node:util';
import { createPasswordHasher } from '@evident/auth/password';
import { AppError } from '@evident/core/errors';
import { openDatabase } from '@evident/db/client';
import { ConfigError, loadConfig } from './config';
import { seedDemoData } from './demo-data';
import { ensureAdmin } from './initial-admin';
import { createPino, toLogger } from './logger';
import { createServices } from './services';

const usage = `Usage: pnpm cli <command>
  migrate                                   apply database migrations
  create-admin --email E --password P [--first-name F] [--last-name L]
  seed-demo                                 add demo people to an empty database`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const config = loadConfig(process.env);
  const database = await openDatabase(config.database);
  try {
    await database.migrate();
    switch (command) {
      case 'migrate':
        console.log('migrations applied');
        return 0;
      case 'create-admin': {
        const { values } = parseArgs({
          args: rest,
          options: {
            email: { type: 'string' },
            password: { type: 'string' },
            'first-name': { type: 'string' },
            'last-name': { type: 'string' },
          },
        });
        if (!values.email || !values.password || values.password.length < 8) {
          console.error('create-admin needs --email and a --password of at least 8 characters');
          return 2;
        }
        const result = await ensureAdmin(database.db, createPasswordHasher(), {
          email: values.email,
          password: values.password,
          firstName: values['first-name'],
          lastName: values['last-name'],
        });
        console.log(result.created ? `created admin ${result.email}` : `${result.email} is already an admin`);
        return 0;
      }
      case 'seed-demo': {
        const services = createServices(config, database, toLogger(createPino(config.logLevel)));
        const seeded = await seedDemoData(services);
        console.log(
          seeded.length
            ? `seeded ${seeded.length} demo people and their units`
            : 'database not empty; nothing seeded',
        );
        return 0;
      }
      default:
        console.error(usage);
        return 2;
    }
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof ConfigError || error instanceof AppError) {
    console.error(error.message);
    process.exitCode = 1;
  } else throw error;
}
