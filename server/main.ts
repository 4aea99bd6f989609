/**
 * Starts the server: configuration from the environment, listen, and a graceful shutdown on
 * SIGINT/SIGTERM (in-flight requests finish, the database is closed).
 */
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { startIntake, type Intake } from './mail/intake';

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
let intake: Intake | null = null;

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
    await intake?.close();
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

// Census by e-mail. A port already taken is logged, not fatal: the web tool keeps working.
if (config.smtpIntake) {
  try {
    intake = await startIntake(app.ctx, app.log, config.smtpIntake);
    app.log.info(`benefold: census intake (SMTP) on ${config.smtpIntake.host}:${intake.port}`);
  } catch (err) {
    app.log.error({ err }, `census intake could not listen on port ${config.smtpIntake.port}; census by e-mail is off`);
  }
}
