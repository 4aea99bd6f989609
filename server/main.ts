/**
 * Starts the server: configuration from the environment, listen, and a graceful shutdown on
 * SIGINT/SIGTERM: the SMTP intake stops, /health/ready answers 503, census jobs stop being taken and
 * running ones get DRAIN_MS to finish (the rest are handed back to the queue, for another worker),
 * in-flight requests finish, then the connections close.
 */
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { startIntake, type Intake } from './intake/smtp-intake';

const SHUTDOWN_TIMEOUT_MS = 10_000;
/** Inside the shutdown timeout: running census jobs may finish for this long before being handed back. */
const DRAIN_MS = 7_000;

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
    await app.ctx?.caseService.runner.close(DRAIN_MS);
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
  const store = config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.dataDir}`;
  app.log.info(`benefold: ${config.role === 'worker' ? 'census worker' : `serving ${config.publicUrl}`} (ROLE=${config.role}, listening on ${config.host}:${config.port}, data: ${store})`);
} catch (err) {
  app.log.error({ err }, 'could not start');
  await app.close().catch(() => {});
  process.exit(1);
}

// Census by e-mail (not in a worker). A port already taken is logged, not fatal: the web tool keeps working.
if (config.smtpIntake && config.role !== 'worker') {
  try {
    intake = await startIntake(app.ctx, app.log, config.smtpIntake);
    app.log.info(`benefold: census intake (SMTP) on ${config.smtpIntake.host}:${intake.port}`);
  } catch (err) {
    app.log.error({ err }, `census intake could not listen on port ${config.smtpIntake.port}; census by e-mail is off`);
  }
}
