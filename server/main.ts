/**
 * Starts the server: configuration from the environment, listen, and a graceful shutdown on
 * SIGINT/SIGTERM (in-flight requests finish, the database is closed).
 */
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

const SHUTDOWN_TIMEOUT_MS = 10_000;

let config;
try {
  config = loadConfig(process.env);
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(`benefold: configuration error: ${err.message}`);
    process.exit(1);
  }
  throw err;
}

const app = buildApp(config);

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info(`${signal} received, closing`);
  const timer = setTimeout(() => {
    app.log.error('shutdown timed out, exiting');
    process.exit(1);
  }, SHUTDOWN_TIMEOUT_MS);
  timer.unref();
  try {
    await app.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'error while closing');
    process.exit(1);
  }
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`benefold: serving ${config.publicUrl} (listening on ${config.host}:${config.port}, data in ${config.dataDir})`);
} catch (err) {
  app.log.error({ err }, 'could not start');
  await app.close().catch(() => {});
  process.exit(1);
}
