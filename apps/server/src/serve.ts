import { lanAddresses, startupBanner, startupLogFields } from './banner';
import { ConfigError, loadConfig } from './config';
import { DataLockError } from './data-lock';
import { PortTakenError } from './early-listen';
import { startServer } from './start-server';
import { allowYoungGenerationGrowth } from './start-up-memory';

/** The server process, loaded by main.ts once the heap is set up for start-up. */

try {
  const config = loadConfig(process.env);
  const { app, demo } = await startServer(config, { setUpNewDatabaseInChild: true });
  allowYoungGenerationGrowth();
  const facts = {
    publicUrl: config.publicUrl,
    defaultPublicUrl: config.publicUrlIsDefault,
    host: config.host,
    port: config.port,
    lan: lanAddresses(),
    demo,
  };
  // A person at a terminal reads a banner; a log collector gets the same facts as one JSON line.
  if (process.stdout.isTTY) console.log(startupBanner(facts));
  else app.log.info(startupLogFields(facts), `Evident is listening on ${config.publicUrl}`);
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    // `on`, not `once`: a second Ctrl-C while closing must not kill the process mid-write.
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      void app.close().then(() => process.exit(0));
    });
  }
} catch (error) {
  // Problems a person can fix get one line, not a stack trace.
  if (error instanceof ConfigError || error instanceof DataLockError || error instanceof PortTakenError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
