/**
 * The API scope (/main): CORS and the origin allow-list (403 for other origins), per-IP rate limits,
 * small JSON bodies and a JSON 404.
 * Later API routes (the census cases) register here too, so they inherit all of it.
 */
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';
import { ERROR_TEXT, HttpError } from '../http/errors';
import { corsOptions, enforceAllowedOrigin } from '../security/cors';

export const API_PREFIX = '/main';
/** Form bodies are a few hundred bytes; 16 KB is plenty. */
export const JSON_BODY_LIMIT = 16 * 1024;

export type ApiRoutes = FastifyPluginAsync<{ ctx: AppContext }>;

export function registerApi(app: FastifyInstance, ctx: AppContext, routes: ApiRoutes[]): void {
  void app.register(
    async (api) => {
      await api.register(cors, corsOptions());
      api.addHook('onRequest', enforceAllowedOrigin(ctx.config));
      // Answers to POSTs say what happened to one visitor's request: never cached.
      api.addHook('onSend', async (req, reply) => {
        if (req.method === 'POST' && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      });
      // Limits are per route (config.rateLimit), per client IP; other routes are not limited.
      await api.register(rateLimit, {
        global: false,
        errorResponseBuilder: (_req, context) => new HttpError(context.statusCode, ERROR_TEXT.tooManyRequests),
      });
      for (const r of routes) await api.register(r, { ctx });
      api.setNotFoundHandler(async (_req, reply) => reply.code(404).send({ message: ERROR_TEXT.notFound }));
    },
    { prefix: API_PREFIX },
  );
}
