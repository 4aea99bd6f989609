/**
 * Health checks for load balancers and orchestrators (every ROLE answers them):
 * - GET /health/live: 200 while the process runs and serves (restart it when this fails);
 * - GET /health/ready: 200 when the database answers (and, with PostgreSQL, the job queue's
 *   tables), 503 {message} otherwise or while the server is shutting down (send it no traffic);
 * - GET /healthz: the original check (the database answers), kept for existing monitors.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context';
import { HttpError } from '../http/errors';
import { FORM_SCHEMAS } from './form-schemas';

export const HEALTH_TEXT = {
  notReady: 'This server cannot reach its database or job queue right now.',
  closing: 'This server is shutting down.',
  limitsLocal: 'Redis is unreachable: rate limits count in this process until it is back.',
} as const;

export function registerHealthRoute(app: FastifyInstance, ctx: AppContext): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });

  app.get('/healthz', { schema: FORM_SCHEMAS.health }, async (_req, reply) => {
    await ctx.data.ping();
    reply.header('cache-control', 'no-store');
    return { ok: true };
  });

  app.get('/health/live', { schema: FORM_SCHEMAS.healthLive }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return { ok: true };
  });

  app.get('/health/ready', { schema: FORM_SCHEMAS.healthReady }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    if (closing) throw new HttpError(503, HEALTH_TEXT.closing);
    try {
      await ctx.data.ping();
      await ctx.jobs.ready();
    } catch {
      throw new HttpError(503, HEALTH_TEXT.notReady);
    }
    // Redis away does not make the server unready (the limits count here meanwhile; a 503 would take
    // every instance out of rotation for it), but readiness says so.
    if (ctx.limits?.mode() === 'local') return { ok: true, rateLimits: HEALTH_TEXT.limitsLocal };
    return { ok: true };
  });
}
