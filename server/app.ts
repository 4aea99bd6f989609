/**
 * buildApp(config): the whole Fastify app - static files, the API, health - without listening.
 * It opens the database (migrating it), loads or creates the encryption key and sets up the mailer;
 * closing the app closes them.
 */
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { mkdirSync } from 'node:fs';
import type { Config } from './config';
import type { AppContext } from './context';
import { errorHandler } from './http/errors';
import { flatQueryValidatorCompiler } from './http/query-validator';
import { createCensusService } from './cases/service';
import { createMailer } from './mail/mailer';
import { startOutboxSender } from './mail/outbox-sender';
import { createMailQueue } from './mail/queue';
import { censusCaseRoutes } from './routes/census-case';
import { registerOpenApi } from './routes/openapi';
import { startRetention } from './cases/retention';
import { registerApi } from './routes/api';
import { caseStudyRoutes } from './routes/case-study';
import { registerHealthRoute } from './routes/health';
import { mailingListRoutes } from './routes/mailing-list';
import { registerStaticRoutes } from './routes/static';
import { baseHeaders } from './security/headers';
import { deriveKey, loadOrCreateMasterKey } from './security/keys';
import { createTokenSigner } from './security/tokens';
import { createDiskFileStore } from './store/disk-files';
import { openSqliteStore } from './store/sqlite';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export function createContext(config: Config, log: FastifyBaseLogger): AppContext {
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const masterKey = loadOrCreateMasterKey(config);
  const data = openSqliteStore(config.dataDir);
  const fileKey = deriveKey(masterKey, 'census-files');
  const ctx: AppContext = {
    config,
    data,
    files: createDiskFileStore(config.dataDir, fileKey),
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
    mail: ctx.mail,
    fileKey,
    pseudonymKey: deriveKey(masterKey, 'ssn-pseudonym'),
    linkKey: deriveKey(masterKey, 'census-export-link'),
    log,
  });
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
  });

  const ctx = createContext(config, app.log);
  app.decorate('ctx', ctx);
  let retention: { stop(): void } | null = null;
  app.addHook('onReady', async () => {
    ctx.outboxSender = startOutboxSender(ctx.data.outbox, ctx.mailer, app.log);
    retention = startRetention(ctx, app.log);
  });
  app.addHook('onClose', async () => {
    retention?.stop();
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
      registerHealthRoute(root, ctx);
      registerApi(root, ctx, [mailingListRoutes, caseStudyRoutes, censusCaseRoutes]);
      registerStaticRoutes(root, { config });
    }),
  );
  return app;
}
