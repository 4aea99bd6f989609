/** GET /healthz -> {ok: true} once the database answers. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { FORM_SCHEMAS } from './form-schemas';

export function registerHealthRoute(app: FastifyInstance, ctx: AppContext): void {
  app.get('/healthz', { schema: FORM_SCHEMAS.health }, async (_req, reply) => {
    await ctx.data.ping();
    reply.header('cache-control', 'no-store');
    return { ok: true };
  });
}
