/**
 * The API scope (/main): CORS and the origin allow-list (403 for other origins), per-IP rate limits,
 * small JSON bodies and a JSON 404.
 *
 * Rate limits count in this process by default. With REDIS_URL they count in Redis (the plugin's
 * Redis store, through ioredis), so the budget is shared by every instance behind the load balancer.
 * If Redis stops answering, each process counts its own (security/rate-limit-store.ts: a 50 ms
 * command timeout, no wait at all while disconnected) rather than refusing or waiting: the limits
 * protect against abuse, they must not take the service down with them.
 * Later API routes (the census cases) register here too, so they inherit all of it.
 */
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { AppContext } from './context';
import { ERROR_TEXT, HttpError } from '../http/errors';
import { corsOptions, enforceAllowedOrigin } from '../http/cors';
import { fallbackLimitStore, LIMIT_REDIS_OPTIONS } from '../security/rate-limit-store';

export const API_PREFIX = '/main';
/** Form bodies are a few hundred bytes; 16 KB is plenty. */
export const JSON_BODY_LIMIT = 16 * 1024;

export type ApiRoutes = FastifyPluginAsync<{ ctx: AppContext }>;

/** The Redis key prefix of the shared rate limits (the same on every instance). */
export const RATE_LIMIT_NAMESPACE = 'benefold-rate-limit:';

/** ioredis is loaded only with REDIS_URL (a one-machine server does not pay its start-up). */
async function sharedLimitStore(url: string): Promise<Redis> {
  // The default export is the class both under Node's CommonJS interop and in the bundle (a named
  // import came out undefined in the esbuild bundle).
  const { default: Redis } = await import('ioredis');
  // Fail fast when Redis is away (security/rate-limit-store.ts counts here then), and keep
  // reconnecting in the background.
  const redis = new Redis(url, LIMIT_REDIS_OPTIONS);
  redis.on('error', () => {});
  // Without an offline queue a command sent before the first connect fails: wait for it (a Redis
  // that is away at start costs the start at most the connect timeout; the limits count here then).
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      redis.off('error', done);
      resolve();
    };
    const timer = setTimeout(done, LIMIT_REDIS_OPTIONS.connectTimeout);
    redis.once('ready', done);
    redis.once('error', done);
  });
  return redis;
}

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
      const redis = ctx.config.redisUrl ? await sharedLimitStore(ctx.config.redisUrl) : null;
      if (redis) api.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
      const fallback = redis ? fallbackLimitStore(redis, RATE_LIMIT_NAMESPACE, app.log) : null;
      if (fallback) ctx.limits = fallback.state;
      await api.register(rateLimit, {
        global: false,
        ...(fallback ? { store: fallback.Store as never, skipOnError: true } : {}),
        errorResponseBuilder: (_req, context) => new HttpError(context.statusCode, ERROR_TEXT.tooManyRequests),
      });
      for (const r of routes) await api.register(r, { ctx });
      api.setNotFoundHandler(async (_req, reply) => reply.code(404).send({ message: ERROR_TEXT.notFound }));
    },
    { prefix: API_PREFIX },
  );
}
