/**
 * buildApp(config): the whole Fastify app - static files, the API, health - without listening.
 * When it gets ready it opens the database (SQLite, or PostgreSQL with DATABASE_URL, migrating it),
 * loads or creates the encryption key and sets up the mailer; closing the app closes them.
 *
 * ROLE decides what the process does: all (one machine) serves and runs jobs; api serves HTTP (the
 * SMTP intake is started by main.ts) and runs no census jobs; worker runs census jobs, the retention
 * sweeps and the outbox sender, and answers only the health checks.
 */
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { join } from 'node:path';
import type { Config } from './config';
import type { AppContext } from './routes/context';
import { createClientErrorHandler } from './http/client-errors';
import { ERROR_TEXT, errorHandler } from './http/errors';
import { CASE_REF_PURPOSE, caseRefs } from './security/case-ref';
import { CLIENT_KEY_PURPOSE, clientKeys } from './security/client-key';
import { flatQueryValidatorCompiler } from './http/query-validator';
import { createCensusService } from './cases/service';
import { ensureSampleCase } from './cases/sample';
import { createMailer } from './mail/mailer';
import { startOutboxSender } from './mail/outbox-sender';
import { createMailQueue } from './mail/queue';
import { censusCaseRoutes } from './routes/census-case';
import { registerOpenApi } from './routes/openapi';
import { startRetention } from './retention';
import { registerApi } from './routes/api';
import { caseStudyRoutes } from './routes/case-study';
import { registerHealthRoute } from './routes/health';
import { mailingListRoutes } from './routes/mailing-list';
import { originCheckRoutes } from './routes/origin-check';
import { registerStaticRoutes } from './routes/static';
import { baseHeaders } from './http/headers';
import { deriveKey, loadOrCreateMasterKey } from './security/keys';
import { createTokenSigner } from './security/tokens';
import type { DataStore } from './store/database';
import { createDiskFileStore, INCOMING_DIR } from './store/disk-files';
import { clearIncoming, secureDataDir } from './security/data-dir';
import type { FileStore } from './store/files';
import { openSqliteStore } from './store/sqlite';
import { MAX_ATTEMPTS, type JobQueue } from './jobs/queue';
import { createSqliteQueue } from './jobs/sqlite-queue';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

/**
 * The rows, the files and the job queue: PostgreSQL for all three with DATABASE_URL (the queue is
 * pg-boss), else SQLite (whose case rows are the queue) and DATA_DIR. This is the one place that
 * knows which: everything else sees DataStore, FileStore and JobQueue. pg and pg-boss are loaded
 * only then (a one-machine server does not pay ~50 ms of start-up for them).
 */
async function openStores(config: Config, fileKey: Buffer, log: FastifyBaseLogger): Promise<{ data: DataStore; files: FileStore; queue: JobQueue }> {
  if (!config.databaseUrl) {
    const data = openSqliteStore(config.dataDir);
    // One process per DATA_DIR: nothing is arriving yet, so what incoming/ holds is a crash's leftover.
    clearIncoming(join(config.dataDir, INCOMING_DIR), log);
    return { data, files: createDiskFileStore(config.dataDir, fileKey), queue: createSqliteQueue(data, { leaseMs: config.census.leaseMs, log }) };
  }
  const [{ openPostgresStore }, { createPgFileStore }, { sqlOn }, { createPgBossQueue }] = await Promise.all([
    import('./store/postgres'),
    import('./store/postgres/files'),
    import('./store/postgres/pool'),
    import('./jobs/pgboss-queue'),
  ]);
  const data = await openPostgresStore(config.databaseUrl, {
    poolSize: 10,
    // Retries beyond MAX_ATTEMPTS: the case row's attempt count fails a case that keeps dying.
    jobs: { expiryMs: config.census.jobExpiryMs, retryLimit: MAX_ATTEMPTS + 2, retryDelayMs: 2000 },
  });
  return { data, files: createPgFileStore(sqlOn(data.pool), fileKey), queue: createPgBossQueue(data.boss, data, { log }) };
}

export async function createContext(config: Config, log: FastifyBaseLogger): Promise<AppContext> {
  secureDataDir(config.dataDir, log);
  const masterKey = loadOrCreateMasterKey(config);
  const fileKey = deriveKey(masterKey, 'census-files');
  const { data, files, queue } = await openStores(config, fileKey, log);
  const ctx: AppContext = {
    config,
    data,
    files,
    jobs: queue,
    mailer: createMailer(config),
    caseStudyTokens: createTokenSigner(deriveKey(masterKey, 'case-study-token')),
    outboxSender: null,
    mail: createMailQueue(data.outbox, () => ctx.outboxSender, log),
    caseService: undefined as unknown as AppContext['caseService'],
  };
  ctx.caseService = createCensusService({
    config,
    data,
    files: ctx.files,
    queue,
    mail: ctx.mail,
    fileKey,
    pseudonymKey: deriveKey(masterKey, 'ssn-pseudonym'),
    linkKey: deriveKey(masterKey, 'census-export-link'),
    caseRef: caseRefs(deriveKey(masterKey, CASE_REF_PURPOSE)),
    clientKey: clientKeys(deriveKey(masterKey, CLIENT_KEY_PURPOSE)),
    takesJobs: config.role !== 'api',
    servesRequests: config.role !== 'worker',
    log,
  });
  // Cases stored before ids were hashed move to their hashed key before anything reads them.
  const moved = await ctx.caseService.rekeyLegacy();
  if (moved) log.info({ cases: moved }, 'census cases moved to hashed ids');
  return ctx;
}

/** Marks a plugin as not encapsulated (what fastify-plugin does), so its routes and hooks are the root's. */
function inRootContext<T extends (app: FastifyInstance) => Promise<void>>(plugin: T): T {
  (plugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
  return plugin;
}

export function buildApp(config: Config): FastifyInstance {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    disableRequestLogging: !config.logRequests,
    trustProxy: config.trustProxy,
    // Routes that take bodies set their own limit; this is the ceiling for anything else.
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    // A malformed URL or a broken body the router refuses gets our JSON error and our headers too.
    frameworkErrors: (error, req, reply) => {
      reply.headers(baseHeaders(config));
      errorHandler(error, req, reply);
    },
    // What Node itself refuses (bad request line or header, 20 KB of headers, a body cut off) too.
    clientErrorHandler: createClientErrorHandler(config),
  });

  const runsJobs = config.role !== 'api';
  let retention: { stop(): Promise<void> } | null = null;
  let ctx: AppContext | null = null;
  app.addHook('onReady', async () => {
    const c = app.ctx;
    if (runsJobs) c.outboxSender = startOutboxSender(c.data.outbox, c.mailer, app.log);
    retention = await startRetention(c, app.log, runsJobs);
    // In the background: start-up does not wait for the engine. Any role may make it (the first
    // server of a cluster to find it missing; a second one's attempt finds it there or fails harmlessly).
    void ensureSampleCase(c.caseService, config, app.log);
  });
  app.addHook('onClose', async () => {
    if (!ctx) return;
    await retention?.stop();
    await ctx.caseService.close();
    await ctx.outboxSender?.stop();
    ctx.mailer.close();
    await ctx.data.close();
  });

  const headers = baseHeaders(config);
  app.addHook('onRequest', async (_req, reply) => {
    reply.headers(headers);
  });
  app.setErrorHandler(errorHandler);
  // Route schemas check plain query strings only: a small compiler instead of Ajv (start-up time).
  app.setValidatorCompiler(flatQueryValidatorCompiler);

  // The OpenAPI generator first, so it sees every route; the others load after it, in the root
  // context (not encapsulated), exactly as if they were registered directly.
  registerOpenApi(app);
  void app.register(
    inRootContext(async (root: FastifyInstance) => {
      ctx = await createContext(config, app.log);
      root.decorate('ctx', ctx);
      registerHealthRoute(root, ctx);
      // A worker answers only the health checks (anything else: our JSON 404).
      if (config.role === 'worker') {
        root.setNotFoundHandler(async (_req, reply) => reply.code(404).send({ message: ERROR_TEXT.notFound }));
        return;
      }
      registerApi(root, ctx, [mailingListRoutes, caseStudyRoutes, censusCaseRoutes, originCheckRoutes]);
      registerStaticRoutes(root, { config });
    }),
  );
  return app;
}
