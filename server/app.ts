/**
 * buildApp(config): the whole Fastify app - static files, the API, health - without listening.
 * It opens the database (migrating it), loads or creates the encryption key and sets up the mailer;
 * closing the app closes them.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { mkdirSync } from 'node:fs';
import type { Config } from './config';
import type { AppContext } from './context';
import { errorHandler } from './http/errors';
import { createMailer } from './mail/mailer';
import { registerApi } from './routes/api';
import { caseStudyRoutes } from './routes/case-study';
import { registerHealthRoute } from './routes/health';
import { mailingListRoutes } from './routes/mailing-list';
import { registerStaticRoutes } from './routes/static';
import { baseHeaders } from './security/headers';
import { deriveKey, loadOrCreateMasterKey } from './security/keys';
import { createTokenSigner } from './security/tokens';
import { createCaseStudyRequestStore } from './store/case-study-requests';
import { openDb } from './store/db';
import { createMailingListStore } from './store/mailing-list';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export function createContext(config: Config): AppContext {
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const masterKey = loadOrCreateMasterKey(config);
  const db = openDb(config.dataDir);
  return {
    config,
    db,
    mailingList: createMailingListStore(db),
    caseStudyRequests: createCaseStudyRequestStore(db),
    mailer: createMailer(config),
    caseStudyTokens: createTokenSigner(deriveKey(masterKey, 'case-study-token')),
  };
}

export function buildApp(config: Config): FastifyInstance {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    disableRequestLogging: !config.logRequests,
    trustProxy: config.trustProxy,
    // Routes that take bodies set their own limit; this is the ceiling for anything else.
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
  });

  const ctx = createContext(config);
  app.decorate('ctx', ctx);
  app.addHook('onClose', async () => {
    ctx.mailer.close();
    ctx.db.close();
  });

  const headers = baseHeaders(config);
  app.addHook('onRequest', async (_req, reply) => {
    reply.headers(headers);
  });
  app.setErrorHandler(errorHandler);

  registerHealthRoute(app, ctx);
  registerApi(app, ctx, [mailingListRoutes, caseStudyRoutes]);
  registerStaticRoutes(app, { config });
  return app;
}
