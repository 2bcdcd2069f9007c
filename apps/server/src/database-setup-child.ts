// The child process of setUpInChildProcess (database-setup.ts): creates, migrates and seeds a new
// embedded database, then exits, taking PGlite's grown WASM heap with it. Not a command for people:
// it takes no lock, because the server that starts it holds the data folder's.
import { openDatabase } from '@evident/db/client';
import { loadConfig } from './config';
import { setUpData } from './database-setup';
import { createPino, terminalDestination, toLogger } from './logger';
import { createServices } from './services';

const config = loadConfig(process.env);
const log = toLogger(createPino(config.logLevel, await terminalDestination()));
const database = await openDatabase(config.database);
try {
  await database.migrate();
  const services = createServices(config, database, log);
  await services.events.listening;
  await setUpData(config, services, log);
  // The demo photos' thumbnails (jobs queued by the seed) are made here too, not by the server that
  // opens the database next.
  services.jobs.wake();
  await services.jobs.idle();
  await services.jobs.stop();
} finally {
  await database.close();
}
