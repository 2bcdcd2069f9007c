import { ConfigError, loadConfig } from './config';
import { startServer } from './start-server';

try {
  const config = loadConfig(process.env);
  const { app } = await startServer(config);
  app.log.info(`Evident is listening on ${config.publicUrl} (database: ${config.database.kind})`);
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
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
