import { ConfigError, loadConfig } from './config';
import { startServer } from './start-server';

try {
  const config = loadConfig(process.env);
  const { app } = await startServer(config);
  app.log.info(`Evident is listening on ${config.publicUrl} (database: ${config.database.kind})`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
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
